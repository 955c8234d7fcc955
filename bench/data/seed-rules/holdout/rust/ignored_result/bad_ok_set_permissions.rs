use std::fs;
use std::io;
use std::os::unix::fs::PermissionsExt;

fn write_private_key(path: &str, pem: &str) -> io::Result<()> {
    fs::write(path, pem)?;
    fs::set_permissions(path, fs::Permissions::from_mode(0o600)).ok(); // FLAW: ignored_result
    Ok(())
}

fn main() -> io::Result<()> {
    write_private_key("id_demo", "-----BEGIN KEY-----\n...\n-----END KEY-----\n")?;
    println!("key written");
    Ok(())
}
