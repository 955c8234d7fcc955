use std::io::{self, BufRead, BufReader};
use std::net::TcpListener;
use std::time::Duration;

fn main() -> io::Result<()> {
    let listener = TcpListener::bind("127.0.0.1:9000")?;
    for conn in listener.incoming() {
        let conn = conn?;
        // if this fails the read below can block forever on a slow client
        conn.set_read_timeout(Some(Duration::from_secs(5))).ok(); // FLAW: ignored_result
        let mut line = String::new();
        BufReader::new(&conn).read_line(&mut line)?;
        println!("got {:?}", line.trim_end());
    }
    Ok(())
}
