use std::ffi::CString;
use std::os::raw::{c_char, c_void};

extern "C" {
    fn free(p: *mut c_void);
}

/// Returns a greeting string to C; the C side is told to release it with free().
#[no_mangle]
pub extern "C" fn make_greeting() -> *mut c_char {
    match CString::new("hello from rust") {
        Ok(s) => s.into_raw(),
        Err(_) => std::ptr::null_mut(),
    }
}

pub fn drop_box(b: Box<[u8; 32]>) {
    let p = Box::into_raw(b);
    unsafe { free(p as *mut c_void) } // FLAW: ffi_extern_c
}
