use std::env;
use std::time::Duration;

pub struct Settings {
    pub db_url: String,
    pub timeout: Duration,
}

pub fn settings_from_env() -> Settings {
    let db_url = env::var("DATABASE_URL").unwrap(); // FLAW: unwrap_expect
    let secs: u64 = env::var("TIMEOUT_SECS").expect("TIMEOUT_SECS").parse().expect("integer"); // FLAW: unwrap_expect
    Settings { db_url, timeout: Duration::from_secs(secs) }
}
