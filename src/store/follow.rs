//! Following a save another process is writing (`umpire watch`): read-only, lock-free, cheap.
//!
//! The follower opens the file for reading only: it never takes a lock (not even a shared one,
//! which would make the writer's `try_lock` wait), never writes a lock note, never writes.
//! [`Follower::poll`] costs one `stat` when nothing changed; when the file grew it reads only
//! the bytes after the last complete line it took (plus a few bytes before them, to check that
//! what it read is still there). A last line without its end of line is not complete yet and
//! is read again at the next poll. When the file was replaced (another inode), cut shorter than
//! what was read, or changed before that point, everything is read again from the start
//! ([`Update::Reloaded`]). A damaged line stops the follower there, with a message, until the
//! file changes; nothing panics.
use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::de::DeserializeOwned;

use super::format::{classify, LOG_MARKER};
use super::lock::identity;
use super::save::{parse_save_bytes, Loaded, MAX_SAVE_BYTES};

/// Bytes before the read position compared at each read: a save rewritten in place (same
/// inode, as long or longer) is noticed and re-read.
const TAIL: usize = 64;

/// What changed in the file since the last poll.
#[derive(Debug, Clone, PartialEq)]
pub enum Update<T> {
    /// Entries appended after those already read, oldest first.
    Appended(Vec<T>),
    /// The file was replaced, cut or rewritten: all of it, read again.
    Reloaded(Loaded<T>),
}

/// The result of one poll: what changed, and the problem that stops the follower, if any (it
/// stays until the file changes and the problem is gone).
#[derive(Debug, Clone, PartialEq)]
pub struct Polled<T> {
    pub update: Option<Update<T>>,
    pub problem: Option<String>,
}

/// Reads a save as it grows. See the module documentation.
#[derive(Debug)]
pub struct Follower {
    path: PathBuf,
    name: String,
    /// Byte offset just past the last complete line taken.
    offset: u64,
    /// Lines before `offset` (for "file:line" messages).
    lines: usize,
    /// The bytes just before `offset`, as read.
    tail: Vec<u8>,
    /// The file had its log marker when read: new lines are log entries.
    has_log: bool,
    /// (device, inode) of the file read.
    identity: (u64, u64),
    /// (identity, length, modification time) at the last poll: unchanged means nothing to do.
    seen: Option<((u64, u64), u64, Option<SystemTime>)>,
    problem: Option<String>,
}

/// Read at most [`MAX_SAVE_BYTES`] from `file`.
fn read_bounded(file: &mut File, name: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    file.take(MAX_SAVE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_SAVE_BYTES {
        return Err(format!(
            "{name}: the save is larger than {MAX_SAVE_BYTES} bytes; it is not read"
        ));
    }
    Ok(bytes)
}

fn has_marker(bytes: &[u8]) -> bool {
    bytes
        .split(|&b| b == b'\n')
        .any(|l| l.strip_suffix(b"\r").unwrap_or(l) == LOG_MARKER.as_bytes())
}

impl Follower {
    /// Open the save at `path` and read it whole (read-only, no lock).
    pub fn open<T: DeserializeOwned>(path: &Path) -> Result<(Follower, Loaded<T>), String> {
        let mut f = Follower {
            path: path.to_path_buf(),
            name: path.display().to_string(),
            offset: 0,
            lines: 0,
            tail: Vec::new(),
            has_log: false,
            identity: (0, 0),
            seen: None,
            problem: None,
        };
        let loaded = f.read_all()?;
        Ok((f, loaded))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Read the whole file; on success the follower continues from its last complete line.
    fn read_all<T: DeserializeOwned>(&mut self) -> Result<Loaded<T>, String> {
        let name = &self.name;
        let mut file = File::open(&self.path).map_err(|e| format!("{name}: cannot read: {e}"))?;
        let meta = file
            .metadata()
            .map_err(|e| format!("{name}: cannot read: {e}"))?;
        let bytes = read_bounded(&mut file, name)?;
        let has_log = has_marker(&bytes);
        // With a log, a last line without its end of line is an entry still being written:
        // leave it for the next poll. Without one, the whole file is the scenario.
        let cut = if has_log {
            bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
        } else {
            bytes.len()
        };
        let loaded = parse_save_bytes::<T>(name, &bytes[..cut]).map_err(|e| e.to_string())?;
        self.offset = cut as u64;
        self.lines = bytes[..cut].iter().filter(|&&b| b == b'\n').count();
        self.tail = bytes[cut.saturating_sub(TAIL)..cut].to_vec();
        self.has_log = has_log;
        self.identity = identity(&meta);
        self.problem = None;
        Ok(loaded)
    }

    /// Look at the file once: new complete entries, or the whole file again when it was
    /// replaced or rewritten. Cheap when nothing changed (one `stat`).
    pub fn poll<T: DeserializeOwned>(&mut self) -> Polled<T> {
        let update = match fs::metadata(&self.path) {
            Err(e) => {
                self.seen = None;
                self.problem = Some(format!(
                    "{}: cannot be read now ({e}); showing the battle as last read",
                    self.name
                ));
                None
            }
            Ok(meta) => {
                let now = (identity(&meta), meta.len(), meta.modified().ok());
                if self.seen == Some(now) {
                    None
                } else {
                    self.seen = Some(now);
                    self.changed(now.0, now.1)
                }
            }
        };
        Polled {
            update,
            problem: self.problem.clone(),
        }
    }

    fn changed<T: DeserializeOwned>(&mut self, id: (u64, u64), len: u64) -> Option<Update<T>> {
        if id != self.identity || len < self.offset || !self.has_log {
            return self.reload();
        }
        match self.read_new() {
            Ok(Some(entries)) if entries.is_empty() => None,
            Ok(Some(entries)) => Some(Update::Appended(entries)),
            Ok(None) => self.reload(),
            Err(problem) => {
                self.problem = Some(problem);
                None
            }
        }
    }

    fn reload<T: DeserializeOwned>(&mut self) -> Option<Update<T>> {
        match self.read_all() {
            Ok(loaded) => Some(Update::Reloaded(loaded)),
            Err(e) => {
                self.problem = Some(e);
                None
            }
        }
    }

    /// The complete entries after `offset`; None when the bytes before it changed (re-read
    /// everything). Stops at a damaged line, keeping what came before it.
    fn read_new<T: DeserializeOwned>(&mut self) -> Result<Option<Vec<T>>, String> {
        let name = &self.name;
        let io = |e: std::io::Error| format!("{name}: cannot read: {e}");
        let mut file = File::open(&self.path).map_err(io)?;
        let from = self.offset - self.tail.len() as u64;
        file.seek(SeekFrom::Start(from)).map_err(io)?;
        let bytes = read_bounded(&mut file, name)?;
        if !bytes.starts_with(&self.tail) {
            return Ok(None);
        }
        let new = &bytes[self.tail.len()..];
        let mut entries = Vec::new();
        let mut used = 0;
        self.problem = None;
        while let Some(end) = new[used..].iter().position(|&b| b == b'\n') {
            let line = &new[used..used + end];
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let no = self.lines + 1;
            if !line.iter().all(u8::is_ascii_whitespace) {
                let decoded = classify(line)
                    .map_err(|p| p.reason)
                    .and_then(|json| serde_json::from_str::<T>(json).map_err(|e| e.to_string()));
                match decoded {
                    Ok(entry) => entries.push(entry),
                    Err(reason) => {
                        self.problem = Some(format!(
                            "{name}:{no}: damaged log line ({reason}); following stopped before it"
                        ));
                        break;
                    }
                }
            }
            used += end + 1;
            self.lines = no;
        }
        self.offset += used as u64;
        let consumed = self.tail.len() + used;
        self.tail = bytes[consumed.saturating_sub(TAIL)..consumed].to_vec();
        Ok(Some(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{create_save, SaveWriter};
    use serde::{Deserialize, Serialize};
    use std::io::Write;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct E {
        seq: u64,
    }

    const SCENARIO: &str = "[scenario]\nname = \"x\"\n";

    fn save(dir: &Path, n: u64) -> PathBuf {
        let path = dir.join("s.toml");
        let entries: Vec<E> = (1..=n).map(|seq| E { seq }).collect();
        let refs: Vec<&E> = entries.iter().collect();
        create_save(&path, SCENARIO, &refs).unwrap();
        path
    }

    fn seqs(u: Option<Update<E>>) -> Vec<u64> {
        match u {
            Some(Update::Appended(v)) => v.iter().map(|e| e.seq).collect(),
            other => panic!("expected appended entries, got {other:?}"),
        }
    }

    fn append_raw(path: &Path, bytes: &[u8]) {
        let mut f = fs::OpenOptions::new().append(true).open(path).unwrap();
        f.write_all(bytes).unwrap();
    }

    #[test]
    fn reads_what_the_writer_appends_and_nothing_twice() {
        let dir = tempfile::tempdir().unwrap();
        let path = save(dir.path(), 2);
        let (mut f, loaded) = Follower::open::<E>(&path).unwrap();
        assert_eq!(loaded.entries.len(), 2);
        assert_eq!(f.poll::<E>().update, None);
        let mut w = SaveWriter::open(&path).unwrap();
        w.append(&E { seq: 3 }).unwrap();
        w.append(&E { seq: 4 }).unwrap();
        assert_eq!(seqs(f.poll().update), vec![3, 4]);
        assert_eq!(f.poll::<E>().update, None, "nothing new");
        w.append(&E { seq: 5 }).unwrap();
        assert_eq!(seqs(f.poll().update), vec![5]);
    }

    #[test]
    fn a_line_without_its_end_is_read_when_it_is_complete() {
        let dir = tempfile::tempdir().unwrap();
        let path = save(dir.path(), 1);
        let (mut f, _) = Follower::open::<E>(&path).unwrap();
        let line = crate::store::format::entry_line(r#"{"seq":2}"#);
        let (a, b) = line.as_bytes().split_at(7);
        append_raw(&path, a);
        let p = f.poll::<E>();
        assert_eq!(
            (p.update, p.problem),
            (None, None),
            "a torn line is not complete yet"
        );
        append_raw(&path, b);
        assert_eq!(seqs(f.poll().update), vec![2]);
    }

    #[test]
    fn a_torn_line_at_open_is_left_for_later() {
        let dir = tempfile::tempdir().unwrap();
        let path = save(dir.path(), 1);
        let line = crate::store::format::entry_line(r#"{"seq":2}"#);
        append_raw(&path, &line.as_bytes()[..9]);
        let (mut f, loaded) = Follower::open::<E>(&path).unwrap();
        assert_eq!(loaded.entries.len(), 1);
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
        append_raw(&path, &line.as_bytes()[9..]);
        assert_eq!(seqs(f.poll().update), vec![2]);
    }

    #[test]
    fn a_replaced_or_shortened_save_is_read_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = save(dir.path(), 3);
        let (mut f, _) = Follower::open::<E>(&path).unwrap();
        // Replaced (a new inode, as an atomic write does).
        let other = dir.path().join("other.toml");
        let entries = [E { seq: 1 }];
        create_save(&other, SCENARIO, &entries.iter().collect::<Vec<_>>()).unwrap();
        fs::rename(&other, &path).unwrap();
        match f.poll::<E>().update {
            Some(Update::Reloaded(l)) => assert_eq!(l.entries, vec![E { seq: 1 }]),
            u => panic!("{u:?}"),
        }
        // Cut shorter in place.
        let text = fs::read_to_string(&path).unwrap();
        let file = fs::OpenOptions::new().write(true).open(&path).unwrap();
        let keep = text.rfind("#@").unwrap();
        file.set_len(keep as u64).unwrap();
        match f.poll::<E>().update {
            Some(Update::Reloaded(l)) => assert!(l.entries.is_empty()),
            u => panic!("{u:?}"),
        }
    }

    #[test]
    fn a_save_rewritten_in_place_is_read_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = save(dir.path(), 2);
        let (mut f, _) = Follower::open::<E>(&path).unwrap();
        let text = fs::read_to_string(&path).unwrap();
        // Same inode, different last entry, longer file.
        let cut = text.rfind("#@").unwrap();
        let mut new = text[..cut].to_string();
        new.push_str(&crate::store::format::entry_line(r#"{"seq":20}"#));
        new.push_str(&crate::store::format::entry_line(r#"{"seq":21}"#));
        let mut file = fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.write_all(new.as_bytes()).unwrap();
        match f.poll::<E>().update {
            Some(Update::Reloaded(l)) => {
                assert_eq!(
                    l.entries.iter().map(|e| e.seq).collect::<Vec<_>>(),
                    [1, 20, 21]
                )
            }
            u => panic!("{u:?}"),
        }
    }

    #[test]
    fn a_damaged_line_is_a_message_and_following_resumes_when_it_is_cut() {
        let dir = tempfile::tempdir().unwrap();
        let path = save(dir.path(), 1);
        let (mut f, _) = Follower::open::<E>(&path).unwrap();
        let good = crate::store::format::entry_line(r#"{"seq":2}"#);
        let bad = crate::store::format::entry_line(r#"{"seq":3}"#).replace("3}", "4}");
        append_raw(&path, format!("{good}{bad}").as_bytes());
        let p = f.poll::<E>();
        assert_eq!(
            seqs(p.update),
            vec![2],
            "the entries before the damage are taken"
        );
        let problem = p.problem.expect("a message");
        assert!(
            problem.contains("s.toml:6:") && problem.contains("checksum"),
            "{problem}"
        );
        assert!(
            f.poll::<E>().problem.is_some(),
            "it stays until the file changes"
        );
        // A complete damaged line is not a torn write: the writer refuses the file, cuts nothing.
        let err = SaveWriter::open(&path).unwrap_err();
        assert!(
            matches!(err, crate::store::StoreError::Corrupt { line: 6, .. }),
            "{err}"
        );
        // Cut by hand (after `umpire recover`), the save takes new entries; the follower resumes.
        let len = fs::metadata(&path).unwrap().len() - bad.len() as u64;
        let file = fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.set_len(len).unwrap();
        drop(file);
        let mut w = SaveWriter::open(&path).unwrap();
        w.append(&E { seq: 3 }).unwrap();
        let p = f.poll::<E>();
        assert_eq!(seqs(p.update), vec![3]);
        assert_eq!(p.problem, None);
    }

    #[test]
    fn a_scenario_gets_its_log_and_a_deleted_save_is_a_message() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.toml");
        fs::write(&path, "[scenario]\nname = \"x\"").unwrap();
        let (mut f, loaded) = Follower::open::<E>(&path).unwrap();
        assert!(loaded.entries.is_empty());
        let mut w = SaveWriter::open(&path).unwrap();
        w.append(&E { seq: 1 }).unwrap();
        match f.poll::<E>().update {
            Some(Update::Reloaded(l)) => assert_eq!(l.entries, vec![E { seq: 1 }]),
            u => panic!("{u:?}"),
        }
        drop(w);
        fs::remove_file(&path).unwrap();
        let p = f.poll::<E>();
        assert_eq!(p.update, None);
        assert!(p.problem.unwrap().contains("cannot be read now"));
    }

    /// The follower works on a file it may not write, never locks (the writer opens at once,
    /// with no grace-period wait), and leaves no file behind.
    #[cfg(unix)]
    #[test]
    fn never_writes_or_locks() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = save(dir.path(), 1);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
        let (mut f, _) = Follower::open::<E>(&path).unwrap();
        let _ = f.poll::<E>();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        let mut w = SaveWriter::open(&path).unwrap();
        assert_eq!(w.lock_waits(), 0, "the writer waited for a lock");
        w.append(&E { seq: 2 }).unwrap();
        assert_eq!(seqs(f.poll().update), vec![2]);
        drop(w);
        let names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["s.toml"]);
    }
}
