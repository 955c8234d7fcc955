use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

pub fn send_command(stream: &mut TcpStream, cmd: &[u8]) -> io::Result<Vec<u8>> {
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    stream.write_all(cmd)?;
    let mut buf = [0u8; 512];
    let n = stream.read(&mut buf)?;
    Ok(buf[..n].to_vec())
}
