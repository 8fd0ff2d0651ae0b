//! The pure engine: no terminal, no files, no wall clock, no global randomness.
pub mod clock;
pub mod command;
pub mod dice;
pub mod engine;
pub mod event;
pub mod fgdn;
pub mod game;
pub mod log_view;
pub mod review;
pub mod scenario;
pub mod state;
pub mod view;
