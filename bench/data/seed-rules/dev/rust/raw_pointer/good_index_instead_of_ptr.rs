fn main() {
    let mut scores: Vec<u32> = Vec::with_capacity(2);
    scores.push(10);
    let first_idx = 0;
    for s in 20..30 {
        scores.push(s);
    }
    if let Some(v) = scores.get(first_idx) {
        println!("first score {}", v);
    }
}
