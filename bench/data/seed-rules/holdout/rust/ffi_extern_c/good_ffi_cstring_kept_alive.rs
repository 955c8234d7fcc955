use std::ffi::CString;
use std::os::raw::{c_char, c_int};

extern "C" {
    fn puts(s: *const c_char) -> c_int;
}

pub fn print_line(msg: &str) -> i32 {
    let c = match CString::new(msg) {
        Ok(c) => c,
        Err(_) => return -1,
    };
    // SAFETY: `c` is a valid NUL-terminated string that outlives the call;
    // puts does not retain the pointer.
    unsafe { puts(c.as_ptr()) }
}
