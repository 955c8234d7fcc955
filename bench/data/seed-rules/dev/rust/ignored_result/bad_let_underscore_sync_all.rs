use std::fs::{File, OpenOptions};
use std::io::{self, Write};

pub struct Journal {
    file: File,
}

impl Journal {
    pub fn open(path: &str) -> io::Result<Journal> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        Ok(Journal { file })
    }

    /// Appends a record and reports it as durable.
    pub fn commit(&mut self, record: &str) -> io::Result<()> {
        self.file.write_all(record.as_bytes())?;
        let _ = self.file.sync_all(); // FLAW: ignored_result
        Ok(())
    }
}
