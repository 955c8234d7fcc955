use std::mem;

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Stats {
    pub packets: u64,
    pub bytes: u64,
    pub errors: u32,
    pub drops: u32,
}

pub fn empty_stats() -> Stats {
    // SAFETY: Stats is repr(C) and consists only of integers, for which the
    // all-zero bit pattern is a valid value.
    unsafe { mem::zeroed() }
}

pub fn total_bytes(samples: &[Stats]) -> u64 {
    samples.iter().fold(empty_stats().bytes, |a, s| a + s.bytes)
}
