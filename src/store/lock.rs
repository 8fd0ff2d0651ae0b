//! One writer per save: the advisory lock, and who holds it.
//!
//! The lock itself is an exclusive `flock` on the save file (`File::try_lock`): the kernel
//! releases it when the holder exits, however it exits (a crash or `kill -9` leaves no stale
//! lock). A lock cannot carry text, so the holder also writes a small note next to the save,
//! `.<save name>.umpire-lock` (JSON: user, host, pid, since), which a second umpire reads to say
//! who has the save. The note is only information: the lock decides, so a stale note (left by a
//! crash) is simply replaced by the next writer. The note is written to a new temporary file and
//! renamed into place (a full disk leaves no empty note), and a symbolic link where it goes is
//! refused, never followed.
use serde::{Deserialize, Serialize};
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::error::StoreError;

/// Who is writing to a save, as written in its lock note.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockHolder {
    pub user: String,
    pub host: String,
    pub pid: u32,
    /// Local time the save was opened for writing (RFC 3339).
    pub since: String,
}

impl LockHolder {
    /// This process, now.
    pub fn me() -> LockHolder {
        LockHolder {
            user: user_name(),
            host: host_name(),
            pid: std::process::id(),
            since: chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, false),
        }
    }
}

impl std::fmt::Display for LockHolder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let since = chrono::DateTime::parse_from_rfc3339(&self.since)
            .map(|t| t.format("%Y-%m-%d %H:%M:%S").to_string())
            .unwrap_or_else(|_| self.since.clone());
        write!(
            f,
            "{} on {}, process {}, since {since}",
            self.user, self.host, self.pid
        )
    }
}

fn user_name() -> String {
    ["USER", "LOGNAME", "USERNAME"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
        .unwrap_or_else(|| "an unknown user".to_string())
}

fn host_name() -> String {
    ["/proc/sys/kernel/hostname", "/etc/hostname"]
        .iter()
        .find_map(|p| fs::read_to_string(p).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "an unknown host".to_string())
}

/// Where the lock note of the save at `path` lives: `.<name>.umpire-lock` in the same folder.
pub fn lock_note_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let note = format!(".{name}.umpire-lock");
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.join(note),
        _ => PathBuf::from(note),
    }
}

/// Whether a save is being written to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriterLock {
    /// No umpire holds the save for writing (or the file cannot be read, or has no locks).
    Free,
    /// Another umpire holds it; who, when its lock note says so.
    HeldBy(Option<LockHolder>),
}

/// Who holds the save at `path` for writing, if anyone does (the lock is tested, not trusted
/// from the note). For the dashboard: "read-only: alice on club-server is writing".
pub fn writer_lock(path: &Path) -> WriterLock {
    let Ok(file) = File::open(path) else {
        return WriterLock::Free;
    };
    match file.try_lock_shared() {
        Err(fs::TryLockError::WouldBlock) => WriterLock::HeldBy(read_note(path)),
        Ok(()) | Err(fs::TryLockError::Error(_)) => WriterLock::Free,
    }
}

fn read_note(path: &Path) -> Option<LockHolder> {
    let text = fs::read_to_string(lock_note_path(path)).ok()?;
    serde_json::from_str(&text).ok()
}

/// How long a busy lock is retried before refusing: a writer that is just closing (or a forked
/// child that has not yet run `exec`, which still shares the descriptor) lets go within moments.
const LOCK_GRACE: Duration = Duration::from_millis(300);

/// Take the exclusive writer's lock on `file` (the save at `path`) and write the lock note. A
/// filesystem without locks is not an error (the note is still written). Returns how many
/// times the lock was found held and waited for inside [`LOCK_GRACE`] (0: it was free at
/// once), so a test can tell "did not wait" without a clock ([`SaveWriter::lock_waits`]).
///
/// [`SaveWriter::lock_waits`]: super::SaveWriter::lock_waits
pub(crate) fn lock(file: &File, path: &Path) -> Result<u32, StoreError> {
    let started = Instant::now();
    let mut waits = 0;
    loop {
        match file.try_lock() {
            Ok(()) => break,
            Err(fs::TryLockError::WouldBlock) if started.elapsed() < LOCK_GRACE => {
                waits += 1;
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(fs::TryLockError::WouldBlock) => {
                return Err(StoreError::Locked {
                    path: path.display().to_string(),
                    holder: read_note(path),
                })
            }
            Err(fs::TryLockError::Error(_)) => break,
        }
    }
    write_note(path)?;
    Ok(waits)
}

/// Write this process's lock note. The note is information only, so a folder that refuses it
/// (full disk, no permission) does not stop the umpire; but a symbolic link where the note goes
/// is refused: it could point at any file this user may write. The note is written to a new
/// temporary file (never through a link) and renamed over the old one (a rename replaces a link,
/// never its target), so a full disk leaves the old note or none, never an empty or half one.
fn write_note(path: &Path) -> Result<(), StoreError> {
    let note = lock_note_path(path);
    if fs::symlink_metadata(&note).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(StoreError::Link {
            path: note.display().to_string(),
            what: "the lock note of this save",
        });
    }
    let text = serde_json::to_string(&LockHolder::me()).unwrap_or_default() + "\n";
    let dir = match note.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = note
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let Ok((tmp, mut file)) = super::save::create_temp(dir, &name) else {
        return Ok(());
    };
    let written = file.write_all(text.as_bytes()).is_ok() && fs::rename(&tmp, &note).is_ok();
    if !written {
        let _ = fs::remove_file(&tmp);
        // A stale note (from a crash) would name the wrong holder: better none.
        if read_note(path).is_some_and(|h| h.pid != std::process::id()) {
            let _ = fs::remove_file(&note);
        }
    }
    Ok(())
}

/// Remove the lock note if it is still this process's (called when the writer closes).
pub(crate) fn remove_note(path: &Path) {
    let note = lock_note_path(path);
    if read_note(path).is_some_and(|h| h.pid == std::process::id()) {
        let _ = fs::remove_file(note);
    }
}

/// Refuse to replace a save another umpire is writing to (its commands would go to the old,
/// unlinked file and be lost).
pub(crate) fn refuse_if_locked(path: &Path) -> Result<(), StoreError> {
    match writer_lock(path) {
        WriterLock::HeldBy(holder) => Err(StoreError::Locked {
            path: path.display().to_string(),
            holder,
        }),
        WriterLock::Free => Ok(()),
    }
}

/// The identity of an open file: (device, inode) on Unix.
#[cfg(unix)]
pub(crate) fn identity(meta: &fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}

#[cfg(not(unix))]
pub(crate) fn identity(_meta: &fs::Metadata) -> (u64, u64) {
    (0, 0)
}

/// Is this error the disk (or a quota, or the file size limit) being full?
pub(crate) fn is_full(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::StorageFull | io::ErrorKind::FileTooLarge | io::ErrorKind::QuotaExceeded
    )
}

/// Is this error the file or its filesystem refusing writes?
pub(crate) fn is_read_only(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
    )
}
