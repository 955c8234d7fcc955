//! A tiny packet parser with typical Rust risks; `fixed.rs` holds the repaired versions.
pub mod fixed;

use std::mem;

/// Reads the length field of a packet header.
pub fn header_len(packet: &[u8]) -> u16 {
    // Flaw: no length check, and a raw read through an unaligned pointer.
    let p = packet.as_ptr() as *const u16;
    unsafe { *p }
}

/// Flaw: reinterprets arbitrary bytes as a float with transmute.
pub fn payload_as_f32(bytes: [u8; 4]) -> f32 {
    unsafe { mem::transmute(bytes) }
}

/// Flaw: a malformed port aborts the whole process.
pub fn parse_port(text: &str) -> u16 {
    text.trim().parse().unwrap()
}

/// Flaw: a raw pointer wrapper declared thread-safe with no argument why.
pub struct Shared(*mut u8);
unsafe impl Send for Shared {}
