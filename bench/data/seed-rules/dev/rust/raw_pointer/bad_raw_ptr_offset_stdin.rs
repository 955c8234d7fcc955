use std::io::{self, Read};

fn main() -> io::Result<()> {
    let table = [1u16, 2, 4, 8, 16, 32, 64, 128];
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let off: isize = input.trim().parse().unwrap_or(0);
    let base = table.as_ptr();
    let value = unsafe { *base.offset(off) }; // FLAW: raw_pointer
    println!("{}", value);
    Ok(())
}
