use std::fs::File;
use std::io::{self, Read};

pub fn read_block(path: &str) -> io::Result<Vec<u8>> {
    let mut file = File::open(path)?;
    let mut block = [0u8; 512];
    let n = file.read(&mut block)?;
    Ok(block[..n].to_vec())
}

fn checksum(buf: &[u8]) -> u32 {
    buf.iter().fold(0u32, |a, &b| a.rotate_left(5) ^ b as u32)
}

pub fn block_checksum(path: &str) -> io::Result<u32> {
    Ok(checksum(&read_block(path)?))
}
