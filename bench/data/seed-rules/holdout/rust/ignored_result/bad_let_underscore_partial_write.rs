use std::io::{self, Read, Write};
use std::net::TcpStream;

pub fn send_command(stream: &mut TcpStream, cmd: &[u8]) -> io::Result<Vec<u8>> {
    // write may send only part of `cmd`; the count is thrown away
    let _ = stream.write(cmd); // FLAW: ignored_result
    let mut reply = Vec::new();
    let mut buf = [0u8; 512];
    let n = stream.read(&mut buf)?;
    reply.extend_from_slice(&buf[..n]);
    Ok(reply)
}
