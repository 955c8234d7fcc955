use std::collections::HashMap;

struct Job {
    name: String,
}

/// Jobs are owned by the map; callers only see ids, never raw pointers.
struct Scheduler {
    next_id: u64,
    pending: HashMap<u64, Box<Job>>,
}

impl Scheduler {
    fn submit(&mut self, name: &str) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.pending.insert(id, Box::new(Job { name: name.to_string() }));
        id
    }

    fn cancel(&mut self, id: u64) -> Option<String> {
        self.pending.remove(&id).map(|j| j.name)
    }

    fn run_all(&mut self) {
        for (_, job) in self.pending.drain() {
            println!("running {}", job.name);
        }
    }
}

fn main() {
    let mut s = Scheduler { next_id: 0, pending: HashMap::new() };
    let id = s.submit("backup");
    s.run_all();
    if s.cancel(id).is_none() {
        println!("job {} already ran", id);
    }
}
