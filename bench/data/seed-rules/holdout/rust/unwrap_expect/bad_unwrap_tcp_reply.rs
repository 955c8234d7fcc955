use std::io::{Read, Write};
use std::net::TcpStream;

pub struct Client {
    addr: String,
}

impl Client {
    pub fn new(addr: &str) -> Self {
        Client { addr: addr.to_string() }
    }

    pub fn ping(&self) -> String {
        let mut s = TcpStream::connect(&self.addr).unwrap(); // FLAW: unwrap_expect
        s.write_all(b"PING\r\n").unwrap(); // FLAW: unwrap_expect
        let mut buf = [0u8; 64];
        let n = s.read(&mut buf).unwrap(); // FLAW: unwrap_expect
        String::from_utf8(buf[..n].to_vec()).unwrap() // FLAW: unwrap_expect
    }
}
