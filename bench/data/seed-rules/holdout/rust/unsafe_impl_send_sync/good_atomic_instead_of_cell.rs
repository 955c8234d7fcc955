use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::thread;

pub struct HitCounter {
    hits: AtomicU64,
}

impl HitCounter {
    pub fn hit(&self) {
        self.hits.fetch_add(1, Ordering::Relaxed);
    }
}

pub fn count_in_parallel() -> u64 {
    let c = Arc::new(HitCounter { hits: AtomicU64::new(0) });
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let c = Arc::clone(&c);
            thread::spawn(move || {
                for _ in 0..1000 {
                    c.hit();
                }
            })
        })
        .collect();
    for h in handles {
        if h.join().is_err() {
            return 0;
        }
    }
    c.hits.load(Ordering::Relaxed)
}
