use std::io::{self, Read};
use std::net::TcpStream;

pub fn read_greeting(stream: &mut TcpStream) -> io::Result<String> {
    let mut buf = [0u8; 256];
    let n = stream.read(&mut buf)?;
    match std::str::from_utf8(&buf[..n]) {
        Ok(text) => Ok(text.trim_end().to_string()),
        Err(e) => Err(io::Error::new(io::ErrorKind::InvalidData, e)),
    }
}
