use std::env;
use std::net::TcpListener;
use std::process;

fn main() {
    let arg = match env::args().nth(1) {
        Some(a) => a,
        None => {
            eprintln!("usage: server PORT");
            process::exit(2);
        }
    };
    let port: u16 = match arg.parse() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("invalid port {:?}: {}", arg, e);
            process::exit(2);
        }
    };
    match TcpListener::bind(("0.0.0.0", port)) {
        Ok(l) => println!("listening on {:?}", l.local_addr()),
        Err(e) => eprintln!("bind failed: {}", e),
    }
}
