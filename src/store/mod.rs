//! Save files: parse, validate, append durably, write atomically.
//!
//! A save is the scenario TOML text followed by its battle log, one checksummed JSON entry per
//! line, each line a TOML comment (see [`format`](mod@format) for the exact layout). The store does not know
//! what an entry is: every function is generic over a serde type chosen by the engine.
//!
//! - [`read_save`] / [`parse_save`]: scenario text + decoded entries; a torn last entry is a
//!   warning, any other damage is an error naming the line.
//! - [`SaveWriter`] / [`append_entry`]: append one entry, durable before returning.
//! - [`create_save`] / [`write_atomic`]: whole files, replaced atomically.
//! - [`recover_save`]: copy the intact part of a damaged save to a new file.
//!
//! Decisions (SPEC 7, "nothing typed is ever lost"):
//! - Checksum: CRC-32/IEEE (the `crc32fast` crate), over the JSON text.
//! - A *torn* entry is the last non-blank log line when it has no end of line (a crash
//!   mid-write, including one that cut a UTF-8 character), or holds zero bytes that were never
//!   written (a crash after the file grew but before all its blocks reached the disk). It is
//!   ignored with a warning, and [`SaveWriter::open`] cuts it off before appending: the writer
//!   removes exactly what the reader ignores, nothing else. A complete last line (ending in a
//!   newline) that fails its checksum cannot be a torn write (the newline is written last): it is
//!   bit rot or a hand edit, and [`StoreError::Corrupt`] like any other damaged line.
//! - An intact line (checksum matches) whose JSON does not decode into the entry type is an
//!   error wherever it is: those are the bytes that were written, so skipping it would drop a
//!   confirmed command. Readable text that is not a log line (a hand-added note) is an error even
//!   at the end, for the same reason.
//! - Any other damage is [`StoreError::Corrupt`]; nothing is written to such a file (the writer
//!   refuses to open it), and [`recover_save`] copies the scenario and the entries before the
//!   damaged line to a new file.
//! - A scenario without a final end of line gets one before the marker; no scenario byte is
//!   ever removed or changed.
//! - [`SaveWriter`] holds an advisory exclusive lock (`File::try_lock`) so two consoles cannot
//!   interleave entries; where the filesystem has no locks, it writes without one. Its holder
//!   (user, host, pid, since) is written next to the save, so a second umpire is told who has
//!   it ([`StoreError::Locked`], [`writer_lock`]); it can still read the save ([`read_save`]).
//!   A lock found held is retried for a short grace (a writer that is just closing);
//!   [`SaveWriter::lock_waits`] says how often an open waited, so tests need no clock.
//!   [`create_save`] refuses to replace a save another umpire is writing to.
//! - Before each append the writer checks that the path still names the file it opened, at the
//!   length it left it, holding the bytes it left (both ends compared every time, the whole
//!   file's CRC-32 when its times changed: a rewrite in place at the same length is seen, see
//!   `known.rs`); a save deleted, replaced or changed underneath it is never written to again
//!   ([`StoreError::Replaced`]). Its confirmed commands are copied to a new file: from what the
//!   caller holds in memory when it passes a [`Rescue`] (the session does: scenario text and
//!   every entry, read back and replayed to the same state before the message names the copy),
//!   else from the still-open file, only if it still holds exactly the bytes this writer left
//!   (a file emptied or overwritten in place does not, and the message says nothing was copied).
//! - A read-only save is refused for writing with [`StoreError::ReadOnly`]; a full disk with
//!   [`StoreError::DiskFull`]; a file over [`MAX_SAVE_BYTES`] is not read at all, except by
//!   [`recover_save`], which reads it a line at a time and copies the part that fits
//!   ([`recover_save_as`] first rewrites entries this version stores shorter, so an older
//!   save grown past the limit by long `until`s is usually kept whole). An append that would take the file past
//!   [`MAX_SAVE_BYTES`] is refused before a byte is written ([`StoreError::EntryTooLarge`]), so
//!   a save never grows into one its readers refuse.
//! - Files umpire creates beside a save (the lock note, a rescue copy, the temporary file of an
//!   atomic write) are created new (`O_EXCL`, `O_NOFOLLOW`), never through a symbolic link; a
//!   link where the lock note goes is refused ([`StoreError::Link`]). Temporary files of our own
//!   naming left by a killed umpire (its process gone) are removed when the save is next opened
//!   for writing or replaced.
//! - A failed append (write or sync error, e.g. a full disk) is cut back to the previous length,
//!   so a later successful sync cannot resurrect a command the user was told failed.

mod error;
pub mod follow;
pub mod format;
mod known;
pub mod lock;
mod save;
pub mod tables;

pub use error::StoreError;
pub use format::{crc32, LOG_MARKER};
pub use lock::{writer_lock, LockHolder, WriterLock};
pub use save::{
    append_entry, create_save, is_battle_file, parse_save, parse_save_bytes, read_save,
    recover_save, recover_save_as, save_text, write_atomic, Loaded, Rescue, SaveWriter,
    MAX_SAVE_BYTES, MAX_SCENARIO_BYTES,
};
