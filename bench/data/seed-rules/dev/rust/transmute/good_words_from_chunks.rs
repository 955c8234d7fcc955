/// Converts a byte buffer into little-endian 32-bit words; a trailing
/// partial word is zero-padded.
pub fn bytes_to_words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| {
            let mut w = [0u8; 4];
            w[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(w)
        })
        .collect()
}

pub fn checksum(bytes: &[u8]) -> u32 {
    bytes_to_words(bytes).iter().fold(0, |a, w| a ^ w)
}
