pub type size_t = usize;

pub static mut LAST_ERROR: i32 = 0;

pub unsafe extern "C" fn is_continuation(b: u8) -> i32 {
    unsafe { ((b & 0xC0) == 0x80) as i32 }
}

pub unsafe extern "C" fn seq_len(lead: u8) -> i32 {
    if lead < 0x80 {
        return 1;
    }
    if (lead & 0xE0) == 0xC0 {
        return 2;
    }
    if (lead & 0xF0) == 0xE0 {
        return 3;
    }
    if (lead & 0xF8) == 0xF0 {
        return 4;
    }
    0
}

pub unsafe extern "C" fn str_len(s: *const u8) -> size_t {
    let mut n: size_t = 0;
    while *s.add(n) != 0 {
        n += 1;
    }
    n
}

pub unsafe extern "C" fn min_size(a: size_t, b: size_t) -> size_t {
    unsafe {
        if a < b {
            a
        } else {
            b
        }
    }
}

pub unsafe extern "C" fn set_error(code: i32) -> i32 {
    LAST_ERROR = code;
    -code
}

pub unsafe extern "C" fn last_error() -> i32 {
    unsafe { LAST_ERROR }
}

pub unsafe extern "C" fn is_surrogate(cp: u32) -> i32 {
    unsafe { (cp >= 0xD800 && cp <= 0xDFFF) as i32 }
}
