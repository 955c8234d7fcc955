/// Dot product of two equally long vectors; hot loop without bounds checks.
pub fn dot(a: &[f32], b: &[f32]) -> Option<f32> {
    if a.len() != b.len() {
        return None;
    }
    let mut acc = 0.0f32;
    for i in 0..a.len() {
        // SAFETY: i < a.len() by the loop bound, and b.len() == a.len() was
        // checked above, so both indices are in bounds.
        acc += unsafe { a.get_unchecked(i) * b.get_unchecked(i) };
    }
    Some(acc)
}
