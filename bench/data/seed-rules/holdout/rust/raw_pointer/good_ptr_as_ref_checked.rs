#[repr(C)]
pub struct Config {
    pub port: u16,
    pub verbose: bool,
}

/// Returns the port, or 0 when `cfg` is null.
///
/// # Safety
/// `cfg` must be null or point to a live, properly aligned `Config`.
pub unsafe fn config_port(cfg: *const Config) -> u16 {
    // SAFETY: the caller guarantees cfg is null or valid; as_ref handles null.
    match unsafe { cfg.as_ref() } {
        Some(c) => c.port,
        None => 0,
    }
}
