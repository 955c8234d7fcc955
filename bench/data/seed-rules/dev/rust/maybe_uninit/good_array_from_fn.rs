use std::io::{self, BufRead};

fn main() -> io::Result<()> {
    let mut lines = Vec::new();
    for line in io::stdin().lock().lines().take(8) {
        lines.push(line?);
    }
    let names: [String; 8] = std::array::from_fn(|i| lines.get(i).cloned().unwrap_or_default());
    for n in names.iter().filter(|n| !n.is_empty()) {
        println!("{}", n);
    }
    Ok(())
}
