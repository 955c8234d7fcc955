use std::ptr::NonNull;

/// Uniquely owned heap value, like a minimal Box.
pub struct Owned<T> {
    ptr: NonNull<T>,
}

// SAFETY: Owned<T> has exclusive ownership of its allocation (no aliasing
// pointers are ever handed out except through &self/&mut self borrows), so
// moving it to another thread is sound whenever T itself is Send.
unsafe impl<T: Send> Send for Owned<T> {}

impl<T> Owned<T> {
    pub fn new(value: T) -> Self {
        Owned { ptr: NonNull::from(Box::leak(Box::new(value))) }
    }

    pub fn get(&self) -> &T {
        // SAFETY: ptr comes from Box::leak and stays valid until Drop.
        unsafe { self.ptr.as_ref() }
    }
}

impl<T> Drop for Owned<T> {
    fn drop(&mut self) {
        // SAFETY: ptr came from Box::leak in `new` and is released exactly once here.
        drop(unsafe { Box::from_raw(self.ptr.as_ptr()) });
    }
}
