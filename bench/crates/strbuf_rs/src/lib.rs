#![allow(clippy::missing_safety_doc)]

pub mod buf;
pub mod hash;
pub mod scan;
