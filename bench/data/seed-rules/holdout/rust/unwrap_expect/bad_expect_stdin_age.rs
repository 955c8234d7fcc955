use std::io;

fn read_age() -> u8 {
    let mut line = String::new();
    io::stdin().read_line(&mut line).expect("read failed"); // FLAW: unwrap_expect
    line.trim().parse::<u8>().expect("not a number") // FLAW: unwrap_expect
}

fn main() {
    let age = read_age();
    if age >= 18 {
        println!("adult");
    } else {
        println!("minor");
    }
}
