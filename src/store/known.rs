//! What a writer knows of the bytes it left in its save, so that a file rewritten in place
//! (`cp other.toml save.toml`, an editor or a sync tool writing over it) is noticed before
//! anything is appended to it, even when it has exactly the length the writer left.
//!
//! Before each append the writer has already checked that the path names the file it opened
//! and that the file has the length it left. Then, cheapest first:
//! - the first and last [`EDGE`] bytes are read back and compared: another battle differs in
//!   its scenario, a changed log in its last entry (two small reads, every time);
//! - the file's times (modification and status change, to the nanosecond) are compared with
//!   those after this writer's last write: anything that writes the file changes them, and no
//!   program can set the status-change time back (`cp -p` and `touch -d` set the other one);
//! - only when the times changed, the CRC-32 of the whole file is compared with the running
//!   CRC-32 of every byte this writer read at open or wrote since: a change in the middle is
//!   seen, and a `chmod` or `touch` that changed no byte is forgiven (its times kept).
//!
//! The running CRC-32 also says whether the open file still holds this writer's bytes when a
//! rescue copies from it ([`Known::holds`]).
use std::fs::{File, Metadata};

use super::save::read_exact_at;

/// How many bytes at each end of the file are compared before every append.
const EDGE: usize = 4096;

/// The writer's knowledge of its file: a running CRC-32, both ends, the times.
#[derive(Debug, Clone)]
pub(crate) struct Known {
    crc: crc32fast::Hasher,
    /// The first bytes of the file (up to [`EDGE`]).
    head: Vec<u8>,
    /// The last bytes of the file (up to [`EDGE`]).
    tail: Vec<u8>,
    times: Option<Times>,
}

/// Modification and status-change times, in nanoseconds.
type Times = (i128, i128);

#[cfg(unix)]
fn times(meta: &Metadata) -> Option<Times> {
    use std::os::unix::fs::MetadataExt;
    let ns = |s: i64, n: i64| i128::from(s) * 1_000_000_000 + i128::from(n);
    Some((
        ns(meta.mtime(), meta.mtime_nsec()),
        ns(meta.ctime(), meta.ctime_nsec()),
    ))
}

#[cfg(not(unix))]
fn times(meta: &Metadata) -> Option<Times> {
    let t = meta.modified().ok()?;
    let ns = t.duration_since(std::time::UNIX_EPOCH).ok()?.as_nanos() as i128;
    Some((ns, 0))
}

impl Known {
    /// The file holds `bytes` (as read at open, under the lock); `meta` is its metadata now.
    pub fn new(bytes: &[u8], meta: &Metadata) -> Known {
        let mut known = Known {
            crc: crc32fast::Hasher::new(),
            head: Vec::new(),
            tail: Vec::new(),
            times: None,
        };
        known.appended(bytes);
        known.times = times(meta);
        known
    }

    /// `bytes` were appended (and made durable) by this writer.
    pub fn appended(&mut self, bytes: &[u8]) {
        self.crc.update(bytes);
        if self.head.len() < EDGE {
            let room = EDGE - self.head.len();
            self.head.extend_from_slice(&bytes[..room.min(bytes.len())]);
        }
        // Only the last bytes: at open `bytes` is the whole file (no copy of it is kept).
        self.tail
            .extend_from_slice(&bytes[bytes.len().saturating_sub(EDGE)..]);
        if self.tail.len() > EDGE {
            self.tail.drain(..self.tail.len() - EDGE);
        }
    }

    /// The file's times after this writer's own change (an append, or an append cut back).
    pub fn touched(&mut self, meta: &Metadata) {
        self.times = times(meta);
    }

    /// The CRC-32 of every byte the file should hold.
    pub fn crc(&self) -> u32 {
        self.crc.clone().finalize()
    }

    /// Whether `bytes` are exactly the bytes this writer knows the file holds.
    pub fn holds(&self, bytes: &[u8]) -> bool {
        crc32fast::hash(bytes) == self.crc()
    }

    /// Whether `file` (the file this writer opened, `len` bytes long, `meta` its metadata now)
    /// still holds the bytes this writer knows. A read that fails says nothing (the append
    /// that follows reports a real problem), so it counts as unchanged.
    pub fn still_holds(&mut self, file: &File, len: u64, meta: &Metadata) -> bool {
        let same_at = |at: u64, expected: &[u8]| {
            let mut buf = vec![0; expected.len()];
            read_exact_at(file, &mut buf, at).map_or(true, |()| buf == expected)
        };
        if !same_at(0, &self.head) || !same_at(len - self.tail.len() as u64, &self.tail) {
            return false;
        }
        let now = times(meta);
        if now == self.times {
            return true;
        }
        match crc_of(file, len) {
            Some(crc) if crc != self.crc() => false,
            _ => {
                self.times = now;
                true
            }
        }
    }
}

/// The CRC-32 of the first `len` bytes of `file`, read a block at a time.
fn crc_of(file: &File, len: u64) -> Option<u32> {
    let mut crc = crc32fast::Hasher::new();
    let mut buf = vec![0; 64 * 1024];
    let mut at = 0;
    while at < len {
        let n = buf.len().min((len - at) as usize);
        read_exact_at(file, &mut buf[..n], at).ok()?;
        crc.update(&buf[..n]);
        at += n as u64;
    }
    Some(crc.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn file_with(bytes: &[u8]) -> (tempfile::TempDir, std::path::PathBuf, File) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, bytes).unwrap();
        let file = std::fs::OpenOptions::new()
            .read(true)
            .append(true)
            .open(&path)
            .unwrap();
        (dir, path, file)
    }

    #[test]
    fn the_ends_and_the_checksum_follow_every_append() {
        let start: Vec<u8> = (0..5000u32).map(|i| (i % 251) as u8).collect();
        let (_dir, _path, mut file) = file_with(&start);
        let mut known = Known::new(&start, &file.metadata().unwrap());
        let mut all = start.clone();
        for k in 0..20u8 {
            let more = vec![k; 700];
            file.write_all(&more).unwrap();
            known.appended(&more);
            known.touched(&file.metadata().unwrap());
            all.extend_from_slice(&more);
            let meta = file.metadata().unwrap();
            assert!(known.still_holds(&file, all.len() as u64, &meta), "{k}");
        }
        assert!(known.holds(&all));
        assert_eq!(known.head, all[..EDGE]);
        assert_eq!(known.tail, all[all.len() - EDGE..]);
    }

    #[test]
    fn a_change_anywhere_is_seen_and_a_touch_is_forgiven() {
        let start: Vec<u8> = (0..20_000u32).map(|i| (i % 251) as u8).collect();
        for at in [0, 100, 9_000, 19_999] {
            let (_dir, path, file) = file_with(&start);
            let mut known = Known::new(&start, &file.metadata().unwrap());
            let mut other = start.clone();
            other[at] ^= 1;
            std::thread::sleep(std::time::Duration::from_millis(5));
            std::fs::write(&path, &other).unwrap();
            let meta = std::fs::metadata(&path).unwrap();
            assert!(!known.still_holds(&file, start.len() as u64, &meta), "{at}");
        }
        let (_dir, path, file) = file_with(&start);
        let mut known = Known::new(&start, &file.metadata().unwrap());
        std::thread::sleep(std::time::Duration::from_millis(5));
        std::fs::write(&path, &start).unwrap(); // the same bytes written again
        let meta = std::fs::metadata(&path).unwrap();
        assert!(known.still_holds(&file, start.len() as u64, &meta));
        assert_eq!(known.times, times(&meta), "the new times are kept");
    }
}
