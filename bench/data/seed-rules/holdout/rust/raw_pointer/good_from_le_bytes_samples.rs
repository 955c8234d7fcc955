use std::fs;
use std::io;

fn main() -> io::Result<()> {
    let bytes = fs::read("samples.bin")?;
    let Some(field) = bytes.get(1..9) else {
        return Ok(());
    };
    let mut raw = [0u8; 8];
    raw.copy_from_slice(field);
    println!("first sample {}", u64::from_le_bytes(raw));
    Ok(())
}
