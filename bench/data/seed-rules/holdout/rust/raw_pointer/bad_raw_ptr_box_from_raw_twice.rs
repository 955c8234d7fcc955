struct Job {
    name: String,
}

struct Scheduler {
    pending: Vec<*mut Job>,
}

impl Scheduler {
    fn submit(&mut self, name: &str) -> *mut Job {
        let p = Box::into_raw(Box::new(Job { name: name.to_string() }));
        self.pending.push(p);
        p
    }

    fn run_all(&mut self) {
        for &p in &self.pending {
            let job = unsafe { Box::from_raw(p) }; // FLAW: raw_pointer
            println!("running {}", job.name);
        }
    }
}

fn main() {
    let mut s = Scheduler { pending: Vec::new() };
    let handle = s.submit("backup");
    s.run_all();
    let again = unsafe { Box::from_raw(handle) }; // FLAW: raw_pointer
    println!("cancelled {}", again.name);
}
