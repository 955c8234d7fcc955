use std::sync::{Arc, Mutex};
use std::thread;

struct Inventory {
    items: Mutex<Vec<String>>,
}

impl Inventory {
    fn add(&self, item: &str) {
        match self.items.lock() {
            Ok(mut guard) => guard.push(item.to_string()),
            Err(_) => eprintln!("poisoned"),
        } // guard released here
    }

    fn count(&self) -> usize {
        self.items.lock().map(|g| g.len()).unwrap_or(0)
    }
}

fn main() {
    let inv = Arc::new(Inventory { items: Mutex::new(Vec::new()) });
    let a = Arc::clone(&inv);
    let t = thread::spawn(move || a.add("apple"));
    if t.join().is_err() {
        eprintln!("thread panicked");
    }
    inv.add("pear");
    println!("{} items", inv.count());
}
