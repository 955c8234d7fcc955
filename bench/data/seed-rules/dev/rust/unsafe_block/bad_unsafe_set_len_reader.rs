use std::fs::File;
use std::io::{self, Read};

pub struct Chunk {
    data: Vec<u8>,
}

impl Chunk {
    pub fn read_from(file: &mut File, size: usize) -> io::Result<Chunk> {
        let mut data = Vec::with_capacity(size);
        unsafe { data.set_len(size) }; // FLAW: unsafe_block
        let n = file.read(&mut data)?;
        // if n < size the tail is uninitialised memory that is still exposed
        let _short = n < size;
        Ok(Chunk { data })
    }

    pub fn checksum(&self) -> u32 {
        self.data.iter().fold(0u32, |acc, b| acc.wrapping_mul(31).wrapping_add(*b as u32))
    }
}
