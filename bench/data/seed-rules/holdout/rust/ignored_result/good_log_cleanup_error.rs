use std::fs::{self, File};
use std::io::{self, Write};

/// Rotates the log; failures are reported to the caller or logged.
pub fn rotate_log(path: &str) -> io::Result<()> {
    let old = format!("{}.1", path);
    if let Err(e) = fs::rename(path, &old) {
        if e.kind() != io::ErrorKind::NotFound {
            return Err(e);
        }
    }
    let mut f = File::create(path)?;
    f.write_all(b"log rotated\n")?;
    if let Err(e) = fs::remove_file(format!("{}.9", path)) {
        if e.kind() != io::ErrorKind::NotFound {
            eprintln!("warning: could not prune old log: {}", e);
        }
    }
    Ok(())
}
