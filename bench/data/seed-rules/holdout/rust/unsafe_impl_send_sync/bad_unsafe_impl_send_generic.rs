use std::marker::PhantomData;

/// A handle that carries a value of any type to a worker thread.
pub struct Envelope<T> {
    value: T,
    _marker: PhantomData<*const ()>,
}

// No `T: Send` bound: an Envelope<Rc<_>> or Envelope<&Cell<_>> becomes Send.
unsafe impl<T> Send for Envelope<T> {} // FLAW: unsafe_impl_send_sync

impl<T> Envelope<T> {
    pub fn new(value: T) -> Self {
        Envelope { value, _marker: PhantomData }
    }

    pub fn open(self) -> T {
        self.value
    }
}
