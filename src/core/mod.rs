//! The pure engine: no terminal, no files, no wall clock, no global randomness.
pub mod carry;
pub mod clock;
pub mod command;
pub mod dice;
pub mod engine;
pub mod event;
pub mod fgdn;
pub mod fog;
pub mod game;
pub mod history;
pub mod log_view;
pub mod report;
pub mod review;
pub mod scenario;
pub mod state;
pub mod view;
pub mod words;
