use std::fs::OpenOptions;
use std::io::{self, Write};
use std::os::unix::fs::OpenOptionsExt;

fn write_private_key(path: &str, pem: &str) -> io::Result<()> {
    let mut f = OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
    f.write_all(pem.as_bytes())?;
    f.sync_all()
}

fn main() {
    match write_private_key("id_demo", "-----BEGIN KEY-----\n...\n-----END KEY-----\n") {
        Ok(()) => println!("key written"),
        Err(e) => {
            eprintln!("could not write key: {}", e);
            std::process::exit(1);
        }
    }
}
