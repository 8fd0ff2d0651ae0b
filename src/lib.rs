//! umpire: the umpire's console for Fear God & Dread Nought 1.1.
//!
//! `core` is the pure engine (no terminal, files, wall clock or global randomness);
//! `rulesets` holds the five rule systems (FG&DN, D&B, late19, Quickfire, A&A) and their
//! registry (`rulesets::visit`, `rulesets::Registered`); `store` reads and writes save files;
//! `session` is a battle on disk (open, lock, replay, record durably) for both faces: `cli`, the
//! headless subcommands, written once for every ruleset, and `tui`, the dashboards. Neither
//! `session` nor the headless faces name a ruleset. The dashboard imports nothing from `cli`.
pub mod cli;
pub mod core;
pub mod rulesets;
pub mod session;
pub mod store;
pub mod tui;
