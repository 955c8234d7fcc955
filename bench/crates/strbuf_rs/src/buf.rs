use std::ptr;

#[repr(C)]
pub struct StrBuf {
    pub data: *mut u8,
    pub len: usize,
    pub cap: usize,
}

pub static mut GROWS: u64 = 0;

pub unsafe extern "C" fn alloc_bytes(cap: usize) -> *mut u8 {
    let mut v: Vec<u8> = Vec::with_capacity(cap);
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

pub unsafe extern "C" fn free_bytes(p: *mut u8, cap: usize) {
    if !p.is_null() {
        drop(Vec::from_raw_parts(p, 0, cap));
    }
}

pub unsafe extern "C" fn sb_new(cap: usize) -> StrBuf {
    let c = unsafe { grow_cap(0, cap) };
    StrBuf {
        data: alloc_bytes(c),
        len: 0,
        cap: c,
    }
}

pub unsafe extern "C" fn grow_cap(cur: usize, need: usize) -> usize {
    unsafe {
        let mut c = if cur == 0 { 8 } else { cur };
        while c < need {
            c *= 2;
        }
        c
    }
}

pub unsafe extern "C" fn sb_reserve(sb: *mut StrBuf, extra: usize) {
    let need = (*sb).len + extra;
    if need <= (*sb).cap {
        return;
    }
    let new_cap = grow_cap((*sb).cap, need);
    let p = alloc_bytes(new_cap);
    ptr::copy_nonoverlapping((*sb).data, p, (*sb).len);
    free_bytes((*sb).data, (*sb).cap);
    (*sb).data = p;
    (*sb).cap = new_cap;
    GROWS += 1;
}

pub unsafe extern "C" fn sb_push(sb: *mut StrBuf, b: u8) {
    sb_reserve(sb, 1);
    *(*sb).data.add((*sb).len) = b;
    (*sb).len += 1;
}

pub unsafe extern "C" fn sb_append(sb: *mut StrBuf, s: *const u8, n: usize) {
    unsafe {
        sb_reserve(sb, n);
        ptr::copy_nonoverlapping(s, (*sb).data.add((*sb).len), n);
        (*sb).len += n;
    }
}

pub unsafe extern "C" fn sb_free(sb: *mut StrBuf) {
    free_bytes((*sb).data, (*sb).cap);
    (*sb).data = ptr::null_mut();
    (*sb).len = 0;
    (*sb).cap = 0;
}

pub unsafe extern "C" fn sb_eq(a: *const StrBuf, b: *const StrBuf) -> i32 {
    if (*a).len != (*b).len {
        return 0;
    }
    let mut i: usize = 0;
    while i < (*a).len {
        if *(*a).data.add(i) != *(*b).data.add(i) {
            return 0;
        }
        i += 1;
    }
    1
}

pub unsafe extern "C" fn sb_trim(sb: *mut StrBuf) {
    let mut start: usize = 0;
    while start < (*sb).len && crate::scan::is_space(*(*sb).data.add(start)) != 0 {
        start += 1;
    }
    let mut end = (*sb).len;
    while end > start && crate::scan::is_space(*(*sb).data.add(end - 1)) != 0 {
        end -= 1;
    }
    ptr::copy((*sb).data.add(start), (*sb).data, end - start);
    (*sb).len = end - start;
}

pub unsafe extern "C" fn grows() -> u64 {
    unsafe { GROWS }
}
