//! The pure engine.
pub mod fgdn;
