use std::fs;
use std::io;

struct Header {
    count: usize,
}

fn parse_header(bytes: &[u8]) -> Header {
    let count = bytes.first().copied().unwrap_or(0) as usize;
    Header { count }
}

fn main() -> io::Result<()> {
    let bytes = fs::read("table.bin")?;
    let hdr = parse_header(&bytes);
    // count comes from the file and may exceed the number of bytes read
    let entries = unsafe { std::slice::from_raw_parts(bytes.as_ptr().add(1), hdr.count) }; // FLAW: unsafe_block
    for e in entries {
        println!("{:02x}", e);
    }
    Ok(())
}
