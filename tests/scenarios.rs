//! Runs every `tests/scenarios/NAME.umpire` script through the real binary against a temporary
//! copy of `tests/scenarios/NAME.toml`, and checks how `umpire run` fails (SPEC 2, 4, 7).
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn umpire() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_umpire"));
    // Keep a user's table overrides out of the tests.
    c.env("XDG_CONFIG_HOME", "/nonexistent-umpire-test-config")
        .env("HOME", "/nonexistent-umpire-test-home")
        .env("NO_COLOR", "1");
    c
}

fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios")
}

fn text(o: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn run_script(save: &Path, script: &Path) -> Output {
    umpire()
        .arg("run")
        .arg(save)
        .arg("--script")
        .arg(script)
        .output()
        .expect("run umpire")
}

/// A temporary copy of `tests/scenarios/NAME.toml`.
fn copy_scenario(dir: &tempfile::TempDir, name: &str) -> PathBuf {
    let to = dir.path().join(format!("{name}.toml"));
    std::fs::copy(scenarios_dir().join(format!("{name}.toml")), &to).expect("copy scenario");
    to
}

fn write_script(dir: &tempfile::TempDir, name: &str, body: &str) -> PathBuf {
    let p = dir.path().join(name);
    std::fs::write(&p, body).expect("write script");
    p
}

fn status_json(save: &Path) -> String {
    let o = umpire()
        .arg("status")
        .arg(save)
        .arg("--json")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    String::from_utf8(o.stdout).unwrap()
}

fn script_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(scenarios_dir())
        .expect("tests/scenarios")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "umpire").then(|| p.file_stem()?.to_str().map(str::to_string))?
        })
        .collect();
    names.sort();
    names
}

#[test]
fn every_script_passes_against_its_scenario_and_the_save_checks() {
    let names = script_names();
    for required in [
        "speed_thresholds",
        "fire_timing_delay3",
        "fire_timing_delay2",
        "torpedo_flooding",
        "sinking",
        "w_class_ratio",
        "undo_redo",
    ] {
        assert!(
            names.iter().any(|n| n == required),
            "missing tests/scenarios/{required}.umpire"
        );
    }
    let mut failures = Vec::new();
    for name in &names {
        let dir = tempfile::tempdir().unwrap();
        let scenario = scenarios_dir().join(format!("{name}.toml"));
        assert!(
            scenario.exists(),
            "{name}.umpire has no scenario {name}.toml"
        );
        let script = scenarios_dir().join(format!("{name}.umpire"));
        let body = std::fs::read_to_string(&script).unwrap();
        let header: Vec<&str> = body.lines().take_while(|l| l.starts_with('#')).collect();
        // Every script names the rule system and the sections it tests.
        assert!(
            header.iter().any(|l| l.contains("FG&DN")
                || l.contains("Dreadnoughts & Battlewagons")
                || l.contains("Late 19th Century")
                || l.contains("Quickfire")
                || l.contains("A&A Game Engineering")),
            "{name}.umpire: its header comment must cite the rule system and section it tests"
        );
        let save = copy_scenario(&dir, name);
        let o = run_script(&save, &script);
        if !o.status.success() {
            failures.push(format!("{name}: {}", text(&o)));
            continue;
        }
        // The save the script wrote replays and re-decides to the same events.
        let c = umpire().arg("check").arg(&save).output().unwrap();
        if !c.status.success() {
            failures.push(format!("{name}: check of the resulting save: {}", text(&c)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_scenario_file_checks_clean() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(scenarios_dir())
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let o = umpire().arg("check").args(&files).output().unwrap();
    assert!(o.status.success(), "{}", text(&o));
}

/// The entries of a save's log with the wall-clock time (and so the checksum) taken out.
fn log_without_wall(save: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(save)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("#@ "))
        .map(|l| {
            let json = &l[9..];
            let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
            v.as_object_mut().unwrap().remove("wall");
            v
        })
        .collect()
}

const PREFIX: &str = "\
until 1200 planned_fire
hit tiger 130
dice 1
next
expect tiger damage 130
";

#[test]
fn a_failing_expect_exits_non_zero_names_script_line_and_keeps_the_save() {
    let dir = tempfile::tempdir().unwrap();
    // A: the passing prefix alone.
    let a = copy_scenario(&dir, "speed_thresholds");
    let a_script = write_script(&dir, "prefix.umpire", PREFIX);
    let o = run_script(&a, &a_script);
    assert!(o.status.success(), "{}", text(&o));
    let a_bytes = std::fs::read(&a).unwrap();

    // The failing expect on line 7, then commands that must not run.
    let failing =
        format!("{PREFIX}# the next line fails\nexpect tiger damage 131\nhit tiger 50\nnext\n");

    // B: the whole failing script against a fresh copy.
    let b_dir = tempfile::tempdir().unwrap();
    let b = copy_scenario(&b_dir, "speed_thresholds");
    let b_script = write_script(&b_dir, "failing.umpire", &failing);
    let o = run_script(&b, &b_script);
    assert!(!o.status.success(), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!("{}:7", b_script.display())),
        "the message names script:line: {err}"
    );
    assert!(
        err.contains("expected 131") && err.contains("130"),
        "expected vs actual: {err}"
    );
    // Same log as the prefix run (wall-clock times differ between the two runs).
    assert_eq!(log_without_wall(&b), log_without_wall(&a));
    assert_eq!(status_json(&b), status_json(&a));
    // Nothing after the failing line ran.
    assert!(!String::from_utf8_lossy(&o.stdout).contains("hit tiger 50"));

    // And byte for byte: the failing part run on A leaves A exactly as it was.
    let rest = write_script(
        &dir,
        "rest.umpire",
        "expect tiger damage 131\nhit tiger 50\n",
    );
    let o = run_script(&a, &rest);
    assert!(!o.status.success(), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains(&format!("{}:1", rest.display())));
    assert_eq!(std::fs::read(&a).unwrap(), a_bytes);
}

#[test]
fn a_failing_command_mid_script_keeps_the_commands_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let save = copy_scenario(&dir, "speed_thresholds");
    let before = std::fs::read(&save).unwrap();
    // Line 3: a hit in the plotting phase is refused; line 1-2 stay applied.
    let script = write_script(
        &dir,
        "s.umpire",
        "note \"first\"\n# a comment\nhit tiger 5\nnote \"never\"\n",
    );
    let o = run_script(&save, &script);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(&format!("{}:3", script.display())), "{err}");
    assert!(err.contains("plotting"), "{err}");
    let after = std::fs::read_to_string(&save).unwrap();
    assert!(after.starts_with(std::str::from_utf8(&before).unwrap()));
    assert_eq!(log_without_wall(&save).len(), 1, "only `note \"first\"`");
}

#[test]
fn a_parse_error_anywhere_applies_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let save = copy_scenario(&dir, "speed_thresholds");
    let before = std::fs::read(&save).unwrap();
    let script = write_script(&dir, "s.umpire", "until 1200 planned_fire\nhti tiger 5\n");
    let o = run_script(&save, &script);
    assert!(!o.status.success(), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(&format!("{}:2", script.display())), "{err}");
    assert!(err.contains("did you mean \"hit\""), "{err}");
    assert_eq!(std::fs::read(&save).unwrap(), before);
}

#[test]
fn an_unknown_ship_says_did_you_mean_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let save = copy_scenario(&dir, "speed_thresholds");
    let setup = write_script(&dir, "setup.umpire", "until 1200 planned_fire\n");
    assert!(run_script(&save, &setup).status.success());
    let before = std::fs::read(&save).unwrap();
    for (n, line) in [
        "hit tigre 5",
        "expect tigr damage 0",
        "adjust tigger damage 5 \"x\"",
    ]
    .iter()
    .enumerate()
    {
        let script = write_script(&dir, &format!("bad{n}.umpire"), &format!("{line}\n"));
        let o = run_script(&save, &script);
        assert!(!o.status.success(), "{line}: {}", text(&o));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("did you mean \"tiger\""), "{line}: {err}");
        assert!(err.contains(&format!("{}:1", script.display())), "{err}");
        assert_eq!(std::fs::read(&save).unwrap(), before, "{line}");
    }
}

#[test]
fn a_queued_die_that_does_not_fit_fails_clearly_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let save = copy_scenario(&dir, "w_class_ratio");
    // 8 DP on Wakeful needs a D6 (the count) at the end of the phase; 7 does not fit.
    let setup = write_script(
        &dir,
        "setup.umpire",
        "until 1200 planned_fire\nhit wakeful 8\ndice 7\n",
    );
    let o = run_script(&save, &setup);
    assert!(o.status.success(), "{}", text(&o));
    let bytes = std::fs::read(&save).unwrap();
    let status = status_json(&save);

    let next = write_script(&dir, "next.umpire", "next\n");
    let o = run_script(&save, &next);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(&format!("{}:1", next.display())), "{err}");
    assert!(err.contains("queued die 7 does not fit a D6"), "{err}");
    assert!(
        err.contains("critical count"),
        "says what the die was for: {err}"
    );
    assert_eq!(std::fs::read(&save).unwrap(), bytes);
    assert_eq!(status_json(&save), status);

    // A die face no die has is refused when typed.
    let bad = write_script(&dir, "bad.umpire", "dice 101\n");
    let o = run_script(&save, &bad);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("\"101\" is not a die face"));
    assert_eq!(std::fs::read(&save).unwrap(), bytes);
}

#[test]
fn torpedo_hits_are_refused_outside_the_movement_phase() {
    let dir = tempfile::tempdir().unwrap();
    let save = copy_scenario(&dir, "torpedo_flooding");
    let script = write_script(
        &dir,
        "s.umpire",
        "until 1200 planned_fire\nhit kaiser 70 weapon torpedo side port\n",
    );
    let o = run_script(&save, &script);
    assert!(!o.status.success(), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(&format!("{}:2", script.display())), "{err}");
    assert!(err.contains("movement phase"), "{err}");
}

#[test]
fn a_sunk_ship_takes_no_more_hits() {
    let dir = tempfile::tempdir().unwrap();
    let save = copy_scenario(&dir, "sinking");
    let script = write_script(
        &dir,
        "s.umpire",
        "until 1200 planned_fire\nhit hulk 40\ndice 1\nnext\nuntil 1210 movement\n",
    );
    // D10 1: 10 minutes, 1210, which is not a turn start: refused with the reason. The hulk
    // disappears in the Movement Phase of 1212, the first turn starting at or after 1210.
    let o = run_script(&save, &script);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("not the start of a turn"));
    let script = write_script(
        &dir,
        "t.umpire",
        "until 1212 movement\nnext\nexpect hulk status sunk\nhit hulk 5\n",
    );
    let o = run_script(&save, &script);
    assert!(!o.status.success(), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(":4") && err.contains("has sunk"), "{err}");
}

#[test]
fn redo_replays_the_recorded_dice_and_a_new_command_discards_the_redo_branch() {
    let dir = tempfile::tempdir().unwrap();
    let save = copy_scenario(&dir, "undo_redo");
    // Seeded dice (nothing queued): whatever the console rolls is recorded in the log.
    let s1 = write_script(
        &dir,
        "s1.umpire",
        "until 1200 planned_fire\nhit tiger 300\nhit tiger 100 nopen\nnext\n",
    );
    let o = run_script(&save, &s1);
    assert!(o.status.success(), "{}", text(&o));
    let after_next = status_json(&save);
    let rolled = |save: &Path| -> usize {
        log_without_wall(save)
            .iter()
            .flat_map(|e| e["events"].as_array().cloned().unwrap_or_default())
            .filter(|ev| ev["e"] == "rolled")
            .count()
    };
    let rolls = rolled(&save);
    assert!(rolls > 0, "the next rolled dice");

    let s2 = write_script(&dir, "s2.umpire", "undo\n");
    assert!(run_script(&save, &s2).status.success());
    let undone = status_json(&save);
    assert_ne!(undone, after_next);
    let v: serde_json::Value = serde_json::from_str(&undone).unwrap();
    assert_eq!(v["ships"][0]["damage"], 0);
    assert_eq!(v["ships"][0]["pending_hits"], 2);

    let s3 = write_script(&dir, "s3.umpire", "redo\n");
    assert!(run_script(&save, &s3).status.success());
    assert_eq!(
        status_json(&save),
        after_next,
        "redo restores the same state"
    );
    assert_eq!(rolled(&save), rolls, "undo and redo roll nothing");
    let log = log_without_wall(&save);
    let last = log.last().unwrap();
    assert_eq!(last["cmd"], "redo");
    assert!(last
        .get("events")
        .is_none_or(|e| e.as_array().unwrap().is_empty()));

    // Undo, then a new command: the redo branch is gone.
    let s4 = write_script(&dir, "s4.umpire", "undo\nnote \"a new branch\"\n");
    assert!(run_script(&save, &s4).status.success());
    let before = std::fs::read(&save).unwrap();
    let s5 = write_script(&dir, "s5.umpire", "redo\n");
    let o = run_script(&save, &s5);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("nothing to redo"), "{err}");
    assert!(err.contains(&format!("{}:1", s5.display())), "{err}");
    assert_eq!(std::fs::read(&save).unwrap(), before);

    // The log keeps the undone commands, marked.
    let o = umpire().arg("log").arg(&save).output().unwrap();
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("(undone)"));
    // And the save still replays and verifies.
    let c = umpire().arg("check").arg(&save).output().unwrap();
    assert!(c.status.success(), "{}", text(&c));
}

#[test]
fn undo_with_nothing_to_undo_fails() {
    let dir = tempfile::tempdir().unwrap();
    let save = copy_scenario(&dir, "undo_redo");
    let before = std::fs::read(&save).unwrap();
    let s = write_script(&dir, "s.umpire", "undo\n");
    let o = run_script(&save, &s);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nothing to undo"));
    assert_eq!(std::fs::read(&save).unwrap(), before);
}
