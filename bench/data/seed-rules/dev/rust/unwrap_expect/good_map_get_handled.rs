use std::collections::HashMap;
use std::io::{self, BufRead};

fn main() -> io::Result<()> {
    let mut prices: HashMap<&str, u32> = HashMap::new();
    prices.insert("apple", 30);
    prices.insert("pear", 45);
    for line in io::stdin().lock().lines() {
        let line = line?;
        let item = line.trim();
        match prices.get(item) {
            Some(price) => println!("{} costs {}", item, price),
            None => println!("{} is not for sale", item),
        }
    }
    Ok(())
}
