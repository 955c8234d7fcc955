use std::mem;

pub struct RawBuf {
    pub ptr: *mut u8,
    pub len: usize,
}

/// Hands a buffer to C code; nothing ever rebuilds and frees the Vec.
pub fn into_raw_buf(mut v: Vec<u8>) -> RawBuf {
    v.shrink_to_fit();
    let buf = RawBuf { ptr: v.as_mut_ptr(), len: v.len() };
    mem::forget(v); // FLAW: mem_forget
    buf
}

pub fn encode_all(msgs: &[&str]) -> Vec<RawBuf> {
    msgs.iter().map(|m| into_raw_buf(m.as_bytes().to_vec())).collect()
}
