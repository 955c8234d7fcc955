use std::collections::HashMap;
use std::mem::MaybeUninit;

pub struct Registry {
    pub names: Vec<String>,
    pub index: HashMap<String, usize>,
    pub generation: u64,
}

impl Registry {
    pub fn new() -> Registry {
        let mut r = MaybeUninit::<Registry>::uninit();
        let p = r.as_mut_ptr();
        unsafe {
            std::ptr::addr_of_mut!((*p).generation).write(1);
            std::ptr::addr_of_mut!((*p).names).write(Vec::new());
            // `index` is never written
            r.assume_init() // FLAW: maybe_uninit
        }
    }
}
