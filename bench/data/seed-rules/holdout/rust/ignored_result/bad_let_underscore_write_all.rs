use std::fs::File;
use std::io::{self, Write};

/// Persists the user's new password hash.
pub fn save_hash(path: &str, hash: &str) -> io::Result<()> {
    let mut f = File::create(path)?;
    let _ = f.write_all(hash.as_bytes()); // FLAW: ignored_result
    let _ = f.write_all(b"\n"); // FLAW: ignored_result
    Ok(())
}
