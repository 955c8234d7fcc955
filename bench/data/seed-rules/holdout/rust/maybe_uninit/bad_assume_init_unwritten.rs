use std::mem::MaybeUninit;

fn checksum(buf: &[u8]) -> u32 {
    buf.iter().fold(0u32, |a, &b| a.rotate_left(5) ^ b as u32)
}

fn main() {
    let buf: [u8; 64] = unsafe { MaybeUninit::uninit().assume_init() }; // FLAW: maybe_uninit
    println!("checksum {}", checksum(&buf));
}
