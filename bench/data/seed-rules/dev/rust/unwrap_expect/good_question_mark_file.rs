use std::fs::File;
use std::io::{self, BufRead, BufReader};

pub fn count_lines(path: &str) -> io::Result<usize> {
    let file = File::open(path)?;
    let mut count = 0;
    for line in BufReader::new(file).lines() {
        if !line?.trim().is_empty() {
            count += 1;
        }
    }
    Ok(count)
}
