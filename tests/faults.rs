//! Faults around a save (SPEC 7): a full disk, a read-only save, a save deleted or replaced
//! underneath a running writer, and two umpires opening the same save. In every case the
//! message is clear, nothing confirmed is lost and nothing half-written stays.
mod common;

use common::{read_entries, timeless, umpire, Script, DEMO};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Output;
use umpire::cli::Battle;
use umpire::rulesets::fgdn::tables::Tables;
use umpire::rulesets::fgdn::Entry;
use umpire::store::{create_save, read_save, writer_lock, SaveWriter, StoreError, WriterLock};

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn reported(o: &Output) -> usize {
    stdout(o).lines().filter(|l| l.starts_with("> ")).count()
}

fn run(save: &Path, script: &Path) -> std::process::Command {
    let mut c = umpire();
    c.arg("run").arg(save).arg("--script").arg(script);
    c
}

fn assert_log_is_prefix(save: &Path, script: &Script, n: usize) {
    let got: Vec<Entry> = read_entries(save).iter().map(timeless).collect();
    assert_eq!(got.len(), n);
    assert!(
        got == script.entries[..n],
        "the log is not the first {n} commands"
    );
}

// ------------------------------------------------------------------------------ full disk

/// `umpire run` with the files it writes limited to `room` bytes (RLIMIT_FSIZE) and SIGXFSZ set
/// to `xfsz` (ignored, as a shell that handles the limit does, or the default).
fn run_with_file_limit(save: &Path, file: &Path, room: u64, xfsz: libc::sighandler_t) -> Output {
    let mut cmd = run(save, file);
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, xfsz);
            let limit = libc::rlimit {
                rlim_cur: room as libc::rlim_t,
                rlim_max: room as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    cmd.output().unwrap()
}

/// The real binary on a "full disk": RLIMIT_FSIZE makes the kernel write the bytes that fit and
/// fail the rest with EFBIG, exactly as a full filesystem does with ENOSPC (a tmpfs of a fixed
/// size would need root and a mount, which CI may not have). SIGXFSZ is ignored, as the shell
/// does for a process that handles the limit.
#[test]
fn a_full_disk_stops_the_script_with_a_clear_message_and_keeps_every_reported_command() {
    let script = Script::generate(11, 120);
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("battle.toml");
    let file = dir.path().join("script.umpire");
    fs::write(&save, DEMO).unwrap();
    fs::write(&file, script.text_from(0)).unwrap();
    let room = fs::metadata(&save).unwrap().len() + 20_000;
    let out = run_with_file_limit(&save, &file, room, libc::SIG_IGN);
    assert!(!out.status.success(), "the script should not fit");
    let err = stderr(&out);
    assert!(err.contains("the disk is full"), "{err}");
    assert!(err.contains("NOT saved"), "{err}");
    let n = reported(&out);
    assert!(n > 0 && n < 120, "{n} commands reported");
    assert!(err.contains(&format!("{n} confirmed commands")), "{err}");
    // Every reported command, nothing more, no partial line: the file was cut back.
    assert_log_is_prefix(&save, &script, n);
    let text = fs::read_to_string(&save).unwrap();
    assert!(text.ends_with('\n'));
    assert!(fs::metadata(&save).unwrap().len() <= room);
    let check = umpire().arg("check").arg(&save).output().unwrap();
    assert!(check.status.success(), "{}", stderr(&check));
    // Space again: the rest of the script carries on from where it stopped.
    fs::write(&file, script.text_from(n)).unwrap();
    let out = run(&save, &file).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_log_is_prefix(&save, &script, 120);
}

/// Issue 15 item 13: under a file-size limit set by a shell that does not ignore SIGXFSZ (a
/// plain `ulimit -f`), the console is not killed by the signal without a word: the write fails,
/// the message says what was not saved, and the save keeps every reported command.
#[test]
fn a_file_size_limit_stops_the_script_with_a_message_not_a_signal() {
    let script = Script::generate(12, 120);
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("battle.toml");
    let file = dir.path().join("script.umpire");
    fs::write(&save, DEMO).unwrap();
    fs::write(&file, script.text_from(0)).unwrap();
    let room = fs::metadata(&save).unwrap().len() + 20_000;
    let out = run_with_file_limit(&save, &file, room, libc::SIG_DFL);
    assert!(
        out.status.code().is_some(),
        "killed by a signal: {:?}",
        out.status
    );
    assert!(!out.status.success());
    assert!(stderr(&out).contains("NOT saved"), "{}", stderr(&out));
    let n = reported(&out);
    assert_log_is_prefix(&save, &script, n);
}

// ------------------------------------------------------------------------------ read-only

/// Run `cmd` as a user who cannot write a read-only file: as root (CI containers), switch to
/// `nobody` (root may write anything); otherwise the current user.
fn as_unprivileged(cmd: &mut std::process::Command) {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        return;
    }
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            if libc::setgid(65534) != 0 || libc::setuid(65534) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

#[test]
fn a_read_only_save_is_refused_for_writing_with_a_clear_message_and_still_reads() {
    let script = Script::generate(12, 20);
    let dir = tempfile::tempdir().unwrap();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
    let save = dir.path().join("battle.toml");
    create_save(&save, DEMO, &script.entries[..10]).unwrap();
    let file = dir.path().join("script.umpire");
    fs::write(&file, script.text_from(10)).unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o644)).unwrap();
    fs::set_permissions(&save, fs::Permissions::from_mode(0o444)).unwrap();
    let before = fs::read(&save).unwrap();

    let mut cmd = run(&save, &file);
    as_unprivileged(&mut cmd);
    let out = cmd.output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("{}: this save is read-only", save.display())),
        "{err}"
    );
    assert!(err.contains("nothing was changed"), "{err}");
    assert_eq!(reported(&out), 0);
    assert_eq!(fs::read(&save).unwrap(), before);

    for args in [&["status"][..], &["log"], &["check"]] {
        let mut cmd = umpire();
        cmd.args(args).arg(&save);
        as_unprivileged(&mut cmd);
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    }
    assert_eq!(fs::read(&save).unwrap(), before);
}

// ---------------------------------------------------- deleted or replaced under the writer

fn writer_with_two_entries(dir: &tempfile::TempDir) -> (std::path::PathBuf, SaveWriter, Script) {
    let script = Script::generate(13, 3);
    let save = dir.path().join("battle.toml");
    create_save::<Entry>(&save, DEMO, &[]).unwrap();
    let mut w = SaveWriter::open(&save).unwrap();
    w.append(&script.entries[0]).unwrap();
    w.append(&script.entries[1]).unwrap();
    (save, w, script)
}

fn rescued_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".rescued-"))
        .collect();
    v.sort();
    v
}

/// The rescued copy is a whole save: the scenario and the confirmed commands, and it replays.
fn assert_rescued(dir: &Path, script: &Script) {
    let files = rescued_files(dir);
    assert_eq!(files.len(), 1, "{files:?}");
    assert_log_is_prefix(&files[0], script, 2);
    Battle::open(&files[0], Tables::builtin()).unwrap();
}

#[test]
fn a_save_deleted_under_the_writer_is_not_written_and_its_commands_are_rescued() {
    let dir = tempfile::tempdir().unwrap();
    let (save, mut w, script) = writer_with_two_entries(&dir);
    fs::remove_file(&save).unwrap();
    let err = w.append(&script.entries[2]).unwrap_err();
    assert!(matches!(err, StoreError::Replaced { .. }), "{err}");
    let msg = err.to_string();
    assert!(
        msg.contains("was deleted while this umpire had it open"),
        "{msg}"
    );
    assert!(msg.contains("NOT saved"), "{msg}");
    assert!(
        msg.contains("The 2 confirmed commands (with the scenario) were copied to"),
        "{msg}"
    );
    assert!(!save.exists(), "the writer must not create the file again");
    assert_rescued(dir.path(), &script);
    // Nothing more is written, even if a file of that name comes back.
    fs::write(&save, DEMO).unwrap();
    assert!(w.append(&script.entries[2]).is_err());
    assert_eq!(fs::read_to_string(&save).unwrap(), DEMO);
}

#[test]
fn a_save_replaced_under_the_writer_is_left_as_the_new_file_and_the_old_commands_rescued() {
    let dir = tempfile::tempdir().unwrap();
    let (save, mut w, script) = writer_with_two_entries(&dir);
    // Another program saves its own version over it (atomically, as editors and sync tools do).
    let other = dir.path().join("other.toml");
    fs::write(&other, DEMO).unwrap();
    fs::rename(&other, &save).unwrap();
    let err = w.append(&script.entries[2]).unwrap_err();
    assert!(
        err.to_string().contains("was replaced by another file"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&save).unwrap(), DEMO);
    assert_rescued(dir.path(), &script);
}

#[test]
fn a_save_changed_by_another_program_under_the_writer_is_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let (save, mut w, script) = writer_with_two_entries(&dir);
    let mut text = fs::read_to_string(&save).unwrap();
    text.push_str("# a note typed in an editor\n");
    fs::write(&save, &text).unwrap(); // same file, rewritten in place
    let err = w.append(&script.entries[2]).unwrap_err();
    assert!(
        err.to_string().contains("was changed by another program"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&save).unwrap(), text);
    assert_rescued(dir.path(), &script);
}

/// The rescue file is created new, never through a link planted at its name: the link's target
/// is untouched and the commands go to a file of their own.
#[test]
fn a_rescue_never_writes_through_a_symbolic_link() {
    let dir = tempfile::tempdir().unwrap();
    let (save, mut w, script) = writer_with_two_entries(&dir);
    // Dangling links: following one would create the file it names.
    let victim = dir.path().join("victim.txt");
    let now = chrono::Local::now();
    for s in 0..4 {
        let stamp = (now + chrono::Duration::seconds(s)).format("%Y%m%d-%H%M%S");
        let link = dir.path().join(format!("battle.rescued-{stamp}.toml"));
        std::os::unix::fs::symlink(&victim, &link).unwrap();
    }
    fs::remove_file(&save).unwrap();
    let err = w.append(&script.entries[2]).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("were copied to"), "{msg}");
    assert!(!victim.exists(), "written through a link");
    let copies: Vec<_> = rescued_files(dir.path())
        .into_iter()
        .filter(|p| !fs::symlink_metadata(p).unwrap().file_type().is_symlink())
        .collect();
    assert_eq!(copies.len(), 1, "{copies:?}");
    assert!(msg.contains(&copies[0].display().to_string()), "{msg}");
    assert_log_is_prefix(&copies[0], &script, 2);
}

/// A full disk when the lock note is written leaves no empty note behind (the note is written
/// to a temporary file and renamed into place, or not at all).
#[test]
fn a_full_disk_leaves_no_empty_lock_note() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("battle.toml");
    fs::write(&save, DEMO).unwrap();
    let file = dir.path().join("script.umpire");
    fs::write(&file, "# nothing to do\n").unwrap();
    let mut cmd = run(&save, &file);
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: 8,
                rlim_max: 8,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(names.is_empty(), "left behind: {names:?}");
    assert_eq!(fs::read_to_string(&save).unwrap(), DEMO);
}

// ------------------------------------------------------------------ two umpires, one save

#[test]
fn a_second_umpire_is_told_who_holds_the_save_and_can_read_it() {
    let script = Script::generate(14, 6);
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("battle.toml");
    create_save(&save, DEMO, &script.entries[..3]).unwrap();
    assert_eq!(writer_lock(&save), WriterLock::Free);

    let (battle, mut first) = Battle::open_writable(&save, Tables::builtin()).unwrap();
    assert_eq!(battle.game.entries().len(), 3);
    let me = std::process::id();
    match writer_lock(&save) {
        WriterLock::HeldBy(Some(h)) => assert_eq!(h.pid, me),
        other => panic!("{other:?}"),
    }
    // A second writer in this process, in the library: refused, naming the holder.
    let err = SaveWriter::open(&save).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("another umpire is writing to this save"),
        "{msg}"
    );
    assert!(msg.contains(&format!("process {me}, since ")), "{msg}");
    // Read-only opens work while it is held.
    assert_eq!(read_save::<Entry>(&save).unwrap().entries.len(), 3);
    Battle::open_read_only(&save, Tables::builtin()).unwrap();
    // Replacing it is refused too: the holder's commands would go to an unlinked file.
    let err = create_save(&save, DEMO, &script.entries[..1]).unwrap_err();
    assert!(matches!(err, StoreError::Locked { .. }), "{err}");

    // The binary: `run` refused with the holder named, nothing changed; status and log work.
    let before = fs::read(&save).unwrap();
    let file = dir.path().join("script.umpire");
    fs::write(&file, script.text_from(3)).unwrap();
    let out = run(&save, &file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("another umpire is writing to this save ("),
        "{err}"
    );
    assert!(err.contains(&format!("process {me}")), "{err}");
    assert_eq!(reported(&out), 0);
    let scenario = dir.path().join("fresh.toml");
    fs::write(&scenario, DEMO).unwrap();
    let out = run(&scenario, &file)
        .arg("--save")
        .arg(&save)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("another umpire is writing"),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read(&save).unwrap(), before);
    for args in [&["status", "--json"][..], &["log"], &["check"]] {
        let out = umpire().args(args).arg(&save).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    }

    // The holder plays on; when it closes, the lock and its note are gone.
    first.append(&script.entries[3]).unwrap();
    drop(first);
    assert_eq!(writer_lock(&save), WriterLock::Free);
    assert!(!umpire::store::lock::lock_note_path(&save).exists());
    let out = run(&save, &file).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
}

/// The lock dies with its holder: a writer killed with SIGKILL leaves no stale lock, only a
/// stale note, which the next writer replaces.
#[test]
fn a_killed_writer_leaves_no_stale_lock() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("battle.toml");
    fs::write(&save, DEMO).unwrap();
    let note = umpire::store::lock::lock_note_path(&save);
    fs::write(
        &note,
        r#"{"user":"ghost","host":"nowhere","pid":1,"since":"x"}"#,
    )
    .unwrap();
    assert_eq!(writer_lock(&save), WriterLock::Free);
    let w = SaveWriter::open(&save).unwrap();
    assert!(fs::read_to_string(&note)
        .unwrap()
        .contains(&format!("\"pid\":{}", std::process::id())));
    drop(w);
    assert!(!note.exists());
}

// ------------------------------------------ rewritten in place: rescued from memory (item 3)

/// A battle played through the session (as the dashboard and `run` do) with two commands.
fn session_with_two_entries(
    dir: &tempfile::TempDir,
) -> (std::path::PathBuf, Battle, SaveWriter, Script) {
    let script = Script::generate(13, 3);
    let save = dir.path().join("battle.toml");
    create_save::<Entry>(&save, DEMO, &[]).unwrap();
    let (mut battle, mut w) = Battle::open_writable(&save, Tables::builtin()).unwrap();
    for e in &script.entries[..2] {
        battle.record(&mut w, e.clone(), None).unwrap();
    }
    (save, battle, w, script)
}

/// Another battle's save (the demo with other commands), at least `len` bytes long.
fn other_battle(len: usize) -> String {
    let mut n = 4;
    loop {
        let other = Script::generate(99, n);
        let text = umpire::store::save_text("other.toml", DEMO, &other.entries).unwrap();
        if text.len() >= len {
            return text;
        }
        n *= 2;
    }
}

/// The rescue is the battle as this umpire holds it: the scenario and its confirmed commands,
/// replaying to the same state.
fn assert_rescued_from_memory(dir: &Path, script: &Script, battle: &Battle, msg: &str) {
    assert!(msg.contains("were copied to"), "{msg}");
    let files = rescued_files(dir);
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(msg.contains(&files[0].display().to_string()), "{msg}");
    assert_log_is_prefix(&files[0], script, 2);
    let rescued = Battle::open(&files[0], Tables::builtin()).unwrap();
    assert_eq!(rescued.game.state, battle.game.state);
    assert_eq!(rescued.scenario_text, DEMO);
}

/// Issue 15 item 3: `cp other.toml battle.toml` while the umpire plays rewrites the save in
/// place (the same file, other bytes). The rescue used to copy the other battle's bytes from
/// the open file and say the confirmed commands were saved; it is written from memory.
#[test]
fn a_save_overwritten_in_place_by_another_battle_is_rescued_from_memory() {
    let dir = tempfile::tempdir().unwrap();
    let (save, mut battle, mut w, script) = session_with_two_entries(&dir);
    let len = fs::metadata(&save).unwrap().len() as usize;
    let other = other_battle(len + 1);
    fs::write(&save, &other).unwrap(); // truncates and writes the same file, as `cp` does
    let err = battle
        .record(&mut w, script.entries[2].clone(), None)
        .unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("changed by another program"), "{msg}");
    assert_eq!(
        fs::read_to_string(&save).unwrap(),
        other,
        "the other file is left as it is"
    );
    assert_rescued_from_memory(dir.path(), &script, &battle, &msg);
    assert_eq!(battle.game.entries().len(), 2);
}

/// Truncated to nothing under the writer: the commands are rescued from memory (the open
/// file holds nothing to copy any more).
#[test]
fn a_save_truncated_to_nothing_under_the_writer_is_rescued_from_memory() {
    let dir = tempfile::tempdir().unwrap();
    let (save, mut battle, mut w, script) = session_with_two_entries(&dir);
    fs::File::create(&save).unwrap(); // `: > battle.toml`
    let err = battle
        .record(&mut w, script.entries[2].clone(), None)
        .unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("changed by another program"), "{msg}");
    assert_eq!(fs::read(&save).unwrap(), b"");
    assert_rescued_from_memory(dir.path(), &script, &battle, &msg);
}

/// Rewritten in place at exactly the same length: the length check cannot see it, so the
/// writer compares what it knows of the file (its first and last bytes, and the whole file's
/// checksum when its times changed). The next command is refused, not appended to a file that
/// would then mix two battles; the session rescues from memory.
#[test]
fn a_save_rewritten_in_place_at_the_same_length_is_noticed_and_rescued_from_memory() {
    for change in ["scenario", "middle", "last entry"] {
        let dir = tempfile::tempdir().unwrap();
        let (save, mut battle, mut w, script) = session_with_two_entries(&dir);
        let mine = fs::read(&save).unwrap();
        let mut other = mine.clone();
        let at = match change {
            "scenario" => 20,
            "middle" => mine.len() / 2,
            _ => mine.len() - 10,
        };
        other[at] = if other[at] == b'x' { b'y' } else { b'x' };
        std::thread::sleep(std::time::Duration::from_millis(20)); // a later file time
        fs::write(&save, &other).unwrap();
        let err = battle
            .record(&mut w, script.entries[2].clone(), None)
            .unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.contains("changed by another program"),
            "{change}: {msg}"
        );
        assert_eq!(fs::read(&save).unwrap(), other, "{change}");
        assert_rescued_from_memory(dir.path(), &script, &battle, &msg);
    }
}

/// The same through the store alone (no session, so no memory of the battle): the writer
/// refuses to append, and it does not pass the file's new bytes off as its commands.
#[test]
fn a_writer_never_copies_bytes_it_did_not_write_as_its_rescue() {
    let dir = tempfile::tempdir().unwrap();
    let (save, mut w, script) = writer_with_two_entries(&dir);
    let len = fs::metadata(&save).unwrap().len() as usize;
    let mut other = fs::read(&save).unwrap();
    other[len / 2] = if other[len / 2] == b'x' { b'y' } else { b'x' };
    std::thread::sleep(std::time::Duration::from_millis(20));
    fs::write(&save, &other).unwrap();
    let err = w.append(&script.entries[2]).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("changed by another program"), "{msg}");
    assert!(msg.contains("could not be copied"), "{msg}");
    assert!(rescued_files(dir.path()).is_empty());
    assert_eq!(fs::read(&save).unwrap(), other);
    // A longer file copied over it: the same.
    let longer = other_battle(len + 1);
    let dir = tempfile::tempdir().unwrap();
    let (save, mut w, script) = writer_with_two_entries(&dir);
    fs::write(&save, &longer).unwrap();
    let msg = w.append(&script.entries[2]).unwrap_err().to_string();
    assert!(msg.contains("could not be copied"), "{msg}");
    assert!(rescued_files(dir.path()).is_empty());
}
