use std::io::{self, BufRead};

const NAMES: [&str; 4] = ["north", "east", "south", "west"];

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    for line in stdin.lock().lines() {
        let line = line?;
        let idx: usize = match line.trim().parse() {
            Ok(v) => v,
            Err(_) => continue,
        };
        let name = unsafe { NAMES.get_unchecked(idx) }; // FLAW: unsafe_block
        println!("{}", name);
    }
    Ok(())
}
