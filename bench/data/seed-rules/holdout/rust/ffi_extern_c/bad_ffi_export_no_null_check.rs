#[repr(C)]
pub struct Config {
    pub port: u16,
    pub workers: u32,
}

#[no_mangle]
pub extern "C" fn config_port(cfg: *const Config) -> u16 { // FLAW: ffi_extern_c
    unsafe { (*cfg).port }
}

#[no_mangle]
pub extern "C" fn config_set_workers(cfg: *mut Config, n: u32) { // FLAW: ffi_extern_c
    unsafe { (*cfg).workers = n }
}
