use std::io::{self, Read};
use std::net::TcpStream;

/// Reads a greeting from the peer and returns it as a String.
pub fn read_greeting(stream: &mut TcpStream) -> io::Result<String> {
    let mut buf = [0u8; 256];
    let n = stream.read(&mut buf)?;
    // peer bytes are not guaranteed to be UTF-8
    let text = unsafe { std::str::from_utf8_unchecked(&buf[..n]) }; // FLAW: unsafe_block
    Ok(text.trim_end().to_string())
}
