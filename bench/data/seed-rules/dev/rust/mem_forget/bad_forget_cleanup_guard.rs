use std::fs;
use std::path::PathBuf;

/// Removes a scratch directory containing decrypted data when dropped.
pub struct ScratchDir {
    path: PathBuf,
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        if let Err(e) = fs::remove_dir_all(&self.path) {
            eprintln!("cleanup of {} failed: {}", self.path.display(), e);
        }
    }
}

pub fn decrypt_into_scratch(path: PathBuf) -> std::io::Result<PathBuf> {
    fs::create_dir_all(&path)?;
    let guard = ScratchDir { path: path.clone() };
    fs::write(path.join("plain.txt"), b"decrypted secret")?;
    std::mem::forget(guard); // FLAW: mem_forget
    Ok(path)
}
