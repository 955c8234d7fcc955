use std::sync::{Arc, Mutex};
use std::thread;

struct Inventory {
    items: Mutex<Vec<String>>,
}

impl Inventory {
    fn add(&self, item: &str) {
        match self.items.lock() {
            Ok(mut guard) => {
                guard.push(item.to_string());
                std::mem::forget(guard); // FLAW: mem_forget
            }
            Err(_) => eprintln!("poisoned"),
        }
    }
}

fn main() {
    let inv = Arc::new(Inventory { items: Mutex::new(Vec::new()) });
    let a = Arc::clone(&inv);
    let t = thread::spawn(move || a.add("apple"));
    if t.join().is_err() {
        eprintln!("thread panicked");
    }
    inv.add("pear"); // blocks forever: the first guard was never released
}
