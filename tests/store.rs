//! Save files never lose a confirmed command: round trips, torn writes, corruption, recovery,
//! atomic replacement and clear I/O errors.

use std::fs;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use umpire::store::{
    append_entry, create_save, parse_save, read_save, recover_save, write_atomic, Loaded,
    SaveWriter, StoreError, LOG_MARKER, MAX_SAVE_BYTES,
};

#[derive(Serialize, Deserialize, PartialEq, Debug, Clone)]
struct E {
    seq: u32,
    cmd: String,
}

fn e(seq: u32, cmd: &str) -> E {
    E {
        seq,
        cmd: cmd.to_string(),
    }
}

const SCENARIO: &str = "\
# Dogger Bank, 24 January 1915
[scenario]
name = \"Dogger Bank\"
ruleset = \"fgdn-1.1\"
start = \"0900\"

[[ship]]
id = \"lion\"
name = \"Lion\"
side = \"british\"
";

/// Entries whose last one has multi-byte characters, so cuts also split a UTF-8 sequence.
fn sample_entries() -> Vec<E> {
    vec![
        e(1, "hit lion 3"),
        e(2, "fire tiger \"aft\""),
        e(3, "crit blücher rudder — Tōne"),
    ]
}

fn save_path(dir: &tempfile::TempDir) -> PathBuf {
    dir.path().join("battle.toml")
}

fn load(path: &Path) -> Loaded<E> {
    match read_save(path) {
        Ok(loaded) => loaded,
        Err(err) => panic!("{err}"),
    }
}

/// Byte range (start, end-without-newline) of 1-based line `line` in `bytes`.
fn line_span(bytes: &[u8], line: usize) -> (usize, usize) {
    let mut start = 0;
    for _ in 1..line {
        start += bytes[start..].iter().position(|&b| b == b'\n').unwrap() + 1;
    }
    let len = bytes[start..].iter().position(|&b| b == b'\n').unwrap();
    (start, start + len)
}

#[test]
fn round_trip_keeps_scenario_and_entries_and_stays_valid_toml() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&dir);
    create_save::<E>(&path, SCENARIO, &[]).unwrap();
    let mut writer = SaveWriter::open(&path).unwrap();
    for entry in sample_entries() {
        writer.append(&entry).unwrap();
    }
    drop(writer);
    append_entry(&path, &e(4, "advance 0903")).unwrap();

    let loaded = load(&path);
    let mut expected = sample_entries();
    expected.push(e(4, "advance 0903"));
    assert_eq!(loaded.entries, expected);
    assert_eq!(loaded.scenario_text, SCENARIO);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let marker_line = SCENARIO.lines().count() + 1;
    assert_eq!(loaded.log_start_line, marker_line + 1);
    assert_eq!(
        loaded.entry_lines,
        (marker_line + 1..marker_line + 5).collect::<Vec<_>>()
    );

    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches(LOG_MARKER).count(), 1);
    let table: toml::Table = toml::from_str(&text).unwrap();
    assert_eq!(table["scenario"]["name"].as_str(), Some("Dogger Bank"));
    assert_eq!(table["ship"][0]["id"].as_str(), Some("lion"));

    let again: Loaded<E> = parse_save("battle.toml", &text).unwrap();
    assert_eq!(again, loaded);
}

#[test]
fn create_save_writes_entries_and_the_marker_even_with_none() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&dir);
    create_save(&path, SCENARIO, &sample_entries()).unwrap();
    assert_eq!(load(&path).entries, sample_entries());

    create_save::<E>(&path, "a = 1", &[]).unwrap();
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("a = 1\n{LOG_MARKER}\n")
    );
    let loaded = load(&path);
    assert_eq!((loaded.entries.len(), loaded.log_start_line), (0, 3));
}

#[test]
fn first_append_to_a_plain_scenario_writes_the_marker_once_and_keeps_its_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&dir);
    let scenario = SCENARIO.trim_end(); // no final end of line
    fs::write(&path, scenario).unwrap();
    let before: Loaded<E> = read_save(&path).unwrap();
    assert_eq!(before.log_start_line, scenario.lines().count() + 2);

    append_entry(&path, &e(1, "a")).unwrap();
    append_entry(&path, &e(2, "b")).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert!(
        text.starts_with(&format!("{scenario}\n{LOG_MARKER}\n#@ ")),
        "{text}"
    );
    assert_eq!(text.matches(LOG_MARKER).count(), 1);
    let loaded = load(&path);
    assert_eq!(loaded.entries, vec![e(1, "a"), e(2, "b")]);
    assert_eq!(loaded.entry_lines[0], before.log_start_line);
}

#[test]
fn a_torn_last_line_is_ignored_with_a_warning_and_cut_before_the_next_append() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&dir);
    create_save(&path, SCENARIO, &sample_entries()).unwrap();
    let full = fs::read(&path).unwrap();
    let last_line = SCENARIO.lines().count() + 4;
    let (start, end) = line_span(&full, last_line);

    // Every cut inside the last line, including "complete but no end of line".
    for cut in start + 1..=end {
        fs::write(&path, &full[..cut]).unwrap();
        let loaded = load(&path);
        assert_eq!(loaded.entries, sample_entries()[..2], "cut at {cut}");
        assert_eq!(
            loaded.warnings,
            vec![format!(
                "{}:{last_line}: the last log entry is incomplete (torn write); it was ignored \
                 and the 2 entries before it load",
                path.display()
            )],
            "cut at {cut}"
        );

        let mut writer = SaveWriter::open(&path).unwrap();
        assert_eq!(fs::read(&path).unwrap(), full[..start], "cut at {cut}");
        writer.append(&e(9, "after the crash")).unwrap();
        let loaded = load(&path);
        assert!(loaded.warnings.is_empty(), "cut at {cut}");
        assert_eq!(
            loaded.entries,
            vec![
                sample_entries()[0].clone(),
                sample_entries()[1].clone(),
                e(9, "after the crash")
            ]
        );
        assert_eq!(loaded.entry_lines[2], last_line);
    }

    // A cut right after a complete line is simply a shorter log.
    fs::write(&path, &full[..start]).unwrap();
    let loaded = load(&path);
    assert_eq!((loaded.entries.len(), loaded.warnings.len()), (2, 0));
}

/// A torn write cannot end in a newline: a complete last line with a bad checksum is bit rot or
/// a hand edit, so it is an error naming the line, and the writer refuses the file instead of
/// cutting off a confirmed command.
#[test]
fn a_complete_last_line_with_a_bad_checksum_is_corruption_not_a_torn_write() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&dir);
    create_save(&path, SCENARIO, &sample_entries()).unwrap();
    let mut bytes = fs::read(&path).unwrap();
    let last = SCENARIO.lines().count() + 4;
    let (_, end) = line_span(&bytes, last);
    bytes[end - 2] ^= 0x01;
    fs::write(&path, &bytes).unwrap();
    let err = read_save::<E>(&path).unwrap_err();
    assert!(
        matches!(err, StoreError::Corrupt { line, intact: 2, .. } if line == last),
        "{err}"
    );
    assert!(err.to_string().contains("umpire recover"), "{err}");
    let err = SaveWriter::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::Corrupt { .. }), "{err}");
    assert_eq!(
        fs::read(&path).unwrap(),
        bytes,
        "nothing cut, nothing written"
    );
    // Zero-filled blocks (a crash on a filesystem that grew the file before writing it) are
    // still a torn write, even when the last block, with the end of line, reached the disk.
    let (start, end) = line_span(&bytes, last);
    for b in &mut bytes[start + 3..end - 1] {
        *b = 0;
    }
    fs::write(&path, &bytes).unwrap();
    assert_eq!(load(&path).warnings.len(), 1);
}

#[test]
fn a_corrupt_middle_line_is_an_error_naming_it_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&dir);
    let mut entries = sample_entries();
    entries.push(e(4, "advance"));
    entries.push(e(5, "advance"));
    create_save(&path, SCENARIO, &entries).unwrap();
    let good = fs::read(&path).unwrap();
    let bad_line = SCENARIO.lines().count() + 4; // entry 3
    let (start, end) = line_span(&good, bad_line);

    for at in start..end {
        let mut damaged = good.clone();
        damaged[at] ^= 0x01;
        fs::write(&path, &damaged).unwrap();

        let err = read_save::<E>(&path).unwrap_err();
        let StoreError::Corrupt { line, intact, .. } = &err else {
            panic!("byte {at}: {err}");
        };
        assert_eq!((*line, *intact), (bad_line, 2), "byte {at}: {err}");
        let msg = err.to_string();
        let prefix = format!("{}:{bad_line}: ", path.display());
        assert!(msg.starts_with(&prefix), "{msg}");
        assert!(msg.contains("The file was not changed"), "{msg}");
        assert!(msg.contains("Entries 1..2 before it are intact"), "{msg}");

        // Neither reading nor trying to append touches the file.
        let err = SaveWriter::open(&path).unwrap_err();
        assert!(matches!(err, StoreError::Corrupt { line, .. } if line == bad_line));
        assert_eq!(fs::read(&path).unwrap(), damaged, "byte {at}");
    }

    let damaged = fs::read(&path).unwrap();
    let out = dir.path().join("recovered.toml");
    assert_eq!(recover_save(&path, &out).unwrap(), 2);
    assert_eq!(fs::read(&path).unwrap(), damaged);
    let recovered = load(&out);
    assert_eq!(recovered.scenario_text, SCENARIO);
    assert_eq!(recovered.entries, entries[..2]);
    assert!(recovered.warnings.is_empty());

    let err = recover_save(&path, &path).unwrap_err();
    assert!(matches!(err, StoreError::SameFile { .. }), "{err}");
    assert_eq!(fs::read(&path).unwrap(), damaged);
}

#[test]
fn text_after_the_marker_must_be_entries_or_blank() {
    let line = |json: &str| format!("#@ {:08x} {json}\n", umpire::store::crc32(json.as_bytes()));
    let ok = line(r#"{"seq":1,"cmd":"a"}"#);
    let text = format!("a = 1\n{LOG_MARKER}\n\n{ok}   \n{ok}\n");
    let loaded: Loaded<E> = parse_save("s.toml", &text).unwrap();
    assert_eq!(loaded.entries.len(), 2);
    assert_eq!(loaded.entry_lines, vec![4, 6]);

    let text = format!("a = 1\n{LOG_MARKER}\n{ok}# a note\n{ok}");
    let err = parse_save::<E>("s.toml", &text).unwrap_err();
    assert!(err.to_string().starts_with("s.toml:4: "), "{err}");
    assert!(err.to_string().contains("not a log entry line"), "{err}");

    // Hand-written text at the very end is not mistaken for a torn write either.
    let text = format!("a = 1\n{LOG_MARKER}\n{ok}# a note\n");
    let err = parse_save::<E>("s.toml", &text).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::Corrupt {
                line: 4,
                intact: 1,
                ..
            }
        ),
        "{err}"
    );

    // An intact line whose JSON is not an entry is never skipped, even when last.
    let text = format!("a = 1\n{LOG_MARKER}\n{ok}{}", line(r#"{"seq":"x"}"#));
    let err = parse_save::<E>("s.toml", &text).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::Corrupt {
                line: 4,
                intact: 1,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("does not decode"), "{err}");
    assert!(err.to_string().contains("of the JSON"), "{err}");
}

#[test]
fn non_utf8_text_is_reported_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&dir);
    fs::write(&path, b"a = 1\nname = \"Bl\xfccher\"\n").unwrap();
    let err = read_save::<E>(&path).unwrap_err();
    assert!(matches!(err, StoreError::NotUtf8 { line: 2, .. }), "{err}");
    assert!(err
        .to_string()
        .starts_with(&format!("{}:2: ", path.display())));

    // In a middle log line it is damage like any other.
    create_save(&path, "a = 1\n", &sample_entries()).unwrap();
    let mut bytes = fs::read(&path).unwrap();
    let (start, _) = line_span(&bytes, 3);
    bytes[start + 15] = 0xff;
    fs::write(&path, &bytes).unwrap();
    let err = read_save::<E>(&path).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::Corrupt {
                line: 3,
                intact: 0,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn create_save_refuses_a_scenario_that_already_has_a_log() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&dir);
    let text = format!("a = 1\n{LOG_MARKER}\n");
    let err = create_save::<E>(&path, &text, &[]).unwrap_err();
    assert!(
        matches!(err, StoreError::ScenarioHasLog { line: 2, .. }),
        "{err}"
    );
    assert!(!path.exists());
}

fn dir_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn write_atomic_replaces_the_file_and_leaves_no_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&dir);
    write_atomic(&path, "old = 1\n").unwrap();
    write_atomic(&path, "new = 2\n").unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "new = 2\n");
    assert_eq!(dir_names(dir.path()), vec!["battle.toml"]);

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&path, "newer = 3\n").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }

    #[cfg(unix)]
    {
        let link = dir.path().join("link.toml");
        std::os::unix::fs::symlink("battle.toml", &link).unwrap();
        write_atomic(&link, "via = \"link\"\n").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&path).unwrap(), "via = \"link\"\n");
        fs::remove_file(&link).unwrap();
    }

    let missing = dir.path().join("no-such-dir").join("x.toml");
    let err = write_atomic(&missing, "x = 1\n").unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.starts_with(&format!("{}: cannot ", missing.display())),
        "{msg}"
    );
    assert_eq!(dir_names(dir.path()), vec!["battle.toml"]);
}

#[test]
fn appending_to_a_file_that_cannot_be_written_names_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.toml");
    let err = append_entry(&missing, &e(1, "a")).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.starts_with(&format!(
            "{}: cannot open for appending: ",
            missing.display()
        )),
        "{msg}"
    );
    assert!(!missing.exists());

    // A directory cannot be appended to, whoever runs the test.
    let err = append_entry(dir.path(), &e(1, "a")).unwrap_err();
    assert!(matches!(err, StoreError::Io { .. }), "{err}");
    assert!(err
        .to_string()
        .starts_with(&format!("{}: cannot ", dir.path().display())));

    let path = save_path(&dir);
    create_save(&path, SCENARIO, &sample_entries()).unwrap();
    let before = fs::read(&path).unwrap();
    let mut perms = fs::metadata(&path).unwrap().permissions();
    perms.set_readonly(true);
    fs::set_permissions(&path, perms).unwrap();
    if fs::OpenOptions::new().append(true).open(&path).is_ok() {
        eprintln!("skipped the read-only case: this user (root?) may write read-only files");
        return;
    }
    let err = append_entry(&path, &e(4, "a")).unwrap_err();
    assert!(matches!(err, StoreError::Io { .. }), "{err}");
    let msg = err.to_string();
    assert!(
        msg.starts_with(&format!("{}: cannot open for appending: ", path.display())),
        "{msg}"
    );
    assert_eq!(fs::read(&path).unwrap(), before);
}

#[test]
fn a_second_writer_on_the_same_save_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&dir);
    create_save::<E>(&path, SCENARIO, &[]).unwrap();
    let mut first = SaveWriter::open(&path).unwrap();
    let err = SaveWriter::open(&path).unwrap_err();
    assert!(
        err.to_string()
            .contains("another umpire is writing to this save"),
        "{err}"
    );
    first.append(&e(1, "a")).unwrap();
    drop(first);
    SaveWriter::open(&path).unwrap().append(&e(2, "b")).unwrap();
    assert_eq!(load(&path).entries.len(), 2);
}

/// An entry that would take the save past the size every reader refuses is refused before it
/// is written; a file already over it (written by an older umpire) can still be recovered.
#[test]
fn an_entry_that_would_make_the_save_unreadable_is_refused_and_recover_reads_an_oversized_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&dir);
    let big = "x".repeat(1024 * 1024);
    let entries: Vec<E> = (0..63).map(|i| e(i, &big)).collect();
    create_save(&path, SCENARIO, &entries).unwrap();
    let before = fs::read(&path).unwrap();
    let room = MAX_SAVE_BYTES - before.len() as u64;
    let mut w = SaveWriter::open(&path).unwrap();
    let err = w.append(&e(63, &"y".repeat(room as usize))).unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, StoreError::EntryTooLarge { .. }), "{msg}");
    assert!(msg.contains("NOT saved"), "{msg}");
    assert_eq!(fs::read(&path).unwrap(), before);
    w.append(&e(63, "small")).unwrap();
    drop(w);
    assert_eq!(load(&path).entries.len(), 64);

    // Over the limit (an older umpire did not refuse): readers refuse it, recover reads it and
    // copies what fits.
    let mut text = fs::read_to_string(&path).unwrap();
    for i in 0..3 {
        text.push_str(&umpire::store::format::entry_line(
            &serde_json::to_string(&e(64 + i, &big)).unwrap(),
        ));
    }
    fs::write(&path, &text).unwrap();
    let err = read_save::<E>(&path).unwrap_err();
    assert!(err.to_string().contains("umpire recover"), "{err}");
    let out = dir.path().join("recovered.toml");
    let kept = recover_save(&path, &out).unwrap();
    assert!((64..67).contains(&kept), "{kept}");
    assert!(fs::metadata(&out).unwrap().len() <= MAX_SAVE_BYTES);
    assert_eq!(load(&out).entries.len(), kept);
}

/// The lock note is never written through a symbolic link (it could point at any file the
/// umpire may write): the writer refuses, saying so, and the link's target is untouched.
#[cfg(unix)]
#[test]
fn a_symbolic_link_in_place_of_the_lock_note_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&dir);
    create_save(&path, SCENARIO, &sample_entries()).unwrap();
    let victim = dir.path().join("victim.txt");
    fs::write(&victim, "precious\n").unwrap();
    let note = umpire::store::lock::lock_note_path(&path);
    std::os::unix::fs::symlink(&victim, &note).unwrap();
    let err = SaveWriter::open(&path).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("symbolic link"), "{msg}");
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious\n");
    // A dangling link is refused the same way, and creates nothing.
    fs::remove_file(&victim).unwrap();
    assert!(SaveWriter::open(&path).is_err());
    assert!(!victim.exists());
}

/// Temporary files of our own naming left by a killed process (`run --save` killed during the
/// atomic write) are removed on the next open; a live process's temporary file is left alone.
#[cfg(unix)]
#[test]
fn stale_temporary_files_of_a_dead_process_are_removed_on_the_next_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&dir);
    create_save(&path, SCENARIO, &sample_entries()).unwrap();
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let stale = dir.path().join(format!(".battle.toml.{dead}-0.tmp"));
    let live = dir
        .path()
        .join(format!(".battle.toml.{}-999.tmp", std::process::id()));
    let other = dir.path().join(format!(".other.toml.{dead}-0.tmp"));
    for p in [&stale, &live, &other] {
        fs::write(p, "half a save").unwrap();
    }
    drop(SaveWriter::open(&path).unwrap());
    assert!(!stale.exists(), "the dead process's temporary file is gone");
    assert!(live.exists(), "a live process's is kept");
    assert!(other.exists(), "another save's is not ours to remove");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any command text (newlines, quotes, "#@", the marker itself, any Unicode) survives.
    #[test]
    fn any_entry_text_round_trips(cmds in prop::collection::vec(
        prop_oneof![any::<String>(), Just(format!("\n{LOG_MARKER}\n#@ 00000000 x"))],
        0..6,
    )) {
        let entries: Vec<E> = cmds.iter().enumerate().map(|(i, c)| e(i as u32, c)).collect();
        let text = umpire::store::save_text("p.toml", SCENARIO, &entries).unwrap();
        let loaded: Loaded<E> = parse_save("p.toml", &text).unwrap();
        prop_assert_eq!(loaded.entries, entries);
        prop_assert_eq!(loaded.scenario_text, SCENARIO);
        prop_assert!(toml::from_str::<toml::Table>(&text).is_ok());
    }
}
