/// Reads a little-endian u32 field at `off` from a record buffer.
pub fn read_u32_at(buf: &[u8], off: usize) -> u32 {
    // no check that off + 4 <= buf.len()
    let v = unsafe { std::ptr::read_unaligned(buf.as_ptr().add(off) as *const u32) }; // FLAW: unsafe_block
    u32::from_le(v)
}

pub fn record_len(header: &[u8]) -> u32 {
    read_u32_at(header, 12)
}
