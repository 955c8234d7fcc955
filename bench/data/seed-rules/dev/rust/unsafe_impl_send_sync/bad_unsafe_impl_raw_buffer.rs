use std::sync::Arc;
use std::thread;

pub struct RawBuffer {
    ptr: *mut u8,
    len: usize,
}

unsafe impl Send for RawBuffer {} // FLAW: unsafe_impl_send_sync
unsafe impl Sync for RawBuffer {} // FLAW: unsafe_impl_send_sync

impl RawBuffer {
    pub fn new(len: usize) -> RawBuffer {
        let ptr = Box::leak(vec![0u8; len].into_boxed_slice()).as_mut_ptr();
        RawBuffer { ptr, len }
    }

    /// Unsynchronised write through a shared reference.
    pub fn fill(&self, b: u8) {
        for i in 0..self.len {
            unsafe { *self.ptr.add(i) = b };
        }
    }
}

pub fn race() {
    let buf = Arc::new(RawBuffer::new(4096));
    let b2 = Arc::clone(&buf);
    let t = thread::spawn(move || b2.fill(1));
    buf.fill(2);
    if t.join().is_err() {
        eprintln!("writer panicked");
    }
}
