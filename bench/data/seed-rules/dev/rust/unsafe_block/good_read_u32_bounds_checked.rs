/// Reads a little-endian u32 field at `off`, or None if out of range.
pub fn read_u32_at(buf: &[u8], off: usize) -> Option<u32> {
    let end = off.checked_add(4)?;
    let field = buf.get(off..end)?;
    let mut raw = [0u8; 4];
    raw.copy_from_slice(field);
    Some(u32::from_le_bytes(raw))
}

pub fn record_len(header: &[u8]) -> Option<u32> {
    read_u32_at(header, 12)
}
