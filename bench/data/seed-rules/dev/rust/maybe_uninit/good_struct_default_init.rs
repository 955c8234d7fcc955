use std::collections::HashMap;

#[derive(Default)]
pub struct Registry {
    pub names: Vec<String>,
    pub index: HashMap<String, usize>,
    pub generation: u64,
}

impl Registry {
    pub fn new() -> Registry {
        Registry { generation: 1, ..Default::default() }
    }

    pub fn add(&mut self, name: &str) -> usize {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), self.names.len() - 1);
        self.generation += 1;
        self.names.len() - 1
    }
}
