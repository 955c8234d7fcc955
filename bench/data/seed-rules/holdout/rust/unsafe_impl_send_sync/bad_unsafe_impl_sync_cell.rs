use std::cell::Cell;
use std::sync::Arc;
use std::thread;

pub struct HitCounter {
    hits: Cell<u64>,
}

unsafe impl Sync for HitCounter {} // FLAW: unsafe_impl_send_sync

impl HitCounter {
    pub fn hit(&self) {
        self.hits.set(self.hits.get() + 1);
    }
}

pub fn count_in_parallel() -> u64 {
    let c = Arc::new(HitCounter { hits: Cell::new(0) });
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
    c.hits.get()
}
