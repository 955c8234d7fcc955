#[repr(transparent)]
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Meters(pub f64);

/// Views a slice of raw distances as typed distances without copying.
pub fn as_meters(raw: &[f64]) -> &[Meters] {
    // SAFETY: Meters is #[repr(transparent)] over f64, so [f64] and [Meters]
    // have identical layout; the lifetime and length are carried over unchanged.
    unsafe { std::mem::transmute::<&[f64], &[Meters]>(raw) }
}

pub fn longest(raw: &[f64]) -> Option<Meters> {
    as_meters(raw)
        .iter()
        .copied()
        .fold(None, |best, m| match best {
            Some(b) if b >= m => Some(b),
            _ => Some(m),
        })
}
