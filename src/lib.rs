//! umpire: the umpire's console for Fear God & Dread Nought 1.1.
//!
//! `core` is the pure engine (no terminal, files, wall clock or global randomness);
//! `rulesets` holds the rule systems beside FG&DN (Dreadnoughts & Battlewagons so far);
//! `store` reads and writes save files; `session` is a battle on disk (open, lock, replay,
//! record durably) for both faces: `cli`, the headless subcommands, and `tui`, the dashboard.
//! The dashboard imports nothing from `cli`.
pub mod cli;
pub mod core;
pub mod rulesets;
pub mod session;
pub mod store;
pub mod tui;
