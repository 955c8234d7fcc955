pub unsafe extern "C" fn hash_djb2(s: *const u8, n: usize) -> u64 {
    let mut h: u64 = 5381;
    let mut i: usize = 0;
    while i < n {
        h = unsafe { h.wrapping_mul(33) ^ *s.add(i) as u64 };
        i += 1;
    }
    h
}

pub unsafe extern "C" fn hash_mix(h: u64, x: u64) -> u64 {
    unsafe { h ^ x.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(31) }
}

pub unsafe extern "C" fn hash_fnv1a(s: *const u8, n: usize) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i: usize = 0;
    while i < n {
        h ^= *s.add(i) as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
        i += 1;
    }
    h
}

pub unsafe extern "C" fn bucket_of(h: u64, buckets: u64) -> u64 {
    unsafe {
        if buckets == 0 {
            0
        } else {
            h % buckets
        }
    }
}
