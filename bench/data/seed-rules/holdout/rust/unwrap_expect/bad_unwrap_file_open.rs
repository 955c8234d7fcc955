use std::fs::File;
use std::io::{BufRead, BufReader};

/// Counts non-empty lines in a user-selected file.
pub fn count_lines(path: &str) -> usize {
    let file = File::open(path).unwrap(); // FLAW: unwrap_expect
    BufReader::new(file)
        .lines()
        .map(|l| l.unwrap()) // FLAW: unwrap_expect
        .filter(|l| !l.trim().is_empty())
        .count()
}
