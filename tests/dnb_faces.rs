//! SPEC 8: the headless faces on a Dreadnoughts & Battlewagons battle (`dnb-standard`), and the
//! registry refusing a ruleset the console does not know.
mod common;

use common::umpire;
use serde_json::Value;

fn demo(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("dnb.toml");
    let o = umpire()
        .args(["demo", "--ruleset", "dnb-standard"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    path
}

#[test]
fn the_dnb_demo_plays_headless_run_status_log_check() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let script = dir.path().join("s.umpire");
    std::fs::write(
        &script,
        "dice 6 6 6 6 6 6\ngunnery bismarck hood range close\nnext\nexpect clock 1 movement\n",
    )
    .unwrap();
    let o = umpire()
        .arg("run")
        .arg(&save)
        .arg("--script")
        .arg(&script)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.contains("roll D6 = 6"), "{out}");
    // status --json: SPEC 8's keys for every ruleset.
    let o = umpire()
        .args(["status", "--json"])
        .arg(&save)
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["scenario"]["ruleset"], "dnb-standard");
    assert_eq!(v["clock"]["turn"], "1");
    assert_eq!(v["clock"]["phase"], "movement");
    let hood = v["ships"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "hood")
        .unwrap();
    for key in ["id", "name", "side", "status"] {
        assert!(hood.get(key).is_some(), "{key} missing: {hood}");
    }
    assert!(hood["si_hits"].as_u64().unwrap() > 0, "{hood}");
    // The log, with every die and its purpose; check re-decides every command.
    let o = umpire().arg("log").arg(&save).output().unwrap();
    let log = String::from_utf8_lossy(&o.stdout);
    assert!(
        log.contains("firing throw") && log.contains("queued"),
        "{log}"
    );
    let o = umpire().arg("check").arg(&save).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn a_bad_dnb_command_says_why_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let before = std::fs::read(&save).unwrap();
    let script = dir.path().join("s.umpire");
    std::fs::write(&script, "gunnery yamato hood\n").unwrap();
    let o = umpire()
        .arg("run")
        .arg(&save)
        .arg("--script")
        .arg(&script)
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("s.umpire:1") && err.contains("yamato"),
        "{err}"
    );
    assert_eq!(std::fs::read(&save).unwrap(), before);
}

#[test]
fn an_unknown_ruleset_is_refused_with_the_known_ones_spec_8() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q.toml");
    std::fs::write(
        &path,
        "[scenario]\nname = \"q\"\nruleset = \"quickfire-9\"\nstart = \"1\"\n",
    )
    .unwrap();
    for cmd in ["status", "check"] {
        let o = umpire().arg(cmd).arg(&path).output().unwrap();
        assert!(!o.status.success());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("quickfire-9") && err.contains("fgdn-1.1, dnb-standard"),
            "{cmd}: {err}"
        );
    }
    let o = umpire()
        .args(["demo", "--ruleset", "nope"])
        .arg(dir.path().join("x.toml"))
        .output()
        .unwrap();
    assert!(!o.status.success());
}

/// `report` works for a D&B battle (Markdown and JSON, from the recorded log); `carry` is
/// refused with the reason; the faces not built for D&B yet say so instead of misreading it.
#[test]
fn report_for_dnb_and_clear_refusals_elsewhere() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let script = dir.path().join("s.umpire");
    std::fs::write(&script, "si z23 2\nnext\n").unwrap();
    let o = umpire()
        .arg("run")
        .arg(&save)
        .arg("--script")
        .arg(&script)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = umpire().arg("report").arg(&save).output().unwrap();
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        md.contains("## Losses") && md.contains("Z23 (German): sunk"),
        "{md}"
    );
    let o = umpire()
        .args(["report", "--format", "json"])
        .arg(&save)
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["ruleset"], "dnb-standard");
    assert_eq!(v["commands"], 2);
    let o = umpire()
        .arg("carry")
        .arg(&save)
        .arg("--into")
        .arg(dir.path().join("next.toml"))
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("carries no damage"));
    let o = umpire().arg("review").arg(&save).output().unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("headless"));
}
