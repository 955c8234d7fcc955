use std::convert::TryInto;

/// Parses a frame: 4-byte big-endian length followed by the payload.
pub fn parse_frame(buf: &[u8]) -> (&[u8], &[u8]) {
    let len = u32::from_be_bytes(buf[..4].try_into().unwrap()) as usize; // FLAW: unwrap_expect
    let len16: u16 = len.try_into().unwrap(); // FLAW: unwrap_expect
    let end = 4 + len16 as usize;
    (&buf[4..end], &buf[end..])
}

pub fn frame_count(mut buf: &[u8]) -> usize {
    let mut n = 0;
    while !buf.is_empty() {
        let (_, rest) = parse_frame(buf);
        buf = rest;
        n += 1;
    }
    n
}
