use std::ffi::CStr;
use std::os::raw::c_char;

/// Called from C with a user name and a data buffer.
#[no_mangle]
pub extern "C" fn record_upload(user: *const c_char, data: *const u8, len: usize) -> i32 { // FLAW: ffi_extern_c
    let name = unsafe { CStr::from_ptr(user) }; // FLAW: ffi_extern_c
    let bytes = unsafe { std::slice::from_raw_parts(data, len) }; // FLAW: ffi_extern_c
    match name.to_str() {
        Ok(n) => {
            println!("{} uploaded {} bytes", n, bytes.len());
            0
        }
        Err(_) => -1,
    }
}
