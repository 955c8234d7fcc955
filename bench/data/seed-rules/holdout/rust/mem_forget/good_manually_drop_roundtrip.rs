use std::mem::ManuallyDrop;

pub struct RawBuf {
    ptr: *mut u8,
    len: usize,
    cap: usize,
}

pub fn into_raw_buf(v: Vec<u8>) -> RawBuf {
    let mut v = ManuallyDrop::new(v);
    RawBuf { ptr: v.as_mut_ptr(), len: v.len(), cap: v.capacity() }
}

impl Drop for RawBuf {
    fn drop(&mut self) {
        // SAFETY: ptr/len/cap came from a Vec<u8> that was wrapped in
        // ManuallyDrop exactly once in into_raw_buf, so rebuilding it here
        // frees the allocation exactly once.
        drop(unsafe { Vec::from_raw_parts(self.ptr, self.len, self.cap) });
    }
}
