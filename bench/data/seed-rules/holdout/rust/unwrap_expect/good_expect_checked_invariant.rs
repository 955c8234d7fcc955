/// Returns the spread between the largest and smallest sample.
pub fn spread(samples: &[i64]) -> Option<i64> {
    if samples.is_empty() {
        return None;
    }
    let max = samples.iter().max().expect("non-empty: checked above");
    let min = samples.iter().min().expect("non-empty: checked above");
    Some(max - min)
}

pub fn parse_frame(buf: &[u8]) -> Option<(&[u8], &[u8])> {
    let head = buf.get(..4)?;
    let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
    let end = 4usize.checked_add(len)?;
    Some((buf.get(4..end)?, &buf[end..]))
}
