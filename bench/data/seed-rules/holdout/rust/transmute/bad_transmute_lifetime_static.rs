use std::collections::HashMap;

pub struct Interner {
    names: HashMap<&'static str, u32>,
}

impl Interner {
    pub fn new() -> Self {
        Interner { names: HashMap::new() }
    }

    /// Stores a borrowed name as if it lived forever.
    pub fn intern(&mut self, name: &str) -> u32 {
        let forever: &'static str = unsafe { std::mem::transmute::<&str, &'static str>(name) }; // FLAW: transmute
        let next = self.names.len() as u32;
        *self.names.entry(forever).or_insert(next)
    }
}

pub fn build() -> Interner {
    let mut i = Interner::new();
    let temp = String::from("temporary");
    i.intern(&temp);
    i // `temp` is dropped here but still referenced by the map
}
