use std::fs;
use std::io;

fn export_key(key: &[u8]) -> io::Result<String> {
    let tmp = "/tmp/export.key";
    fs::write(tmp, key)?;
    let encoded: String = key.iter().map(|b| format!("{:02x}", b)).collect();
    match fs::remove_file(tmp) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    Ok(encoded)
}

fn main() -> io::Result<()> {
    let hex = export_key(b"super secret key")?;
    println!("{}", hex);
    Ok(())
}
