use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;

static REQUESTS: AtomicU64 = AtomicU64::new(0);

fn handle_request(_id: u32) {
    REQUESTS.fetch_add(1, Ordering::Relaxed);
}

fn main() {
    let workers: Vec<_> = (0..8)
        .map(|i| thread::spawn(move || handle_request(i)))
        .collect();
    for w in workers {
        if w.join().is_err() {
            eprintln!("worker panicked");
        }
    }
    println!("handled {}", REQUESTS.load(Ordering::Relaxed));
}
