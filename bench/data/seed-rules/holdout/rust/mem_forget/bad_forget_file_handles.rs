use std::fs::File;
use std::io::{self, Read};
use std::mem;

/// Returns the first byte of every file; handles are never closed.
pub fn first_bytes(paths: &[&str]) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    for p in paths {
        let mut f = File::open(p)?;
        let mut b = [0u8; 1];
        if f.read(&mut b)? == 1 {
            out.push(b[0]);
        }
        mem::forget(f); // FLAW: mem_forget
    }
    Ok(out)
}
