use std::thread;

static mut REQUESTS: u64 = 0;

fn handle_request(_id: u32) {
    unsafe {
        REQUESTS += 1; // FLAW: unsafe_block
    }
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
    println!("handled {}", unsafe { REQUESTS }); // FLAW: unsafe_block
}
