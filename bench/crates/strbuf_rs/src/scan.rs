pub unsafe extern "C" fn is_space(c: u8) -> i32 {
    (c == b' ' || c == b'\t' || c == b'\n' || c == b'\r') as i32
}

pub unsafe extern "C" fn is_digit(c: u8) -> i32 {
    unsafe { (c >= b'0' && c <= b'9') as i32 }
}

pub unsafe extern "C" fn count_char(s: *const u8, n: usize, c: u8) -> usize {
    let mut count: usize = 0;
    let mut i: usize = 0;
    while i < n {
        if *s.add(i) == c {
            count += 1;
        }
        i += 1;
    }
    count
}

pub unsafe extern "C" fn count_byte(p: *const u8, len: usize, b: u8) -> usize {
    let mut count: usize = 0;
    let mut i: usize = 0;
    while i < len {
        if *p.add(i) == b {
            count += 1;
        }
        i += 1;
    }
    count
}

pub unsafe extern "C" fn parse_uint(s: *const u8, n: usize, out: *mut u64) -> i32 {
    let mut v: u64 = 0;
    let mut i: usize = 0;
    if n == 0 {
        return 0;
    }
    while i < n {
        let c = *s.add(i);
        if is_digit(c) == 0 {
            return 0;
        }
        v = v * 10 + (c - b'0') as u64;
        i += 1;
    }
    *out = v;
    1
}

pub unsafe extern "C" fn count_words(s: *const u8, n: usize) -> usize {
    let mut words: usize = 0;
    let mut in_word = false;
    let mut i: usize = 0;
    while i < n {
        let space = unsafe { is_space(*s.add(i)) } != 0;
        if !space && !in_word {
            words += 1;
        }
        in_word = !space;
        i += 1;
    }
    words
}
