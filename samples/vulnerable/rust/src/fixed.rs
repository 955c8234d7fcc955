//! The repaired versions of the functions in lib.rs.

pub fn header_len(packet: &[u8]) -> Option<u16> {
    let bytes = packet.get(0..2)?;
    Some(u16::from_le_bytes([bytes[0], bytes[1]]))
}

pub fn payload_as_f32(bytes: [u8; 4]) -> f32 {
    f32::from_le_bytes(bytes)
}

pub fn parse_port(text: &str) -> Result<u16, std::num::ParseIntError> {
    text.trim().parse()
}

pub struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
