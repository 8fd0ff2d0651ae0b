//! Reading, appending to, creating and recovering save files.
//!
//! The promise: a command the caller reports as done is on disk. [`SaveWriter::append`] writes
//! one entry line with one `write_all` and `sync_data`s it before returning; it never rewrites
//! the file. Whole files are only ever replaced atomically ([`write_atomic`]). A damaged save is
//! reported with its line and never written to; [`recover_save`] copies its intact part to a new
//! file.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::Serialize;

use super::error::StoreError;
use super::format::{entry_line, marker_line, scan, BadLine, LOG_MARKER};
use super::known::Known;
use super::lock::{identity, is_full, is_read_only, lock, refuse_if_locked, remove_note};

/// A save file as read: the scenario text and the decoded log.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded<T> {
    /// Everything before the log marker line, byte for byte (the whole file if it has no log).
    pub scenario_text: String,
    pub entries: Vec<T>,
    /// 1-based file line of each entry, parallel to `entries` (for "file:line" messages when
    /// replaying an entry fails).
    pub entry_lines: Vec<usize>,
    /// Things the user should know that did not stop the load (a torn last entry).
    pub warnings: Vec<String>,
    /// 1-based line of the first entry, or where it would go.
    pub log_start_line: usize,
    /// The file holds the log marker: a save, not a plain scenario.
    pub has_log: bool,
}

fn name_of(path: &Path) -> String {
    path.display().to_string()
}

/// Read and decode the save at `path`. See [`parse_save`] for the rules.
pub fn read_save<T: DeserializeOwned>(path: &Path) -> Result<Loaded<T>, StoreError> {
    let name = name_of(path);
    let mut file = File::open(path).map_err(|e| StoreError::io(&name, "read", e))?;
    let bytes = read_limited(&mut file, &name)?;
    parse_bytes(&name, &bytes)
}

/// Split `text` (the file called `name` in messages) into scenario and log and decode every
/// entry. A damaged last entry (an interrupted write) is dropped with a warning; any other
/// damaged log line is a [`StoreError::Corrupt`] naming the line.
pub fn parse_save<T: DeserializeOwned>(name: &str, text: &str) -> Result<Loaded<T>, StoreError> {
    parse_bytes(name, text.as_bytes())
}

/// [`parse_save`] on raw bytes (a file as read: it may not be UTF-8). A save over
/// [`MAX_SAVE_BYTES`] or a scenario part over [`MAX_SCENARIO_BYTES`] is refused.
pub fn parse_save_bytes<T: DeserializeOwned>(
    name: &str,
    bytes: &[u8],
) -> Result<Loaded<T>, StoreError> {
    if bytes.len() as u64 > MAX_SAVE_BYTES {
        return Err(StoreError::TooLarge {
            path: name.to_string(),
            size: bytes.len() as u64,
            limit: MAX_SAVE_BYTES,
            what: "save or scenario file",
        });
    }
    parse_bytes(name, bytes)
}

fn parse_bytes<T: DeserializeOwned>(name: &str, bytes: &[u8]) -> Result<Loaded<T>, StoreError> {
    let raw = scan(name, bytes)?;
    if raw.scenario.len() as u64 > MAX_SCENARIO_BYTES {
        return Err(StoreError::TooLarge {
            path: name.to_string(),
            size: raw.scenario.len() as u64,
            limit: MAX_SCENARIO_BYTES,
            what: "scenario (the part before the log)",
        });
    }
    let mut entries = Vec::with_capacity(raw.entries.len());
    for (k, entry) in raw.entries.iter().enumerate() {
        // The checksum matched, so these are the bytes that were written: a decoding failure
        // is not a torn write and is never skipped, wherever the line is.
        let value = serde_json::from_str(entry.json).map_err(|e| StoreError::Corrupt {
            path: name.to_string(),
            line: entry.line,
            reason: format!(
                "the entry does not decode as a log entry of this version ({})",
                json_problem(&e)
            ),
            intact: k,
        })?;
        entries.push(value);
    }
    let mut warnings = Vec::new();
    if let Some(bad) = &raw.bad {
        if !bad.torn {
            return Err(corrupt(name, bad, entries.len()));
        }
        let n = entries.len();
        let before = if n == 1 {
            "the 1 entry before it loads".to_string()
        } else {
            format!("the {n} entries before it load")
        };
        warnings.push(format!(
            "{name}:{}: the last log entry is incomplete (torn write); it was ignored and {before}",
            bad.line
        ));
    }
    Ok(Loaded {
        scenario_text: raw.scenario.to_string(),
        entry_lines: raw.entries.iter().map(|e| e.line).collect(),
        entries,
        warnings,
        log_start_line: raw.log_start_line,
        has_log: raw.has_marker,
    })
}

/// serde_json's message with its position given as a column: the JSON is always "line 1",
/// which would be confused with the file's line.
fn json_problem(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let position = format!(" at line {} column {}", e.line(), e.column());
    match text.strip_suffix(&position) {
        Some(message) => format!("{message}, at column {} of the JSON", e.column()),
        None => text,
    }
}

/// The error for a damaged line that is not a torn last entry.
fn corrupt(name: &str, bad: &BadLine, intact: usize) -> StoreError {
    StoreError::Corrupt {
        path: name.to_string(),
        line: bad.line,
        reason: bad.reason.clone(),
        intact,
    }
}

/// An open save file that log entries are appended to, each one durable before `append`
/// returns.
///
/// Opening checks the log (checksums only; entries are not decoded), refuses a save with a
/// damaged line before its end, and cuts off a torn last entry (the only bytes this module ever
/// removes) so the next entry starts on a line of its own. It also takes an advisory exclusive
/// lock and writes who holds it next to the save (see [`lock`](super::lock)), so two consoles
/// cannot interleave entries in one save and the second one is told who has it; readers do not
/// lock. Before every append it checks that the path still names the file it opened, at the
/// length it left it: a save deleted, replaced or changed underneath it is never written to
/// (the entry would be lost in an unlinked file), and the confirmed commands are copied from
/// the open file to a new one.
#[derive(Debug)]
pub struct SaveWriter {
    file: File,
    path: PathBuf,
    has_marker: bool,
    /// The file ends with a line that has no `\n` (a scenario without a final end of line).
    needs_newline: bool,
    /// Length of the file after the last durable append: a failed append is cut back to it.
    len: u64,
    /// (device, inode) of the file opened.
    identity: (u64, u64),
    /// Log entries in the file (confirmed commands, for messages).
    confirmed: usize,
    /// Set when the file was found replaced: nothing more is written.
    broken: bool,
    /// How often the open found the lock held and waited (see [`SaveWriter::lock_waits`]).
    lock_waits: u32,
    /// What this writer knows of the bytes it left (a file rewritten in place is noticed).
    known: Known,
}

/// Where a writer that finds its save deleted, replaced or rewritten copies the confirmed
/// commands from: what the caller holds in memory (the session holds the scenario text and
/// every entry), rather than the open file, which a program writing in place may have filled
/// with another battle's bytes or emptied. See [`SaveWriter::append_or_rescue`].
pub struct Rescue<'a> {
    /// The whole save as the caller holds it: scenario, marker and every confirmed entry
    /// ([`save_text`]). Called only when a rescue is needed.
    pub text: &'a dyn Fn() -> Result<String, String>,
    /// Checks the copy written at the path: it opens, and replays to the battle the caller
    /// holds. Only a copy that passes is reported as the rescue.
    pub verify: &'a dyn Fn(&Path) -> Result<(), String>,
}

/// The largest save file read. A fleet action of 250 ships and 20,000 commands is far smaller
/// (see README, "Speed and size"), so this leaves room for the longest battles while a wrong
/// file (a video, a disk image) gets a clear message instead of filling the memory.
pub const MAX_SAVE_BYTES: u64 = 64 * 1024 * 1024;

/// The largest scenario part (the TOML before the log): a 250-ship fleet action is under
/// 100 KB. TOML is parsed into a tree several times the size of its text, so this is kept
/// well below [`MAX_SAVE_BYTES`].
pub const MAX_SCENARIO_BYTES: u64 = 4 * 1024 * 1024;

/// Read a whole save, refusing one over [`MAX_SAVE_BYTES`] before reading it.
fn read_limited(file: &mut File, name: &str) -> Result<Vec<u8>, StoreError> {
    read_up_to(file, name, MAX_SAVE_BYTES, "save or scenario file")
}

fn read_up_to(
    file: &mut File,
    name: &str,
    limit: u64,
    what: &'static str,
) -> Result<Vec<u8>, StoreError> {
    let size = file
        .metadata()
        .map_err(|e| StoreError::io(name, "read", e))?
        .len();
    let too_large = |size| StoreError::TooLarge {
        path: name.to_string(),
        size,
        limit,
        what,
    };
    if size > limit {
        return Err(too_large(size));
    }
    let mut bytes = Vec::with_capacity(size as usize);
    // `take` guards against a file that grows while it is read (or a device with no length).
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| StoreError::io(name, "read", e))?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

impl SaveWriter {
    /// Open an existing save (or plain scenario) for appending.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        let (writer, _bytes) = Self::open_bytes(path)?;
        Ok(writer)
    }

    /// Open a save for appending and read it in the same step (one read, under the lock, so
    /// the log cannot change between reading and writing). The dashboard and `umpire run` use
    /// this; [`read_save`] is the read-only open for everyone else.
    pub fn open_loaded<T: DeserializeOwned>(path: &Path) -> Result<(Self, Loaded<T>), StoreError> {
        let (writer, bytes) = Self::open_bytes(path)?;
        let loaded = parse_bytes(&name_of(path), &bytes[..writer.len as usize])?;
        Ok((writer, loaded))
    }

    fn open_bytes(path: &Path) -> Result<(Self, Vec<u8>), StoreError> {
        let name = name_of(path);
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .map_err(|e| {
                if is_read_only(&e) && path.is_file() {
                    StoreError::ReadOnly {
                        path: name.clone(),
                        source: e,
                    }
                } else {
                    StoreError::io(&name, "open for appending", e)
                }
            })?;
        let lock_waits = lock(&file, path)?;
        remove_stale_temps(path);
        let bytes = read_limited(&mut file, &name)?;
        let raw = scan(&name, &bytes)?;
        let mut len = bytes.len();
        if let Some(bad) = &raw.bad {
            if !bad.torn {
                return Err(corrupt(&name, bad, raw.entries.len()));
            }
            file.set_len(bad.offset as u64)
                .and_then(|()| file.sync_data())
                .map_err(|e| StoreError::io(&name, "cut off the torn last log entry of", e))?;
            len = bad.offset;
        }
        let meta = file
            .metadata()
            .map_err(|e| StoreError::io(&name, "read", e))?;
        let known = Known::new(&bytes[..len], &meta);
        let writer = SaveWriter {
            known,
            has_marker: raw.has_marker,
            needs_newline: len > 0 && bytes[len - 1] != b'\n',
            len: len as u64,
            identity: identity(&meta),
            confirmed: raw.entries.len(),
            broken: false,
            lock_waits,
            path: path.to_path_buf(),
            file,
        };
        Ok((writer, bytes))
    }

    /// The file this writer appends to.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How many times opening found the save's lock held by another writer and waited for it
    /// to be let go (0: the lock was free at once). A writer that is just closing lets go
    /// within the lock's grace period; a reader never holds it, which tests check with this
    /// count rather than with a clock.
    pub fn lock_waits(&self) -> u32 {
        self.lock_waits
    }

    /// How many log entries the file holds (all confirmed).
    pub fn confirmed(&self) -> usize {
        self.confirmed
    }

    /// Append one entry and make it durable. On failure the file is cut back to what it was
    /// before the call (as far as the system allows) and the entry must be treated as not saved.
    ///
    /// If the save was deleted, replaced or changed underneath this writer, nothing is written
    /// and the confirmed commands are copied from the still-open file to a new one, provided it
    /// still holds exactly the bytes this writer left (a file rewritten in place does not:
    /// then nothing is copied, and the message says so). A caller that holds the battle in
    /// memory passes it with [`SaveWriter::append_or_rescue`].
    pub fn append<T: Serialize>(&mut self, entry: &T) -> Result<(), StoreError> {
        self.append_with(entry, None)
    }

    /// [`SaveWriter::append`], where a rescue is written from `rescue` (what the caller holds
    /// in memory), read back and verified before the message names it.
    pub fn append_or_rescue<T: Serialize>(
        &mut self,
        entry: &T,
        rescue: &Rescue<'_>,
    ) -> Result<(), StoreError> {
        self.append_with(entry, Some(rescue))
    }

    fn append_with<T: Serialize>(
        &mut self,
        entry: &T,
        rescue: Option<&Rescue<'_>>,
    ) -> Result<(), StoreError> {
        let name = name_of(&self.path);
        self.check_same_file(rescue)?;
        let json = serde_json::to_string(entry).map_err(|e| StoreError::Encode {
            path: name.clone(),
            reason: e.to_string(),
        })?;
        let mut text = String::with_capacity(json.len() + LOG_MARKER.len() + 16);
        if self.needs_newline {
            text.push('\n');
        }
        if !self.has_marker {
            text.push_str(LOG_MARKER);
            text.push('\n');
        }
        text.push_str(&entry_line(&json));
        let size = self.len + text.len() as u64;
        if size > MAX_SAVE_BYTES {
            // Written, the save could no longer be opened by anyone: refuse before writing.
            return Err(StoreError::EntryTooLarge {
                path: name,
                entry: text.len() as u64,
                size: self.len,
                limit: MAX_SAVE_BYTES,
                confirmed: self.confirmed,
            });
        }
        if let Err(e) = self.write(text.as_bytes()) {
            self.roll_back();
            return Err(self.failure(e, "write"));
        }
        if let Err(e) = self.sync() {
            // After a failed sync the kernel may drop the dirty pages or write them later:
            // remove the entry so a later sync cannot make a failed command reappear.
            self.roll_back();
            return Err(self.failure(e, "sync to disk"));
        }
        self.len += text.len() as u64;
        self.known.appended(text.as_bytes());
        if let Ok(meta) = self.file.metadata() {
            self.known.touched(&meta);
        }
        self.has_marker = true;
        self.needs_newline = false;
        self.confirmed += 1;
        Ok(())
    }

    fn failure(&self, e: io::Error, op: &'static str) -> StoreError {
        if is_full(&e) {
            StoreError::DiskFull {
                path: name_of(&self.path),
                confirmed: self.confirmed,
                source: e,
            }
        } else {
            StoreError::io(&name_of(&self.path), op, e)
        }
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        #[cfg(test)]
        if let Some(e) = fault::write(&mut self.file, bytes) {
            return Err(e);
        }
        self.file.write_all(bytes)
    }

    fn sync(&mut self) -> io::Result<()> {
        #[cfg(test)]
        if let Some(e) = fault::sync() {
            return Err(e);
        }
        self.file.sync_data()
    }

    /// The path must still name the file this writer opened, at the length it left it, holding
    /// the bytes it left (see [`Known`]).
    fn check_same_file(&mut self, rescue: Option<&Rescue<'_>>) -> Result<(), StoreError> {
        let what = if self.broken {
            Some("replaced or changed earlier".to_string())
        } else {
            match fs::metadata(&self.path) {
                Err(e) if e.kind() == io::ErrorKind::NotFound => Some("deleted".to_string()),
                Err(_) => None, // Cannot tell: the write itself will report a real problem.
                Ok(meta) if identity(&meta) != self.identity => {
                    Some("replaced by another file".to_string())
                }
                Ok(meta) if meta.len() != self.len => Some(format!(
                    "changed by another program (it is {} bytes long, this umpire left it at {})",
                    meta.len(),
                    self.len
                )),
                Ok(meta) if !self.known.still_holds(&self.file, self.len, &meta) => Some(
                    "changed by another program (rewritten in place, at the length this \
                     umpire left it)"
                        .to_string(),
                ),
                Ok(_) => None,
            }
        };
        let Some(what) = what else {
            return Ok(());
        };
        let rescued = if self.broken {
            Err("see the first message".to_string())
        } else {
            match rescue {
                Some(memory) => self.rescue_from_memory(memory),
                None => self.rescue_from_file(),
            }
        };
        self.broken = true;
        Err(StoreError::Replaced {
            path: name_of(&self.path),
            what,
            confirmed: self.confirmed,
            rescued,
        })
    }

    /// Copy the confirmed part of the open file (which may no longer have a name) to a new file
    /// next to the save, if it still holds exactly the bytes this writer left; returns its
    /// path.
    fn rescue_from_file(&self) -> Result<String, String> {
        let mut bytes = vec![0; self.len as usize];
        let read = read_exact_at(&self.file, &mut bytes, 0);
        if read.is_err() || !self.known.holds(&bytes) {
            return Err(
                "the file no longer holds the bytes this umpire wrote, and this \
                        umpire keeps no other copy of them"
                    .to_string(),
            );
        }
        let out = self.write_rescue(&bytes)?;
        let again = fs::read(&out).map_err(|e| format!("cannot read back {}: {e}", out.display()));
        match again {
            Ok(again) if self.known.holds(&again) => Ok(out.display().to_string()),
            Ok(_) => Err(format!("{} does not hold what was written", out.display())),
            Err(why) => Err(why),
        }
    }

    /// Write the save as the caller holds it in memory to a new file next to the save, read it
    /// back and have the caller verify it (it opens and replays to the same battle); returns
    /// its path.
    fn rescue_from_memory(&self, memory: &Rescue<'_>) -> Result<String, String> {
        let text = (memory.text)()?;
        let out = self.write_rescue(text.as_bytes())?;
        let shown = out.display();
        let again = fs::read(&out).map_err(|e| format!("cannot read back {shown}: {e}"))?;
        if again != text.as_bytes() {
            return Err(format!("{shown} does not hold what was written"));
        }
        (memory.verify)(&out)
            .map_err(|why| format!("a copy was written to {shown}, but it {why}"))?;
        Ok(shown.to_string())
    }

    /// A new file next to the save holding `bytes`, synced with its folder.
    fn write_rescue(&self, bytes: &[u8]) -> Result<PathBuf, String> {
        let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S");
        let stem = self
            .path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "save".to_string());
        let dir = match self.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        // Created new (never through a link planted at the name, never over a file): the first
        // free name of `<stem>.rescued-<stamp>.toml`, `...-<pid>.toml`, `...-<pid>-<n>.toml`.
        let pid = std::process::id();
        let mut tried = Vec::new();
        for n in 0..100 {
            let out = match n {
                0 => dir.join(format!("{stem}.rescued-{stamp}.toml")),
                1 => dir.join(format!("{stem}.rescued-{stamp}-{pid}.toml")),
                n => dir.join(format!("{stem}.rescued-{stamp}-{pid}-{n}.toml")),
            };
            match create_new_file(&out) {
                Ok(mut file) => {
                    let written = file
                        .write_all(bytes)
                        .and_then(|()| file.sync_all())
                        .and_then(|()| sync_dir(&dir));
                    return match written {
                        Ok(()) => Ok(out),
                        Err(e) => {
                            let _ = fs::remove_file(&out);
                            Err(format!("cannot write {}: {e}", out.display()))
                        }
                    };
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => tried.push(out),
                Err(e) => return Err(format!("cannot create {}: {e}", out.display())),
            }
        }
        Err(format!("{} files of that name exist already", tried.len()))
    }

    fn roll_back(&mut self) {
        // Best effort: the caller already gets the original error.
        if self.file.set_len(self.len).is_ok() {
            let _ = self.file.sync_data();
        }
        if let Ok(meta) = self.file.metadata() {
            self.known.touched(&meta);
        }
    }
}

impl Drop for SaveWriter {
    fn drop(&mut self) {
        remove_note(&self.path);
    }
}

#[cfg(unix)]
pub(crate) fn read_exact_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    use std::os::unix::fs::FileExt;
    file.read_exact_at(buf, offset)
}

#[cfg(not(unix))]
pub(crate) fn read_exact_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    use std::io::Seek;
    let mut f = file.try_clone()?;
    f.seek(io::SeekFrom::Start(offset))?;
    f.read_exact(buf)
}

/// Test-only fault injection: the next write or sync of this thread's writer fails the way a
/// full disk fails (see the unit tests at the end of this file for why this is faithful).
#[cfg(test)]
pub(crate) mod fault {
    use std::cell::Cell;
    use std::fs::File;
    use std::io::{self, Write};

    thread_local! {
        /// Bytes the next write may still put on disk before the disk is "full".
        static WRITE_ROOM: Cell<Option<usize>> = const { Cell::new(None) };
        static SYNC_FAILS: Cell<bool> = const { Cell::new(false) };
    }

    pub fn disk_full_after(room: usize) {
        WRITE_ROOM.with(|r| r.set(Some(room)));
    }

    pub fn next_sync_fails() {
        SYNC_FAILS.with(|s| s.set(true));
    }

    fn enospc() -> io::Error {
        io::Error::from_raw_os_error(28) // ENOSPC on Linux
    }

    /// Like a full disk: the bytes that fit are written, then ENOSPC.
    pub fn write(file: &mut File, bytes: &[u8]) -> Option<io::Error> {
        let room = WRITE_ROOM.with(|r| r.take())?;
        if room >= bytes.len() {
            return None;
        }
        if let Err(e) = file.write_all(&bytes[..room]) {
            return Some(e);
        }
        Some(enospc())
    }

    pub fn sync() -> Option<io::Error> {
        SYNC_FAILS.with(|s| s.replace(false)).then(enospc)
    }
}

/// Append one entry to the save at `path` (opens, appends durably, closes). For many entries
/// keep a [`SaveWriter`] instead: this reads the whole file each time.
pub fn append_entry<T: Serialize>(path: &Path, entry: &T) -> Result<(), StoreError> {
    SaveWriter::open(path)?.append(entry)
}

/// The full text of a save: `scenario_text`, the marker line, one line per entry. A scenario
/// without a final end of line gets one. Fails if `scenario_text` already holds a log marker.
pub fn save_text<T: Serialize>(
    name: &str,
    scenario_text: &str,
    entries: &[T],
) -> Result<String, StoreError> {
    if let Some(line) = marker_line(scenario_text) {
        return Err(StoreError::ScenarioHasLog {
            path: name.to_string(),
            line,
        });
    }
    let mut text = String::from(scenario_text);
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(LOG_MARKER);
    text.push('\n');
    for entry in entries {
        let json = serde_json::to_string(entry).map_err(|e| StoreError::Encode {
            path: name.to_string(),
            reason: e.to_string(),
        })?;
        text.push_str(&entry_line(&json));
    }
    Ok(text)
}

/// Write a new save (scenario, marker, entries) atomically, replacing any file at `path`.
pub fn create_save<T: Serialize>(
    path: &Path,
    scenario_text: &str,
    entries: &[T],
) -> Result<(), StoreError> {
    let text = save_text(&name_of(path), scenario_text, entries)?;
    refuse_if_locked(path)?;
    write_atomic(path, &text)
}

/// Copy the intact part of the save at `path` (the scenario and every entry before the first
/// damaged line) to a new save at `out`, atomically. Never writes to `path`. Entries are kept
/// when their checksum and JSON syntax are intact (they are not decoded). Returns how many
/// entries were copied.
///
/// The file is read a line at a time, so a save over [`MAX_SAVE_BYTES`] (written by an older
/// umpire, before the writer refused to grow past it) is read in bounded memory; the copy stops
/// at the last entry that fits under [`MAX_SAVE_BYTES`], so every reader accepts it. The
/// scenario part is still limited to [`MAX_SCENARIO_BYTES`].
pub fn recover_save(path: &Path, out: &Path) -> Result<usize, StoreError> {
    recover(path, out, &|_| None)
}

/// [`recover_save`] for entries of type `T`: an entry that decodes as `T` and is shorter
/// written by this version (an older save's `until` stored phase by phase) is written in the
/// shorter form; every other entry is copied byte for byte. So a save an older version let
/// grow past [`MAX_SAVE_BYTES`] is usually recovered whole.
pub fn recover_save_as<T: DeserializeOwned + Serialize>(
    path: &Path,
    out: &Path,
) -> Result<usize, StoreError> {
    recover(path, out, &|json| {
        let entry: T = serde_json::from_str(json).ok()?;
        serde_json::to_string(&entry)
            .ok()
            .filter(|again| again.len() < json.len())
    })
}

/// Re-encodes an entry's JSON, or says to keep it as it is (`None`).
type Reencode<'a> = &'a dyn Fn(&str) -> Option<String>;

fn recover(path: &Path, out: &Path, reencode: Reencode<'_>) -> Result<usize, StoreError> {
    let name = name_of(path);
    if same_file(path, out) {
        return Err(StoreError::SameFile { path: name });
    }
    let file = File::open(path).map_err(|e| StoreError::io(&name, "read", e))?;
    let mut reader = io::BufReader::new(file);
    let read_err = |e| StoreError::io(&name, "read", e);
    // The scenario part, up to and including the marker line (or the whole file).
    let mut head = Vec::new();
    let mut line = Vec::new();
    loop {
        let room = MAX_SCENARIO_BYTES + LOG_MARKER.len() as u64 + 2 - head.len() as u64;
        line.clear();
        let n = read_line(&mut reader, &mut line, room).map_err(read_err)?;
        if n == 0 {
            break;
        }
        head.extend_from_slice(&line);
        let is_marker = line.strip_suffix(b"\n").unwrap_or(&line);
        if is_marker.strip_suffix(b"\r").unwrap_or(is_marker) == LOG_MARKER.as_bytes() {
            break;
        }
        if head.len() as u64 > MAX_SCENARIO_BYTES {
            return Err(StoreError::TooLarge {
                path: name,
                size: head.len() as u64,
                limit: MAX_SCENARIO_BYTES,
                what: "scenario (the part before the log)",
            });
        }
    }
    let raw = scan(&name, &head)?;
    let mut text = String::from(raw.scenario);
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(LOG_MARKER);
    text.push('\n');
    let mut kept = 0;
    if raw.has_marker {
        loop {
            // A line longer than the room left could not be copied anyway.
            let room = MAX_SAVE_BYTES.saturating_sub(text.len() as u64) + 1;
            line.clear();
            read_line(&mut reader, &mut line, room).map_err(read_err)?;
            let Some(body) = line.strip_suffix(b"\n") else {
                break; // the end of the file, or a torn or too long last line
            };
            let body = body.strip_suffix(b"\r").unwrap_or(body);
            if is_blank_line(body) {
                continue;
            }
            let Ok(json) = super::format::classify(body) else {
                break;
            };
            if serde_json::from_str::<IgnoredAny>(json).is_err() {
                break;
            }
            let entry = match reencode(json) {
                Some(shorter) => entry_line(&shorter),
                None => entry_line(json),
            };
            if (text.len() + entry.len()) as u64 > MAX_SAVE_BYTES {
                break;
            }
            text.push_str(&entry);
            kept += 1;
        }
    }
    write_atomic(out, &text)?;
    Ok(kept)
}

/// Read one line (with its `\n`) into `buf`, at most `limit` bytes; returns the bytes read.
fn read_line(reader: &mut impl io::BufRead, buf: &mut Vec<u8>, limit: u64) -> io::Result<usize> {
    reader.take(limit).read_until(b'\n', buf)
}

fn is_blank_line(bytes: &[u8]) -> bool {
    bytes.iter().all(u8::is_ascii_whitespace)
}

/// Whether the file at `path` is a battle: a save (it holds the log marker line) or a scenario
/// (a `[scenario]` table), judged from its first [`MAX_SCENARIO_BYTES`] and a little more (the
/// marker follows the scenario). For commands that write other files (`report --out`): those
/// must never replace a battle.
pub fn is_battle_file(path: &Path) -> io::Result<bool> {
    let mut head = Vec::new();
    File::open(path)?
        .take(MAX_SCENARIO_BYTES + 4096)
        .read_to_end(&mut head)?;
    Ok(head.split(|&b| b == b'\n').any(|line| {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        line == LOG_MARKER.as_bytes() || line.trim_ascii() == b"[scenario]"
    }))
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Replace `path` with `contents` so that a crash at any moment leaves either the old file or
/// the new one, never a mix: write a temporary file in the same directory, sync it, rename it
/// over `path`, sync the directory. An existing file's permissions are kept, and a symbolic
/// link is followed (the file it points to is replaced, not the link).
pub fn write_atomic(path: &Path, contents: &str) -> Result<(), StoreError> {
    let name = name_of(path);
    let resolved;
    let path = match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            resolved =
                fs::canonicalize(path).map_err(|e| StoreError::io(&name, "follow the link", e))?;
            resolved.as_path()
        }
        _ => path,
    };
    let Some(file_name) = path.file_name() else {
        let e = io::Error::new(io::ErrorKind::InvalidInput, "the path names no file");
        return Err(StoreError::io(&name, "write", e));
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    remove_stale_temps(path);
    let (tmp, mut file) = create_temp(dir, &file_name.to_string_lossy())
        .map_err(|e| StoreError::io(&name, "create a temporary file to write", e))?;
    let result = fill_and_rename(&mut file, &tmp, path, contents);
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(|(op, e)| StoreError::io(&name, op, e))?;
    sync_dir(dir).map_err(|e| StoreError::io(&name, "sync the directory of", e))
}

type OpResult = Result<(), (&'static str, io::Error)>;

fn fill_and_rename(file: &mut File, tmp: &Path, path: &Path, contents: &str) -> OpResult {
    file.write_all(contents.as_bytes())
        .map_err(|e| ("write", e))?;
    if let Ok(meta) = fs::metadata(path) {
        file.set_permissions(meta.permissions())
            .map_err(|e| ("keep the permissions of", e))?;
    }
    file.sync_all().map_err(|e| ("sync to disk", e))?;
    fs::rename(tmp, path).map_err(|e| ("replace", e))
}

/// A new file at `path`: never an existing file, never through a symbolic link (`O_EXCL`
/// refuses an existing name, a link included; `O_NOFOLLOW` says so twice).
pub(crate) fn create_new_file(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW);
    }
    options.open(path)
}

/// A new, exclusively created temporary file `.<name>.<pid>-<n>.tmp` in `dir`.
pub(crate) fn create_temp(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut attempts = 0;
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
        match create_new_file(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            // A leftover from a crashed process with the same id: try the next number.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempts < 100 => attempts += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Remove the temporary files of our own naming (`.<name>.<pid>-<n>.tmp`, from
/// [`write_atomic`], and `..<name>.umpire-lock.<pid>-<n>.tmp`, from the lock note) that a killed
/// umpire left next to the file at `path`: only those whose process is no longer running, so a
/// write in progress elsewhere is never disturbed. Best effort, called by the writer when it
/// opens the save (under its lock) and by [`write_atomic`] before it writes.
fn remove_stale_temps(path: &Path) {
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let Ok(list) = fs::read_dir(dir) else {
        return;
    };
    // `create_temp` puts a dot before the name it is given, and the note's name starts with one.
    let prefixes = [format!(".{name}."), format!("..{name}.umpire-lock.")];
    for item in list.flatten() {
        let file_name = item.file_name().to_string_lossy().into_owned();
        let pid = prefixes
            .iter()
            .filter_map(|p| file_name.strip_prefix(p.as_str()))
            .filter_map(|rest| rest.strip_suffix(".tmp"))
            .filter_map(|rest| rest.split_once('-'))
            .filter(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .find_map(|(pid, _)| pid.parse::<u32>().ok());
        let is_file = item.file_type().is_ok_and(|t| t.is_file());
        if let Some(pid) = pid {
            if is_file && !process_alive(pid) {
                let _ = fs::remove_file(item.path());
            }
        }
    }
}

/// Whether process `pid` is running (on Unix; elsewhere it is assumed to be).
#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return true;
    };
    if pid == 0 {
        return true;
    }
    // SAFETY: signal 0 sends nothing; kill only checks the process exists.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(not(unix))]
fn process_alive(_pid: u32) -> bool {
    true
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    // Windows cannot open a directory as a file; its rename is durable once it returns.
    Ok(())
}

/// A full disk, injected. Why this is faithful: on Linux a full filesystem (ENOSPC), a quota
/// (EDQUOT) or the file size limit (EFBIG) shows up at exactly two calls of an append, and no
/// others: `write` puts the bytes that fit into the file and then fails, or `fsync` fails
/// (delayed allocation on ext4/xfs reports ENOSPC at writeback). The hook makes the writer's
/// own `write`/`sync` calls do the same (the fitting prefix really is written to the file), so
/// the code under test is the code that runs on a real full disk. `tests/faults.rs` also fills
/// the "disk" for the real binary with RLIMIT_FSIZE, where the kernel itself cuts the write.
#[cfg(test)]
mod tests {
    use super::*;

    const SCENARIO: &str = "[scenario]\nname = \"t\"\n";

    fn setup() -> (tempfile::TempDir, PathBuf, Vec<u8>) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("battle.toml");
        create_save(&path, SCENARIO, &["one", "two"]).unwrap();
        let before = fs::read(&path).unwrap();
        (dir, path, before)
    }

    fn entries(path: &Path) -> Vec<String> {
        read_save::<String>(path).unwrap().entries
    }

    #[test]
    fn a_disk_full_in_the_middle_of_a_write_leaves_the_confirmed_log_and_says_so() {
        let (_dir, path, before) = setup();
        let mut w = SaveWriter::open(&path).unwrap();
        for room in [0, 1, 5, 12, 19] {
            fault::disk_full_after(room);
            let err = w.append(&"three").unwrap_err();
            assert!(
                matches!(err, StoreError::DiskFull { confirmed: 2, .. }),
                "{err}"
            );
            let msg = err.to_string();
            assert!(msg.contains("the disk is full"), "{msg}");
            assert!(msg.contains("NOT saved"), "{msg}");
            assert!(msg.contains("2 confirmed commands"), "{msg}");
            assert_eq!(fs::read(&path).unwrap(), before, "room {room}");
        }
        w.append(&"three").unwrap();
        assert_eq!(entries(&path), ["one", "two", "three"]);
    }

    #[test]
    fn a_failed_sync_removes_the_entry_it_could_not_make_durable() {
        let (_dir, path, before) = setup();
        let mut w = SaveWriter::open(&path).unwrap();
        fault::next_sync_fails();
        let err = w.append(&"three").unwrap_err();
        assert!(matches!(err, StoreError::DiskFull { .. }), "{err}");
        assert_eq!(fs::read(&path).unwrap(), before);
        w.append(&"four").unwrap();
        assert_eq!(entries(&path), ["one", "two", "four"]);
    }

    #[test]
    fn a_disk_full_on_the_first_entry_of_a_plain_scenario_leaves_the_scenario_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.toml");
        fs::write(&path, "[scenario]\nname = \"t\"").unwrap(); // no final end of line
        let mut w = SaveWriter::open(&path).unwrap();
        fault::disk_full_after(30); // the marker line is cut
        assert!(w.append(&"one").is_err());
        assert_eq!(fs::read(&path).unwrap(), b"[scenario]\nname = \"t\"");
        w.append(&"one").unwrap();
        assert_eq!(entries(&path), ["one"]);
    }

    /// `lock_waits` counts the waits for a writer that is letting go, so "did not wait" can be
    /// tested without a clock: 0 on a free save, at least 1 when another writer still holds the
    /// lock at the first try and lets go within the grace period (here 50 ms after this thread
    /// starts opening, well inside the 300 ms grace).
    #[test]
    fn the_writer_counts_its_waits_for_a_lock_being_let_go() {
        let (_dir, path, _) = setup();
        assert_eq!(SaveWriter::open(&path).unwrap().lock_waits(), 0);
        let first = SaveWriter::open(&path).unwrap();
        let closer = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            drop(first);
        });
        let second = SaveWriter::open(&path).unwrap();
        closer.join().unwrap();
        assert!(second.lock_waits() >= 1, "{}", second.lock_waits());
        drop(second);
        assert_eq!(SaveWriter::open(&path).unwrap().lock_waits(), 0);
    }
}
