pub struct Limits {
    pub max_conn: u32,
    pub max_body: u32,
}

fn default_limits() -> *const Limits {
    let l = Limits { max_conn: 64, max_body: 1 << 20 };
    &l as *const Limits // FLAW: raw_pointer
}

pub fn max_body() -> u32 {
    let p = default_limits();
    unsafe { (*p).max_body } // FLAW: raw_pointer
}
