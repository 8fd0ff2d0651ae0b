//! Everything specific to FG&DN 1.1.
pub mod kinds;
pub mod tables;
