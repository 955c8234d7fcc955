use std::fs::File;
use std::io::{self, Read};
use std::mem::MaybeUninit;

pub fn read_block(path: &str) -> io::Result<[u8; 512]> {
    let mut file = File::open(path)?;
    let mut block = MaybeUninit::<[u8; 512]>::uninit();
    let n = file.read(unsafe { &mut *block.as_mut_ptr() })?;
    if n == 0 {
        return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "empty"));
    }
    // a short read leaves block[n..] uninitialised
    Ok(unsafe { block.assume_init() }) // FLAW: maybe_uninit
}
