use std::cell::RefCell;
use std::collections::HashMap;
use std::thread;

struct Cache {
    map: RefCell<HashMap<u32, String>>,
}

unsafe impl Sync for Cache {} // FLAW: unsafe_impl_send_sync

static CACHE: std::sync::OnceLock<Cache> = std::sync::OnceLock::new();

fn lookup(id: u32) -> String {
    let cache = CACHE.get_or_init(|| Cache { map: RefCell::new(HashMap::new()) });
    cache
        .map
        .borrow_mut()
        .entry(id)
        .or_insert_with(|| format!("user-{}", id))
        .clone()
}

fn main() {
    let handles: Vec<_> = (0..4).map(|i| thread::spawn(move || lookup(i % 2))).collect();
    for h in handles {
        match h.join() {
            Ok(name) => println!("{}", name),
            Err(_) => eprintln!("worker panicked"),
        }
    }
}
