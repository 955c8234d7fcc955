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
        match NAMES.get(idx) {
            Some(name) => println!("{}", name),
            None => eprintln!("no direction {}", idx),
        }
    }
    Ok(())
}
