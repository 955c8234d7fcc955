use std::io::{self, Read};

struct Options {
    dry_run: bool,
    force: bool,
}

impl Options {
    fn from_bytes(b: [u8; 2]) -> Options {
        Options {
            dry_run: unsafe { std::mem::transmute::<u8, bool>(b[0]) }, // FLAW: transmute
            force: unsafe { std::mem::transmute::<u8, bool>(b[1]) }, // FLAW: transmute
        }
    }
}

fn main() -> io::Result<()> {
    let mut raw = [0u8; 2];
    io::stdin().read_exact(&mut raw)?;
    let opts = Options::from_bytes(raw);
    println!("dry_run={} force={}", opts.dry_run, opts.force);
    Ok(())
}
