use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::thread;

fn lookup(cache: &Mutex<HashMap<u32, String>>, id: u32) -> Option<String> {
    let mut map = cache.lock().ok()?;
    Some(map.entry(id).or_insert_with(|| format!("user-{}", id)).clone())
}

fn main() {
    let cache = Arc::new(Mutex::new(HashMap::new()));
    let handles: Vec<_> = (0..4)
        .map(|i| {
            let cache = Arc::clone(&cache);
            thread::spawn(move || lookup(&cache, i % 2))
        })
        .collect();
    for h in handles {
        match h.join() {
            Ok(Some(name)) => println!("{}", name),
            Ok(None) => eprintln!("cache poisoned"),
            Err(_) => eprintln!("worker panicked"),
        }
    }
}
