/// Reinterprets a byte buffer as 32-bit words.
pub fn bytes_to_words(bytes: Vec<u8>) -> Vec<u32> {
    // length, capacity and alignment are all wrong for u32
    unsafe { std::mem::transmute::<Vec<u8>, Vec<u32>>(bytes) } // FLAW: transmute
}

pub fn checksum(bytes: Vec<u8>) -> u32 {
    bytes_to_words(bytes).iter().fold(0, |a, w| a ^ w)
}

pub fn first_word(bytes: Vec<u8>) -> Option<u32> {
    bytes_to_words(bytes).first().copied()
}
