use std::fs::{self, File};
use std::io::Write;

pub fn rotate_log(path: &str) {
    let old = format!("{}.1", path);
    fs::rename(path, &old); // FLAW: ignored_result
    if let Ok(mut f) = File::create(path) {
        f.write_all(b"log rotated\n"); // FLAW: ignored_result
    }
}
