use crate::util::*;

pub unsafe extern "C" fn utf8_decode(s: *const u8, len: size_t, out_cp: *mut u32) -> i32 {
    if len == 0 {
        return 0;
    }
    let lead = *s;
    let n = seq_len(lead);
    if n == 0 || n as size_t > len {
        return set_error(1);
    }
    let mut cp: u32 = match n {
        1 => lead as u32,
        2 => (lead & 0x1F) as u32,
        3 => (lead & 0x0F) as u32,
        _ => (lead & 0x07) as u32,
    };
    let mut i: i32 = 1;
    while i < n {
        let b = *s.offset(i as isize);
        if is_continuation(b) == 0 {
            return set_error(2);
        }
        cp = (cp << 6) | (b & 0x3F) as u32;
        i += 1;
    }
    if is_surrogate(cp) != 0 {
        return set_error(3);
    }
    *out_cp = cp;
    n
}

pub unsafe extern "C" fn utf8_count(s: *const u8, len: size_t) -> i64 {
    let mut pos: size_t = 0;
    let mut count: i64 = 0;
    let mut cp: u32 = 0;
    while pos < len {
        let n = unsafe { utf8_decode(s.add(pos), len - pos, &mut cp) };
        if n <= 0 {
            return -1;
        }
        pos += n as size_t;
        count += 1;
    }
    count
}

pub unsafe extern "C" fn utf8_valid(s: *const u8, len: size_t) -> i32 {
    unsafe { (utf8_count(s, len) >= 0) as i32 }
}

pub unsafe extern "C" fn utf8_nth(s: *const u8, len: size_t, index: i64) -> u32 {
    let mut pos: size_t = 0;
    let mut k: i64 = 0;
    let mut cp: u32 = 0;
    while pos < len {
        let n = utf8_decode(s.add(pos), len - pos, &mut cp);
        if n <= 0 {
            return 0xFFFD;
        }
        if k == index {
            return cp;
        }
        pos += n as size_t;
        k += 1;
    }
    0xFFFD
}

pub unsafe extern "C" fn utf8_cstr_count(s: *const u8) -> i64 {
    let len = unsafe { str_len(s) };
    utf8_count(s, len)
}

pub unsafe extern "C" fn ascii_only(s: *const u8, len: size_t) -> i32 {
    let mut i: size_t = 0;
    while i < len {
        if unsafe { *s.add(i) } >= 0x80 {
            return 0;
        }
        i += 1;
    }
    1
}

pub unsafe extern "C" fn clamp_index(index: i64, count: i64) -> i64 {
    unsafe {
        if index < 0 {
            0
        } else if index >= count {
            count - 1
        } else {
            index
        }
    }
}
