use std::fs::File;
use std::io::{self, Write};

pub fn save_hash(path: &str, hash: &str) -> io::Result<()> {
    let mut f = File::create(path)?;
    f.write_all(hash.as_bytes())?;
    f.write_all(b"\n")?;
    f.sync_all()?;
    Ok(())
}
