//! The shared engine, naming no ruleset: the journal of commands and events with undo, redo and
//! verify (`game`), how entries are stored (`stored_entry`), dice and chart reads (`dice`), the
//! `Rules`/`Ruleset` traits and the registry (`ruleset`), the screen model (`board`), the
//! classes a scenario takes its ships' figures from (`classes`), the command tokenizer
//! (`tokens`), rosters (`roster`), ids as words (`words`), the record sheet model (`sheet`), the
//! numbered-turn binding every ruleset but FG&DN uses (`turns`), table cells' provenance
//! (`tables`), text made safe for a terminal, a spreadsheet or a report page (`text`), the
//! review of a saved battle (`review`) and the benchmark battle's generator, a ruleset's
//! commands drawn from a seed (`bench`). Pure: no terminal, no files, no wall clock, no global
//! randomness.
pub mod bench;
pub mod board;
pub mod build;
pub mod classes;
pub mod dice;
pub mod game;
pub mod review;
pub mod roster;
pub mod ruleset;
pub mod shared;
pub mod sheet;
pub mod stored_entry;
pub mod tables;
pub mod tagged;
pub mod text;
pub mod tokens;
pub mod turns;
pub mod words;
