//! SPEC 8: the headless faces on a Dreadnoughts & Battlewagons battle (`dnb-standard`), and the
//! registry refusing a ruleset the console does not know.
mod cli_common;
mod common;

use common::umpire;
use serde_json::Value;

fn demo(dir: &std::path::Path) -> std::path::PathBuf {
    common::demo_file(dir, "dnb-standard", "dnb.toml")
}

/// `umpire run SAVE --script S` of a script with these lines (written beside the save).
fn run_script(save: &std::path::Path, lines: &str) -> std::process::Output {
    let script = save.with_extension("umpire");
    std::fs::write(&script, lines).unwrap();
    umpire()
        .arg("run")
        .arg(save)
        .arg("--script")
        .arg(&script)
        .output()
        .unwrap()
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
    std::fs::write(&script, "si z23 2\ncrit hood 6\nnext\n").unwrap();
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
    // A hulk is still in the battle (a ship the rules have not sunk is not a loss).
    let losses = &md[md.find("## Losses").unwrap()..md.find("## Log").unwrap()];
    assert!(
        losses.contains("## Still in the battle, not in good order\n\n- Hood (British): hulk"),
        "{md}"
    );
    assert!(
        !losses[..losses.find("## Still").unwrap()].contains("Hood"),
        "{md}"
    );
    let o = umpire()
        .args(["report", "--format", "json"])
        .arg(&save)
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["ruleset"], "dnb-standard");
    assert_eq!(v["commands"], 3);
    assert!(common::carry_refusal(&save).contains("carries no damage"));
    let o = umpire().arg("review").arg(&save).output().unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("headless"));
}

/// SPEC 8: `--tables DIR` (and `umpire check` of a table file) for D&B as for FG&DN: an owner's
/// file replaces the built-in one of its name, is checked as strictly, and its cells that are
/// not printed in the text are listed.
#[test]
fn dnb_tables_come_from_tables_dir_and_check_reads_a_table_file_by_its_directory() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let owner = dir.path().join("dnb-standard");
    std::fs::create_dir(&owner).unwrap();
    let builtin = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tables/dnb-standard/damage_throw.toml"),
    )
    .unwrap();
    // A house rule: at weight of fire - SI of -1 a 5 hits too. The cell is marked derived.
    let house = builtin.replacen(
        "{ faces = \"1-5\", result = \"none\", provenance = \"text\" },\n  { faces = \"6\", result = \"si_hit\", provenance = \"text\" },",
        "{ faces = \"1-4\", result = \"none\", provenance = \"text\" },\n  { faces = \"5-6\", result = \"si_hit\", provenance = \"derived\", note = \"house rule\" },",
        1,
    );
    assert_ne!(house, builtin, "the band of 6.7b is in the built-in file");
    std::fs::write(owner.join("damage_throw.toml"), &house).unwrap();
    let o = umpire()
        .args(["check"])
        .arg(owner.join("damage_throw.toml"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("derived") && err.contains("house rule"),
        "{err}"
    );
    // The battle opens with the owner's table.
    let o = umpire()
        .arg("--tables")
        .arg(&owner)
        .args(["status", "--json"])
        .arg(&save)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // A file that is not a D&B table is refused, naming it; nothing opens.
    std::fs::write(owner.join("gunnery_extra.toml"), "x = 1\n").unwrap();
    let o = umpire()
        .arg("--tables")
        .arg(&owner)
        .args(["status"])
        .arg(&save)
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("gunnery_extra.toml") && err.contains("not a dnb-standard table"),
        "{err}"
    );
}

/// The log and report formats of every ruleset (SPEC 8: the faces are written once): `log
/// --ship` keeps the entries that name the ship (by id or name) and refuses one not in the
/// battle with the ships listed; `log --format md|csv`; `report --format html|csv`.
#[test]
fn dnb_log_by_ship_and_in_every_format_and_the_report_as_html_and_csv() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let script = dir.path().join("s.umpire");
    std::fs::write(
        &script,
        "si z23 2\nsi pow 1\nnote \"smoke, \\\"heavy\\\"\"\nnext\n",
    )
    .unwrap();
    let o = umpire()
        .arg("run")
        .arg(&save)
        .arg("--script")
        .arg(&script)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let run = |args: &[&str]| {
        let o = umpire().args(args).arg(&save).output().unwrap();
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8(o.stdout).unwrap()
    };
    let z23 = run(&["log", "--ship", "Z23"]);
    assert!(z23.contains("si z23 2"), "{z23}");
    assert!(!z23.contains("si pow 1") && !z23.contains("note"), "{z23}");
    let by_name = run(&["log", "--ship", "prince of wales"]);
    assert!(
        by_name.contains("si pow 1") && !by_name.contains("si z23"),
        "{by_name}"
    );
    let o = umpire()
        .args(["log", "--ship", "yamato"])
        .arg(&save)
        .output()
        .unwrap();
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && e.contains("yamato") && e.contains("z23"),
        "{e}"
    );

    let md = run(&["log", "--format", "md"]);
    assert!(
        md.starts_with("# Battle log: ") && md.contains("`si z23 2`"),
        "{md}"
    );
    let csv = run(&["log", "--format", "csv"]);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("seq,clock,wall,command,in_effect,text,typed")
    );
    assert!(
        csv.contains("\"note \"\"smoke, \\\"\"heavy\\\"\"\"\"\""),
        "{csv}"
    );
    assert!(
        lines.all(|l| l.starts_with(|c: char| c.is_ascii_digit())),
        "{csv}"
    );

    let html = run(&["report", "--format", "html"]);
    assert!(
        html.starts_with("<!DOCTYPE html>") && html.ends_with("</html>\n"),
        "{html}"
    );
    assert!(
        html.contains("<h2>Losses</h2>") && html.contains("Z23 (German): sunk"),
        "{html}"
    );
    assert!(
        !html.contains("<script") && !html.contains("http"),
        "{html}"
    );
    let ships = run(&["report", "--format", "csv"]);
    let rows = cli_common::parse_csv(&ships);
    let head = &rows[0];
    assert_eq!(head[..4], ["side", "id", "name", "status"], "{ships}");
    let col = |k: &str| head.iter().position(|h| h == k).unwrap();
    let z23 = rows.iter().find(|r| r[1] == "z23").expect("a row for Z23");
    assert_eq!(
        (z23[0].as_str(), z23[3].as_str()),
        ("German", "sunk"),
        "{ships}"
    );
    assert_eq!(rows.len(), 7, "a header and the six ships: {ships}");
    let pow = rows.iter().find(|r| r[1] == "pow").unwrap();
    assert_eq!(pow[col("si_left")], "5", "{ships}");
    assert_eq!(pow[col("fired")], "", "no value is an empty cell: {ships}");
    let events = run(&["report", "--format", "csv", "--csv-table", "events"]);
    assert_eq!(events, csv, "the events table is the log's CSV");
}

/// The headless faces are one path for every ruleset (issue 11): `status`, `log` and `report`
/// of a D&B save print its warnings (here a torn last entry) as FG&DN's always did;
/// `report --csv-table events` without `--format csv` is refused as FG&DN's is; and `check`
/// reads `--tables DIR` as the tables of each file's own ruleset (it used to read them as
/// FG&DN's and refuse a D&B owner's folder: "unknown table file").
#[test]
fn dnb_faces_print_warnings_refuse_a_stray_csv_table_and_check_with_dnb_tables() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let script = dir.path().join("s.umpire");
    std::fs::write(&script, "si hood 1\nnext\n").unwrap();
    let o = umpire()
        .arg("run")
        .arg(&save)
        .arg("--script")
        .arg(&script)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut text = std::fs::read_to_string(&save).unwrap();
    text.push_str("#@ 00000000 {\"v\":1,\"cmd\":\"note torn");
    std::fs::write(&save, text).unwrap();
    for args in [
        &["status"][..],
        &["status", "--json"],
        &["log"],
        &["report"],
    ] {
        let o = umpire().args(args).arg(&save).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{args:?}: {err}");
        assert!(
            err.starts_with("warning: ") && err.contains("torn write"),
            "{args:?}: {err}"
        );
    }
    let o = umpire()
        .args(["report", "--csv-table", "events"])
        .arg(&save)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--csv-table is for --format csv"), "{err}");

    // `carry` checks its arguments as for FG&DN before the ruleset refuses.
    let o = umpire()
        .arg("carry")
        .arg(&save)
        .arg("--into")
        .arg(&save)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("is the battle being carried"), "{err}");

    // An owner's D&B tables, named by --tables, open a D&B battle under `check`.
    let clean = common::demo_file(dir.path(), "dnb-standard", "clean.toml");
    let owner = dir.path().join("owner");
    std::fs::create_dir(&owner).unwrap();
    let builtin = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tables/dnb-standard/damage_throw.toml");
    std::fs::copy(builtin, owner.join("damage_throw.toml")).unwrap();
    let o = umpire()
        .arg("--tables")
        .arg(&owner)
        .arg("check")
        .arg(&clean)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("clean.toml: ok"),
        "{err}"
    );
}

/// SPEC 10: a ship is named by her id or by her quoted name in every command, a critical kind
/// in words; the log keeps the command with her id and what was typed. A name of no ship is
/// refused saying so, and the save is left as it was.
#[test]
fn a_script_names_a_ship_by_her_quoted_name() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    let o = cli_common::ok(run_script(
        &save,
        "crit pow \"Waterline Hit\"\nnext\nevasive \"Prince of Wales\" on\n\
         expect \"prince of wales\" evasive true\n",
    ));
    let out = cli_common::out(&o);
    assert!(out.contains("crit pow waterline_hit"), "{out}");
    assert!(out.contains("evasive pow on"), "{out}");
    let log = cli_common::out(&umpire().arg("log").arg(&save).output().unwrap());
    assert!(
        log.contains("typed: evasive \"Prince of Wales\" on"),
        "{log}"
    );
    let before = std::fs::read(&save).unwrap();
    let o = run_script(&save, "evasive \"Prince of Whales\" off\n");
    assert!(!o.status.success());
    assert!(
        cli_common::err(&o).contains("is not in this scenario (ships: pow, hood,"),
        "{}",
        cli_common::err(&o)
    );
    assert_eq!(std::fs::read(&save).unwrap(), before);
}

/// SPEC 10: undo and redo name the command they stepped over and its turn, in `umpire log`.
#[test]
fn the_log_says_what_undo_and_redo_stepped_over() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    cli_common::ok(run_script(&save, "next\nnext\nundo\nredo\nundo\nundo\n"));
    // An undo or a redo is never undone itself: the log does not mark it so, and the report
    // counts only the two phase ends as undone.
    let json: Value = serde_json::from_slice(
        &umpire()
            .args(["log", "--format", "json"])
            .arg(&save)
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let stands: Vec<bool> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["in_effect"].as_bool().unwrap())
        .collect();
    assert_eq!(stands, [false, false, true, true, true, true]);
    let report = cli_common::out(&umpire().arg("report").arg(&save).output().unwrap());
    assert!(
        report.contains("0 commands in effect, 2 undone"),
        "{report}"
    );
    let log = cli_common::out(&umpire().arg("log").arg(&save).output().unwrap());
    let said: Vec<&str> = log
        .lines()
        .map(str::trim)
        .filter(|l| l.contains("stepped"))
        .collect();
    assert_eq!(
        said,
        [
            "undo: stepped back over: next (entered turn 1 movement)",
            "redo: stepped forward over: next (entered turn 1 movement)",
            "undo: stepped back over: next (entered turn 1 movement)",
            "undo: stepped back over: next (entered turn 1 combat)",
        ],
        "{log}"
    );
}

/// SPEC 10: `status --json` gives a sunk ship `sunk_at` (the turn, as the clock's `turn`) and
/// `sunk_by` (the rule's words), null while she floats or is a hulk; `expect` reads them; the
/// report's losses say when and why; undo clears them. Z23 (no heavily damaged side) sinks
/// when her SI hits exceed her SI (6.11); Hood, a hulk (Critical Hit Table 6), on her sinking
/// roll of 1 (6.12).
#[test]
fn a_sunk_ships_status_and_report_say_when_and_why_6_11_6_12() {
    let dir = tempfile::tempdir().unwrap();
    let save = demo(dir.path());
    cli_common::ok(run_script(
        &save,
        "si z23 2\ncrit hood 6\nnext\nexpect z23 sunk_at 1\n\
         expect z23 sunk_by \"2 SI hits exceed SI 1 and the counter has no heavily damaged side (6.11)\"\n\
         expect hood status hulk\nexpect hood sunk_at null\nnext\ndice 1\nnext\n\
         expect hood sunk_at 1\nexpect hood sunk_by \"hulk sinking roll 1: sinks (6.12)\"\n",
    ));
    let v = common::status_of(&save);
    let ship = common::ship_json;
    let (z23, hood, pow) = (ship(&v, "z23"), ship(&v, "hood"), ship(&v, "pow"));
    assert_eq!(z23["sunk_at"], "1", "{z23}");
    assert_eq!(hood["sunk_at"], "1", "{hood}");
    assert_eq!(hood["sunk_by"], "hulk sinking roll 1: sinks (6.12)");
    assert!(
        pow["sunk_at"].is_null() && pow["sunk_by"].is_null(),
        "{pow}"
    );
    let md = cli_common::out(&umpire().arg("report").arg(&save).output().unwrap());
    assert!(
        md.contains("- Hood (British): sunk in turn 1: hulk sinking roll 1: sinks (6.12)\n"),
        "{md}"
    );
    assert!(
        md.contains(
            "- Z23 (German): sunk in turn 1: 2 SI hits exceed SI 1 and the counter has no \
             heavily damaged side (6.11)\n"
        ),
        "{md}"
    );
    // Undo the last phase end: Hood is a hulk again, Z23 still sunk.
    cli_common::ok(run_script(
        &save,
        "undo\nexpect hood status hulk\nexpect hood sunk_at null\nexpect hood sunk_by null\n\
         expect z23 sunk_at 1\n",
    ));
    let v = common::status_of(&save);
    let hood = ship(&v, "hood");
    assert!(
        hood["sunk_at"].is_null() && hood["sunk_by"].is_null(),
        "{hood}"
    );
}
