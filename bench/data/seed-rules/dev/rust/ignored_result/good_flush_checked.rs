use std::fs::File;
use std::io::{self, BufWriter, Write};

pub struct Report {
    lines: Vec<String>,
}

impl Report {
    pub fn write_to(&self, path: &str) -> io::Result<()> {
        let mut w = BufWriter::new(File::create(path)?);
        for l in &self.lines {
            writeln!(w, "{}", l)?;
        }
        w.flush()?;
        Ok(())
    }
}
