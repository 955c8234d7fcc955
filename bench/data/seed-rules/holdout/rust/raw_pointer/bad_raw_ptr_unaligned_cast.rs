use std::fs;
use std::io;

fn main() -> io::Result<()> {
    let bytes = fs::read("samples.bin")?;
    if bytes.len() < 9 {
        return Ok(());
    }
    // offset 1 of a Vec<u8> is not 8-byte aligned
    let p = bytes[1..].as_ptr() as *const u64; // FLAW: raw_pointer
    let first = unsafe { *p }; // FLAW: raw_pointer
    println!("first sample {}", first);
    Ok(())
}
