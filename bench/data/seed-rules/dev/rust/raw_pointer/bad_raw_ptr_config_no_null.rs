#[repr(C)]
pub struct Config {
    pub port: u16,
    pub verbose: bool,
}

/// Reads the port from a config handle owned elsewhere; the handle may be null.
pub fn config_port(cfg: *const Config) -> u16 {
    unsafe { (*cfg).port } // FLAW: raw_pointer
}

pub fn set_verbose(cfg: *mut Config, on: bool) {
    unsafe { (*cfg).verbose = on } // FLAW: raw_pointer
}
