//! The rule systems, one folder each: `fgdn` (Fear God & Dread Nought 1.1) and `dnb`
//! (Dreadnoughts & Battlewagons). Each binds its state, commands, events, clock and tables to
//! the shared engine in `core` through the `Rules` and `Ruleset` traits; the registry of ids is
//! `core::ruleset::RULESETS`.
pub mod dnb;
pub mod fgdn;
pub mod late19;
pub mod quickfire;
