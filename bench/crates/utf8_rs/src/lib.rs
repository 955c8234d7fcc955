#![allow(non_camel_case_types, clippy::missing_safety_doc)]

pub mod decode;
pub mod encode;
pub mod util;

pub use decode::{utf8_count, utf8_decode, utf8_valid};
pub use encode::utf8_encode;
