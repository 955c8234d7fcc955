use std::mem;

pub struct Route<'a> {
    pub path: &'a str,
    pub handler: fn(&str) -> String,
}

impl<'a> Route<'a> {
    /// Placeholder route used before the table is loaded.
    pub fn empty() -> Route<'a> {
        unsafe { mem::zeroed() } // FLAW: maybe_uninit
    }

    pub fn call(&self, body: &str) -> String {
        (self.handler)(body)
    }
}
