use std::fs;
use std::io;

fn export_key(key: &[u8]) -> io::Result<String> {
    let tmp = "/tmp/export.key";
    fs::write(tmp, key)?;
    let encoded: String = key.iter().map(|b| format!("{:02x}", b)).collect();
    fs::remove_file(tmp).ok(); // FLAW: ignored_result
    Ok(encoded)
}

fn main() -> io::Result<()> {
    let hex = export_key(b"super secret key")?;
    println!("{}", hex);
    Ok(())
}
