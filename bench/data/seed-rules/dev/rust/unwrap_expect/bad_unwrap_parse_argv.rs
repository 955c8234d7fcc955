use std::env;
use std::net::TcpListener;

fn main() {
    let port: u16 = env::args().nth(1).unwrap().parse().unwrap(); // FLAW: unwrap_expect
    match TcpListener::bind(("0.0.0.0", port)) {
        Ok(l) => println!("listening on {:?}", l.local_addr()),
        Err(e) => eprintln!("bind failed: {}", e),
    }
}
