fn main() {
    let mut scores: Vec<u32> = Vec::with_capacity(2);
    scores.push(10);
    let first: *const u32 = scores.as_ptr(); // FLAW: raw_pointer
    for s in 20..30 {
        scores.push(s); // may reallocate and move the buffer
    }
    let v = unsafe { *first }; // FLAW: raw_pointer
    println!("first score {}", v);
}
