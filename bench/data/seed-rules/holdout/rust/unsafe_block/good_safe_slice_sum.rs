use std::env;

fn sum_slice(data: &[i32]) -> i64 {
    data.iter().map(|&v| v as i64).sum()
}

fn main() {
    let data = vec![3, 1, 4, 1, 5, 9, 2, 6];
    let n: usize = match env::args().nth(1).map(|s| s.parse()) {
        Some(Ok(n)) => n,
        _ => data.len(),
    };
    let n = n.min(data.len());
    println!("sum = {}", sum_slice(&data[..n]));
}
