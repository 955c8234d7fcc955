use utf8_rs::*;

#[test]
fn decodes_counts_and_validates() {
    let s = "h\u{e9}llo \u{4e16}\u{754c} \u{1f600}".as_bytes();
    unsafe {
        assert_eq!(utf8_count(s.as_ptr(), s.len()), 10);
        assert_eq!(utf8_valid(s.as_ptr(), s.len()), 1);
        let bad = [0x68u8, 0xC3, 0x28];
        assert_eq!(utf8_valid(bad.as_ptr(), bad.len()), 0);
        assert_eq!(util::last_error(), 2);
        let mut cp = 0u32;
        assert_eq!(utf8_decode(s.as_ptr().add(1), s.len() - 1, &mut cp), 2);
        assert_eq!(cp, 0xE9);
        assert_eq!(decode::utf8_nth(s.as_ptr(), s.len(), 9), 0x1F600);
        assert_eq!(decode::utf8_cstr_count(b"ab\xc3\xa9\0".as_ptr()), 3);
        assert_eq!(decode::ascii_only(b"abc".as_ptr(), 3), 1);
        assert_eq!(decode::clamp_index(9, 3), 2);
    }
}

#[test]
fn encodes() {
    let cps = [0x41u32, 0xE9, 0x4E16, 0x1F600];
    let mut out = [0u8; 16];
    unsafe {
        let n = encode::encode_all(cps.as_ptr(), cps.len(), out.as_mut_ptr(), out.len());
        assert_eq!(n, 10);
        assert_eq!(&out[..n], "A\u{e9}\u{4e16}\u{1f600}".as_bytes());
        assert_eq!(encode::total_width(cps.as_ptr(), cps.len()), 10);
        let mut buf = *b"MiXed";
        encode::to_upper_ascii(buf.as_mut_ptr(), buf.len());
        assert_eq!(&buf, b"MIXED");
        assert_eq!(encode::bom_present(b"\xef\xbb\xbfx".as_ptr(), 4), 1);
        let mut one = [0u8; 4];
        assert_eq!(utf8_encode(0x20AC, one.as_mut_ptr()), 3);
        assert_eq!(util::min_size(3, 2), 2);
    }
}
