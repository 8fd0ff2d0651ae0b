//! Kill tests (SPEC 7, "nothing typed is ever lost"): the real binary applies a long script to a
//! save and is killed at seeded random moments, with SIGKILL (a crash, `kill -9`), SIGTERM (a
//! shutdown) and SIGHUP (a dropped SSH link). After every kill:
//!
//! - the save loads (`umpire status --json`, `umpire check` and the library all accept it);
//! - every command whose completion was printed before the kill is in the log, and at most one
//!   more (durable, killed before its lines were printed);
//! - nothing is half-applied: the log is exactly the log a fresh run of that prefix of the
//!   script gives (every event and die), and its replayed status is that run's status.
//!
//! The next round resumes the script where the log ends, on the same file, so a round also
//! proves that a killed save can be appended to.
//!
//! `UMPIRE_KILLS=N` sets the SIGKILL rounds, and SIGTERM and SIGHUP get N/8 each (at least
//! 10). The default, [`DEFAULT_KILLS`], keeps the README's `cargo test` short while every
//! signal still lands in start-up, mid-script and after the script; `.ci/run` sets
//! `UMPIRE_KILLS=200` (250 kills). More, with another seed:
//!
//! ```sh
//! UMPIRE_KILLS=3000 UMPIRE_KILL_SEED=7 cargo test --release --test kill -- --nocapture
//! ```
mod common;

use common::{env_number, read_entries, timeless, umpire, Rng, Script, DEMO};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};
use umpire::cli::Battle;
use umpire::rulesets::fgdn::tables::Tables;
use umpire::rulesets::fgdn::Entry;
use umpire::store::{create_save, SaveWriter};

/// SIGKILL rounds without `UMPIRE_KILLS` (SIGTERM and SIGHUP: 10 each). With one round in
/// eight in start-up, that is 4 start-up kills for SIGKILL and 2 for the others.
const DEFAULT_KILLS: u64 = 32;

/// Commands in the script. Long enough that most kills land mid-script.
const SCRIPT_LEN: usize = 300;

/// What one kill round saw.
#[derive(Debug, Default)]
struct Tally {
    rounds: u64,
    /// Killed before the first command was durable (start-up: reading, replaying, locking).
    at_start: u64,
    /// Killed with at least one command printed and more to go.
    mid_script: u64,
    /// The log held one more command than was printed: durable, killed before it was reported.
    unreported: u64,
    /// The script finished before the signal (the save is then started again).
    finished: u64,
}

/// The signals the rounds send, other than SIGKILL (which cannot be caught or ignored).
const CATCHABLE: [libc::c_int; 2] = [libc::SIGTERM, libc::SIGHUP];

/// Give the child the default action for the signals the test sends, unblocked, whatever this
/// process was given. An ignored signal stays ignored across `exec` (and a blocked one
/// blocked): under `nohup`, or a shell that ignores SIGHUP, `umpire run` would inherit SIG_IGN,
/// finish every round, and the test would kill nothing. The reset is here, not in the binary:
/// `umpire run` started under `nohup` is meant to outlive its terminal, and this test is about
/// what a kill does.
fn default_signal_actions(cmd: &mut Command) -> &mut Command {
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs between fork and exec and calls only signal(2), sigemptyset(3),
    // sigaddset(3) and sigprocmask(2), all async-signal-safe; it allocates nothing.
    unsafe {
        cmd.pre_exec(|| {
            let mut set = std::mem::MaybeUninit::<libc::sigset_t>::uninit();
            libc::sigemptyset(set.as_mut_ptr());
            for sig in CATCHABLE {
                if libc::signal(sig, libc::SIG_DFL) == libc::SIG_ERR {
                    return Err(std::io::Error::last_os_error());
                }
                libc::sigaddset(set.as_mut_ptr(), sig);
            }
            if libc::sigprocmask(libc::SIG_UNBLOCK, set.as_ptr(), std::ptr::null_mut()) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    }
}

fn spawn_run(save: &Path, script: &Path) -> Child {
    default_signal_actions(&mut umpire())
        .arg("run")
        .arg(save)
        .arg("--script")
        .arg(script)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn umpire run")
}

fn signal(child: &Child, sig: libc::c_int) {
    // SAFETY: kill(2) on the pid of a child we have not yet reaped (so the pid is still ours).
    let rc = unsafe { libc::kill(child.id() as libc::pid_t, sig) };
    assert_eq!(rc, 0, "kill({}, {sig})", child.id());
}

/// When to send the signal in a round.
#[derive(Debug, Clone, Copy)]
enum Moment {
    /// This long after spawning (start-up: reading, replaying, locking, the first command).
    After(Duration),
    /// This long after the binary has reported this many commands.
    AfterReported(usize, Duration),
}

/// Run `umpire run` on the rest of the script and send `sig` at `moment`; returns the number of
/// commands the binary reported as done (its `> HHMM phase command` lines), and its stderr.
fn killed_run(
    save: &Path,
    script_file: &Path,
    moment: Moment,
    sig: libc::c_int,
) -> (usize, String) {
    let mut child = spawn_run(save, script_file);
    let stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let reported = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&reported);
    let reader = thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if line.starts_with("> ") {
                counter.fetch_add(1, Ordering::SeqCst);
            }
        }
    });
    let err_reader = thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let spawned = Instant::now();
    let mut deadline = match moment {
        Moment::After(d) => Some(spawned + d),
        Moment::AfterReported(..) => None,
    };
    loop {
        if child.try_wait().expect("try_wait").is_some() {
            break;
        }
        if deadline.is_none() {
            if let Moment::AfterReported(n, d) = moment {
                if reported.load(Ordering::SeqCst) >= n {
                    deadline = Some(Instant::now() + d);
                }
            }
        }
        match deadline {
            Some(at) if Instant::now() >= at => {
                signal(&child, sig);
                break;
            }
            Some(at) => thread::sleep((at - Instant::now()).min(Duration::from_micros(200))),
            None => thread::sleep(Duration::from_micros(100)),
        }
    }
    let status = child.wait().expect("wait");
    reader.join().expect("stdout reader");
    let printed = reported.load(Ordering::SeqCst);
    let stderr = err_reader.join().expect("stderr reader");
    use std::os::unix::process::ExitStatusExt;
    assert!(
        status.success() || status.signal() == Some(sig),
        "umpire run ended with {status:?}, not by the signal\n{stderr}"
    );
    (printed, stderr)
}

/// The checks after a kill. `before` = log length when the round started, `printed` = commands
/// reported in the round. Returns the log length now.
fn check_save(save: &Path, script: &Script, before: usize, printed: usize, full: bool) -> usize {
    let entries = read_entries(save);
    let m = entries.len();
    assert!(
        m >= before + printed,
        "a reported command was lost: {printed} reported after {before}, the log has {m}"
    );
    assert!(
        m <= before + printed + 1,
        "more than one unreported command in the log: {printed} reported after {before}, the \
         log has {m}"
    );
    let got: Vec<Entry> = entries.iter().map(timeless).collect();
    assert!(
        got == script.entries[..m],
        "the log is not what a fresh run of the first {m} commands gives"
    );
    // The library's replay and the binary's status agree with the fresh run.
    let battle = Battle::open(save, Tables::builtin()).expect("the save opens");
    assert_eq!(common::status_json(&battle.game), script.status[m]);
    if full {
        let out = umpire()
            .args(["status", "--json"])
            .arg(save)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim_end(),
            script.status[m],
            "umpire status after {m} commands"
        );
        let out = umpire().arg("check").arg(save).output().unwrap();
        assert!(
            out.status.success(),
            "umpire check: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    m
}

/// `rounds` kill rounds with `sig` against `umpire run`, on one save, resuming each time.
fn campaign(sig: libc::c_int, rounds: u64, seed: u64) -> Tally {
    let script = Script::generate(seed, SCRIPT_LEN);
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("battle.toml");
    let script_file = dir.path().join("rest.umpire");

    // One uninterrupted run: the binary gives the fresh run's log, and it times the window the
    // signals are spread over.
    std::fs::write(&save, DEMO).unwrap();
    std::fs::write(&script_file, script.text_from(0)).unwrap();
    let started = Instant::now();
    let out = umpire()
        .arg("run")
        .arg(&save)
        .arg("--script")
        .arg(&script_file)
        .output()
        .unwrap();
    let full_run = started.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(check_save(&save, &script, 0, SCRIPT_LEN, true), SCRIPT_LEN);
    // Start-up on the full save: a run with nothing to do.
    std::fs::write(&script_file, "# nothing\n").unwrap();
    let started = Instant::now();
    let out = umpire()
        .arg("run")
        .arg(&save)
        .arg("--script")
        .arg(&script_file)
        .output()
        .unwrap();
    let startup = started.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let per_command =
        (full_run.saturating_sub(startup).as_micros() as u64 / SCRIPT_LEN as u64).max(1);
    eprintln!(
        "signal {sig}: {SCRIPT_LEN} commands in {full_run:?}, start-up {startup:?}, \
         {per_command} µs a command"
    );

    let mut rng = Rng(seed ^ 0x5EED);
    let mut tally = Tally::default();
    std::fs::write(&save, DEMO).unwrap();
    let mut logged = 0;
    for round in 0..rounds {
        if logged == SCRIPT_LEN {
            std::fs::write(&save, DEMO).unwrap();
            logged = 0;
        }
        std::fs::write(&script_file, script.text_from(logged)).unwrap();
        // One round in eight in start-up (every eighth, from the first, so a short run has
        // some); the others after a random number of the remaining commands was reported,
        // plus up to two commands' time, so the signal falls anywhere inside a command:
        // deciding, writing, syncing, printing. Some rounds finish.
        let remaining = SCRIPT_LEN - logged;
        let moment = if round % 8 == 0 {
            Moment::After(Duration::from_micros(
                rng.below(startup.as_micros() as u64 + 1),
            ))
        } else {
            let n = rng.below(remaining as u64 + 2) as usize;
            Moment::AfterReported(n, Duration::from_micros(rng.below(per_command * 2 + 1)))
        };
        let (printed, stderr) = killed_run(&save, &script_file, moment, sig);
        let full = round % 4 == 0 || rounds <= 40;
        let now = check_save(&save, &script, logged, printed, full);
        if std::env::var("UMPIRE_KILL_TRACE").is_ok() {
            eprintln!("round {round}: {moment:?} printed {printed} log {logged}->{now} {stderr}");
        }
        tally.rounds += 1;
        if now == SCRIPT_LEN {
            tally.finished += 1;
        } else if printed == 0 && now == logged {
            tally.at_start += 1;
        } else {
            tally.mid_script += 1;
        }
        if now == logged + printed + 1 {
            tally.unreported += 1;
        }
        logged = now;
    }
    tally
}

fn seed() -> u64 {
    env_number("UMPIRE_KILL_SEED", 1918)
}

#[test]
fn sigkill_at_random_moments_loses_nothing_reported_and_half_applies_nothing() {
    let rounds = env_number("UMPIRE_KILLS", DEFAULT_KILLS);
    let tally = campaign(libc::SIGKILL, rounds, seed());
    eprintln!("SIGKILL: {tally:?}");
    assert_eq!(tally.rounds, rounds);
    // The rounds must really exercise the middle of the script, not only start-up or the end.
    assert!(tally.mid_script * 3 >= rounds, "{tally:?}");
}

#[test]
fn sigterm_at_random_moments_loses_nothing_reported() {
    let rounds = env_number("UMPIRE_KILLS", DEFAULT_KILLS) / 8;
    let tally = campaign(libc::SIGTERM, rounds.max(10), seed() + 1);
    eprintln!("SIGTERM: {tally:?}");
    assert!(tally.mid_script > 0, "{tally:?}");
}

#[test]
fn sighup_at_random_moments_loses_nothing_reported() {
    let rounds = env_number("UMPIRE_KILLS", DEFAULT_KILLS) / 8;
    let tally = campaign(libc::SIGHUP, rounds.max(10), seed() + 2);
    eprintln!("SIGHUP: {tally:?}");
    assert!(tally.mid_script > 0, "{tally:?}");
}

/// SIGKILL cannot tear a write in the page cache, but a power cut can: cut the save at every
/// byte of its last two entries. It must load with every whole entry before the cut, and the
/// next writer must cut the torn line off and append cleanly after it.
#[test]
fn a_save_cut_at_any_byte_of_its_tail_loads_its_whole_entries_and_appends_cleanly() {
    let script = Script::generate(7, 40);
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("battle.toml");
    create_save(&save, DEMO, &script.entries).unwrap();
    let full = std::fs::read(&save).unwrap();
    let text = String::from_utf8(full.clone()).unwrap();
    let tail_start = text[..text.len() - 1]
        .rfind('\n')
        .and_then(|last| text[..last].rfind('\n'))
        .unwrap()
        + 1;
    for cut in tail_start..=full.len() {
        std::fs::write(&save, &full[..cut]).unwrap();
        let entries = read_entries(&save);
        // Whole entries: entry lines with their end of line inside the cut.
        let whole = text[..cut]
            .split_inclusive('\n')
            .filter(|l| l.starts_with("#@ ") && l.ends_with('\n'))
            .count();
        assert_eq!(entries.len(), whole, "cut at byte {cut}");
        let got: Vec<Entry> = entries.iter().map(timeless).collect();
        assert!(got == script.entries[..whole], "cut at byte {cut}");
        let mut writer = SaveWriter::open(&save).unwrap();
        for e in &script.entries[whole..] {
            writer.append(e).unwrap();
        }
        drop(writer);
        assert_eq!(std::fs::read(&save).unwrap(), full, "cut at byte {cut}");
    }
}
