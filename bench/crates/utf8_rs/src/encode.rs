use crate::util::*;

pub unsafe extern "C" fn cp_width(cp: u32) -> i32 {
    if cp < 0x80 {
        1
    } else if cp < 0x800 {
        2
    } else if cp < 0x10000 {
        3
    } else if cp <= 0x10FFFF {
        4
    } else {
        0
    }
}

pub unsafe extern "C" fn utf8_encode(cp: u32, out: *mut u8) -> i32 {
    let w = unsafe { cp_width(cp) };
    match w {
        1 => {
            *out = cp as u8;
        }
        2 => {
            *out = (0xC0 | (cp >> 6)) as u8;
            *out.add(1) = (0x80 | (cp & 0x3F)) as u8;
        }
        3 => {
            *out = (0xE0 | (cp >> 12)) as u8;
            *out.add(1) = (0x80 | ((cp >> 6) & 0x3F)) as u8;
            *out.add(2) = (0x80 | (cp & 0x3F)) as u8;
        }
        4 => {
            *out = (0xF0 | (cp >> 18)) as u8;
            *out.add(1) = (0x80 | ((cp >> 12) & 0x3F)) as u8;
            *out.add(2) = (0x80 | ((cp >> 6) & 0x3F)) as u8;
            *out.add(3) = (0x80 | (cp & 0x3F)) as u8;
        }
        _ => {}
    }
    w
}

pub unsafe extern "C" fn encode_all(cps: *const u32, n: size_t, out: *mut u8, cap: size_t) -> size_t {
    let mut written: size_t = 0;
    let mut i: size_t = 0;
    while i < n {
        let cp = *cps.add(i);
        let w = cp_width(cp) as size_t;
        if w == 0 || written + w > cap {
            break;
        }
        unsafe {
            utf8_encode(cp, out.add(written));
        }
        written += w;
        i += 1;
    }
    written
}

pub unsafe extern "C" fn to_upper_ascii(s: *mut u8, len: size_t) {
    let mut i: size_t = 0;
    while i < len {
        let c = unsafe { *s.add(i) };
        if c >= b'a' && c <= b'z' {
            unsafe {
                *s.add(i) = c - 32;
            }
        }
        i += 1;
    }
}

pub unsafe extern "C" fn total_width(cps: *const u32, n: size_t) -> size_t {
    let mut total: size_t = 0;
    let mut i: size_t = 0;
    while i < n {
        total += unsafe { cp_width(*cps.add(i)) } as size_t;
        i += 1;
    }
    total
}

pub unsafe extern "C" fn bom_present(s: *const u8, len: size_t) -> i32 {
    unsafe { (len >= 3 && *s == 0xEF && *s.add(1) == 0xBB && *s.add(2) == 0xBF) as i32 }
}
