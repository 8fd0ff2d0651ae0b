//! The shared engine, naming no ruleset: the journal of commands and events with undo, redo and
//! verify (`game`), how entries are stored (`stored_entry`), dice and chart reads (`dice`), the
//! `Rules`/`Ruleset` traits and the registry (`ruleset`), the command tokenizer (`tokens`) and
//! ids as words (`words`). Pure: no terminal, no files, no wall clock, no global randomness.
pub mod classes;
pub mod dice;
pub mod game;
pub mod ruleset;
pub mod stored_entry;
pub mod tokens;
pub mod words;
