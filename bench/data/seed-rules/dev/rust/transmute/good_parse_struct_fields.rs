use std::io::{self, Read};
use std::net::TcpStream;

#[derive(Debug, Clone, Copy)]
pub struct Flags {
    pub admin: bool,
    pub level: u8,
    pub id: u16,
}

fn parse_bool(b: u8) -> io::Result<bool> {
    match b {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(io::Error::new(io::ErrorKind::InvalidData, "bad bool")),
    }
}

pub fn read_flags(stream: &mut TcpStream) -> io::Result<Flags> {
    let mut raw = [0u8; 4];
    stream.read_exact(&mut raw)?;
    Ok(Flags {
        admin: parse_bool(raw[0])?,
        level: raw[1],
        id: u16::from_le_bytes([raw[2], raw[3]]),
    })
}
