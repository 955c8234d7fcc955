use std::ffi::CString;
use std::os::raw::{c_char, c_int};

extern "C" { // FLAW: ffi_extern_c
    fn puts(s: *const c_char) -> c_int;
}

pub fn print_line(msg: &str) -> i32 {
    let p: *const c_char = match CString::new(msg) {
        Ok(c) => c.as_ptr(), // CString is dropped at the end of this arm
        Err(_) => return -1,
    };
    unsafe { puts(p) } // FLAW: ffi_extern_c
}
