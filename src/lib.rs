//! umpire: the umpire's console for Fear God & Dread Nought 1.1.
//!
//! `core` is the pure engine (no terminal, files, wall clock or global randomness);
//! `store` reads and writes save files; `cli` holds the headless subcommands; `tui` is the
//! dashboard.
pub mod cli;
pub mod core;
pub mod rulesets;
pub mod store;
pub mod tui;
