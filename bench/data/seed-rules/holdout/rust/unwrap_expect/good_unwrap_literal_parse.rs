use std::net::{Ipv4Addr, SocketAddrV4};

/// Default bind address; parsing constant literals cannot fail.
pub fn default_addr() -> SocketAddrV4 {
    let ip: Ipv4Addr = "127.0.0.1".parse().unwrap();
    let port: u16 = "8080".parse().unwrap();
    SocketAddrV4::new(ip, port)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_loopback() {
        assert!(default_addr().ip().is_loopback());
    }
}
