use std::io::{self, Read};
use std::net::TcpListener;

fn main() -> io::Result<()> {
    let listener = TcpListener::bind("127.0.0.1:7070")?;
    for conn in listener.incoming() {
        let mut conn = conn?;
        let mut body = vec![0u8; 64 * 1024];
        let n = conn.read(&mut body)?;
        println!("request of {} bytes", n);
        std::mem::forget(body); // FLAW: mem_forget
        std::mem::forget(conn); // FLAW: mem_forget
    }
    Ok(())
}
