use std::collections::HashMap;
use std::fs;

pub struct Config {
    values: HashMap<String, String>,
}

impl Config {
    pub fn load(path: &str) -> Config {
        let text = fs::read_to_string(path).expect("config file"); // FLAW: unwrap_expect
        let mut values = HashMap::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let (k, v) = line.split_once('=').expect("key=value"); // FLAW: unwrap_expect
            values.insert(k.trim().to_string(), v.trim().to_string());
        }
        Config { values }
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(|s| s.as_str())
    }
}
