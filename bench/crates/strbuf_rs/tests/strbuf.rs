use strbuf_rs::buf::*;
use strbuf_rs::hash::{bucket_of, hash_djb2, hash_fnv1a, hash_mix};
use strbuf_rs::scan::{count_byte, count_char, count_words, parse_uint};

#[test]
fn buffers_grow_trim_and_compare() {
    unsafe {
        let mut a = sb_new(2);
        let text = b"  hello world  ";
        sb_append(&mut a, text.as_ptr(), text.len());
        sb_push(&mut a, b'\n');
        assert!(grows() >= 1);
        sb_trim(&mut a);
        let mut b = sb_new(0);
        sb_append(&mut b, b"hello world".as_ptr(), 11);
        assert_eq!(sb_eq(&a, &b), 1);
        assert_eq!(count_words(a.data, a.len), 2);
        assert_eq!(count_char(a.data, a.len, b'o'), 2);
        assert_eq!(count_byte(a.data, a.len, b'l'), 3);
        sb_free(&mut a);
        sb_free(&mut b);
    }
}

#[test]
fn hashes_and_parses() {
    unsafe {
        let h = hash_djb2(b"abc".as_ptr(), 3);
        assert_ne!(h, hash_djb2(b"abd".as_ptr(), 3));
        assert_eq!(hash_fnv1a(b"".as_ptr(), 0), 0xcbf2_9ce4_8422_2325);
        assert!(bucket_of(hash_mix(h, 7), 16) < 16);
        let mut v = 0u64;
        assert_eq!(parse_uint(b"12345".as_ptr(), 5, &mut v), 1);
        assert_eq!(v, 12345);
        assert_eq!(parse_uint(b"12a".as_ptr(), 3, &mut v), 0);
    }
}
