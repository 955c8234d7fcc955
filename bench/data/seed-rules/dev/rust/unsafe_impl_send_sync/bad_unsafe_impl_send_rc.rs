use std::rc::Rc;
use std::thread;

struct SharedName {
    inner: Rc<String>,
}

unsafe impl Send for SharedName {} // FLAW: unsafe_impl_send_sync

impl SharedName {
    fn len(&self) -> usize {
        let c = Rc::clone(&self.inner);
        c.len()
    }
}

fn main() {
    let a = SharedName { inner: Rc::new(String::from("cache")) };
    let b = SharedName { inner: Rc::clone(&a.inner) };
    // both threads update the non-atomic reference count of the same Rc
    let t = thread::spawn(move || b.len());
    println!("{}", a.len());
    if let Ok(n) = t.join() {
        println!("{}", n);
    }
}
