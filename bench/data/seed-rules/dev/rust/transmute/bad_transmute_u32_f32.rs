use std::mem;

/// Decodes a big-endian IEEE-754 value from a sensor frame.
pub fn decode_reading(frame: [u8; 4]) -> f32 {
    let bits = u32::from_be_bytes(frame);
    unsafe { mem::transmute::<u32, f32>(bits) } // FLAW: transmute
}

pub fn encode_reading(v: f32) -> [u8; 4] {
    let bits: u32 = unsafe { mem::transmute(v) }; // FLAW: transmute
    bits.to_be_bytes()
}
