use std::env;

/// Sums `len` integers starting at `ptr`.
fn sum_raw(ptr: *const i32, len: usize) -> i64 {
    let mut total = 0i64;
    for i in 0..len {
        total += unsafe { *ptr.add(i) } as i64; // FLAW: unsafe_block
    }
    total
}

fn main() {
    let data = vec![3, 1, 4, 1, 5, 9, 2, 6];
    // the caller picks how many elements to sum; nothing ties it to data.len()
    let n: usize = match env::args().nth(1).map(|s| s.parse()) {
        Some(Ok(n)) => n,
        _ => data.len(),
    };
    println!("sum = {}", sum_raw(data.as_ptr(), n));
}
