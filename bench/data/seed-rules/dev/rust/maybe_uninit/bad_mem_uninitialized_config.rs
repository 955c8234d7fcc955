#[derive(Debug)]
pub struct Config {
    pub name: String,
    pub retries: u32,
}

#[allow(deprecated)]
pub fn blank_config() -> Config {
    let mut cfg: Config = unsafe { std::mem::uninitialized() }; // FLAW: maybe_uninit
    cfg.retries = 3;
    cfg.name = String::from("default"); // drops the garbage String first
    cfg
}
