use std::ffi::CString;
use std::os::raw::c_char;

/// Returns an owned string; release it with `greeting_free`, not free().
#[no_mangle]
pub extern "C" fn greeting_new() -> *mut c_char {
    match CString::new("hello from rust") {
        Ok(s) => s.into_raw(),
        Err(_) => std::ptr::null_mut(),
    }
}

/// # Safety
/// `p` must be null or a pointer returned by `greeting_new` that was not freed yet.
#[no_mangle]
pub unsafe extern "C" fn greeting_free(p: *mut c_char) {
    if p.is_null() {
        return;
    }
    // SAFETY: per the contract, p came from CString::into_raw and is freed once.
    drop(unsafe { CString::from_raw(p) });
}
