use std::ffi::CStr;
use std::os::raw::c_char;

#[repr(C)]
pub struct Config {
    pub port: u16,
    pub workers: u32,
}

/// Returns the port, or 0 if `cfg` is null.
///
/// # Safety
/// `cfg` must be null or point to a valid `Config` for the duration of the call.
#[no_mangle]
pub unsafe extern "C" fn config_port(cfg: *const Config) -> u16 {
    // SAFETY: caller contract above; as_ref turns null into None.
    match unsafe { cfg.as_ref() } {
        Some(c) => c.port,
        None => 0,
    }
}

/// # Safety
/// `user` must be null or a valid NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn user_name_len(user: *const c_char) -> isize {
    if user.is_null() {
        return -1;
    }
    // SAFETY: non-null and NUL-terminated per the contract.
    let name = unsafe { CStr::from_ptr(user) };
    name.to_bytes().len() as isize
}
