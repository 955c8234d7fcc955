use std::io::{self, Read};
use std::net::TcpStream;

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Flags {
    pub admin: bool,
    pub level: u8,
    pub id: u16,
}

pub fn read_flags(stream: &mut TcpStream) -> io::Result<Flags> {
    let mut raw = [0u8; 4];
    stream.read_exact(&mut raw)?;
    // a byte other than 0/1 in raw[0] is an invalid bool
    let flags: Flags = unsafe { std::mem::transmute(raw) }; // FLAW: transmute
    Ok(flags)
}
