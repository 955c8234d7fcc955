#![allow(clippy::missing_safety_doc)]

pub mod list;
pub mod node;
pub mod stats;
