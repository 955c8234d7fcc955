use std::env;
use std::time::Duration;

pub struct Settings {
    pub db_url: String,
    pub timeout: Duration,
}

pub fn settings_from_env() -> Result<Settings, String> {
    let db_url = env::var("DATABASE_URL").map_err(|e| format!("DATABASE_URL: {}", e))?;
    let secs = match env::var("TIMEOUT_SECS") {
        Ok(v) => v.parse::<u64>().map_err(|e| format!("TIMEOUT_SECS: {}", e))?,
        Err(_) => 30,
    };
    Ok(Settings { db_url, timeout: Duration::from_secs(secs) })
}
