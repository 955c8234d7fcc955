/// Decodes a big-endian IEEE-754 value from a sensor frame.
pub fn decode_reading(frame: [u8; 4]) -> f32 {
    f32::from_bits(u32::from_be_bytes(frame))
}

pub fn encode_reading(v: f32) -> [u8; 4] {
    v.to_bits().to_be_bytes()
}

pub fn decode_all(frames: &[[u8; 4]]) -> Vec<f32> {
    frames.iter().map(|f| decode_reading(*f)).collect()
}
