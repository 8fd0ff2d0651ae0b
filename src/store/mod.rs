//! Save files: parse, validate, append durably, write atomically.
//!
//! A save is the scenario TOML text followed by its battle log, one checksummed JSON entry per
//! line, each line a TOML comment (see [`format`] for the exact layout). The store does not know
//! what an entry is: every function is generic over a serde type chosen by the engine.
//!
//! - [`read_save`] / [`parse_save`]: scenario text + decoded entries; a torn last entry is a
//!   warning, any other damage is an error naming the line.
//! - [`SaveWriter`] / [`append_entry`]: append one entry, durable before returning.
//! - [`create_save`] / [`write_atomic`]: whole files, replaced atomically.
//! - [`recover_save`]: copy the intact part of a damaged save to a new file.

mod error;
pub mod format;
mod save;

pub use error::StoreError;
pub use format::{crc32, LOG_MARKER};
pub use save::{
    append_entry, create_save, parse_save, read_save, recover_save, save_text, write_atomic,
    Loaded, SaveWriter,
};
