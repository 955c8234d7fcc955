use std::fs::File;
use std::io::{BufWriter, Write};

pub struct Report {
    lines: Vec<String>,
}

impl Report {
    pub fn new() -> Self {
        Report { lines: Vec::new() }
    }

    pub fn add(&mut self, line: &str) {
        self.lines.push(line.to_string());
    }

    /// Returns true when the report was written.
    pub fn write_to(&self, path: &str) -> bool {
        let file = match File::create(path) {
            Ok(f) => f,
            Err(_) => return false,
        };
        let mut w = BufWriter::new(file);
        for l in &self.lines {
            let _ = writeln!(w, "{}", l); // FLAW: ignored_result
        }
        let _ = w.flush(); // FLAW: ignored_result
        true
    }
}
