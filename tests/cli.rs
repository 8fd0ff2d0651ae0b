//! The headless commands through the real binary (SPEC 2, 5, 6, 7): `status --json` keys and
//! types, `log` in every format, `check` on good and bad files, the demo, `run --save`.
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

mod cli_common;
mod common;
use cli_common::{err, ok, out, parse_csv, text};
use common::umpire;

fn scenario(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios")
        .join(format!("{name}.toml"))
}

fn copy(dir: &tempfile::TempDir, name: &str) -> PathBuf {
    let to = dir.path().join(format!("{name}.toml"));
    std::fs::copy(scenario(name), &to).unwrap();
    to
}

fn run(save: &Path, dir: &tempfile::TempDir, script: &str) -> Output {
    let s = dir.path().join("script.umpire");
    std::fs::write(&s, script).unwrap();
    umpire()
        .arg("run")
        .arg(save)
        .arg("--script")
        .arg(&s)
        .output()
        .unwrap()
}

fn cmd(args: &[&str], file: &Path) -> Output {
    umpire().args(args).arg(file).output().unwrap()
}

/// A battle with a fire, a critical, a timer and a sinking ship: Deutschland takes the 8.2
/// example's fire at 1506; Valiant is brought to 0 DP and rolls D10 3 to sink.
fn busy_battle(dir: &tempfile::TempDir) -> PathBuf {
    let save = copy(dir, "fire_timing_delay3");
    ok(run(
        &save,
        dir,
        "until 1506 movement\nhit deutschland 2\nnext\nhit deutschland 60 nopen\n\
         hit valiant 620\ndice 5 15 5 2 3\nnext\n",
    ));
    save
}

// ---------------------------------------------------------------- status --json (SPEC 5)

const PHASES: &[&str] = &[
    "plotting",
    "movement",
    "planned_fire",
    "detection",
    "reaction_fire",
    "resolution",
];
const LEVELS: &[&str] = &["none", "minor", "major", "severe", "overwhelmed"];
const KINDS: &[&str] = &[
    "main_battery",
    "casemate",
    "other_weapon",
    "engineering",
    "flooding",
    "fire",
    "sensor",
    "communications",
    "bridge",
    "rudder",
    "fire_control",
    "weapon",
    "personnel",
    "fuel_tank",
    "flotation",
    "cargo",
    "aircraft",
    "ammo_fuel",
    "flight_deck",
    "hull_penetration",
    "hull_deformation",
    "battery",
    "switchboard",
    "torpedo_mount",
];

fn is_hhmm(v: &Value) -> bool {
    v.as_str().is_some_and(|s| {
        s.len() == 4
            && s.bytes().all(|b| b.is_ascii_digit())
            && s[..2].parse::<u32>().unwrap() < 24
            && s[2..].parse::<u32>().unwrap() < 60
    })
}

fn one_of(v: &Value, set: &[&str]) -> bool {
    v.as_str().is_some_and(|s| set.contains(&s))
}

#[derive(Clone, Copy)]
enum Ty {
    Str,
    Hhmm,
    HhmmOrNull,
    Num,
    Enum(&'static [&'static str]),
}

fn check_type(what: &str, v: &Value, ty: Ty) {
    let good = match ty {
        Ty::Str => v.is_string(),
        Ty::Hhmm => is_hhmm(v),
        Ty::HhmmOrNull => v.is_null() || is_hhmm(v),
        Ty::Num => v.is_u64(),
        Ty::Enum(set) => one_of(v, set),
    };
    assert!(good, "{what}: {v} has the wrong type");
}

/// Checks the SPEC 5 keys of `obj` with their types; returns the keys the SPEC does not name.
fn check_keys(what: &str, obj: &Value, keys: &[(&str, Ty)]) -> Vec<String> {
    let map = obj
        .as_object()
        .unwrap_or_else(|| panic!("{what} is not an object"));
    for (k, ty) in keys {
        let v = map
            .get(*k)
            .unwrap_or_else(|| panic!("{what} has no key \"{k}\""));
        check_type(&format!("{what}.{k}"), v, *ty);
    }
    map.keys()
        .filter(|k| !keys.iter().any(|(s, _)| s == k))
        .cloned()
        .collect()
}

/// The SPEC keys appear in the SPEC's order in the printed text of one object.
fn in_spec_order(raw: &str, keys: &[&str]) {
    let mut at = 0;
    for k in keys {
        let needle = format!("\"{k}\":");
        let pos = raw[at..]
            .find(&needle)
            .unwrap_or_else(|| panic!("key {k} missing or out of the SPEC 5 order"));
        at += pos + needle.len();
    }
}

const SHIP_KEYS: &[&str] = &[
    "id",
    "name",
    "side",
    "dp",
    "damage",
    "dp_left",
    "speed",
    "speed_max",
    "status",
    "sinks_at",
    "fire_pct",
    "flood_pct",
    "severity_pct",
    "severity",
    "dc_pct",
    "dc_level",
    "tds",
    "fires",
    "floods",
    "criticals",
    "timers",
];

#[test]
fn status_json_has_the_spec_keys_and_types_and_is_stable() {
    let dir = tempfile::tempdir().unwrap();
    let save = busy_battle(&dir);
    let a = ok(cmd(&["status", "--json"], &save));
    let b = ok(cmd(&["status", "--json"], &save));
    assert_eq!(a.stdout, b.stdout, "byte-identical across two calls");
    let raw = out(&a);
    let v: Value = serde_json::from_str(&raw).expect("status --json parses");

    let top = v.as_object().unwrap();
    assert!(top.contains_key("clock") && top.contains_key("ships"));
    in_spec_order(&raw, &["clock", "ships"]);

    let clock = &v["clock"];
    check_keys(
        "clock",
        clock,
        &[
            ("turn", Ty::Hhmm),
            ("phase", Ty::Enum(PHASES)),
            ("scale", Ty::Enum(&["tactical", "intermediate"])),
            ("day", Ty::Num),
            ("next_mark", Ty::Hhmm),
        ],
    );
    in_spec_order(&raw, &["turn", "phase", "scale", "day", "next_mark"]);
    assert_eq!(clock["turn"], "1506");
    assert_eq!(clock["phase"], "detection");
    assert_eq!(clock["scale"], "tactical");
    assert_eq!(clock["day"], 1);
    assert_eq!(clock["next_mark"], "1530");

    let ships = v["ships"].as_array().unwrap();
    assert_eq!(ships.len(), 2);
    for ship in ships {
        let id = ship["id"].as_str().unwrap_or("?").to_string();
        check_keys(
            &id,
            ship,
            &[
                ("id", Ty::Str),
                ("name", Ty::Str),
                ("side", Ty::Str),
                ("dp", Ty::Num),
                ("damage", Ty::Num),
                ("dp_left", Ty::Num),
                ("speed", Ty::Num),
                ("speed_max", Ty::Num),
                ("status", Ty::Enum(&["afloat", "sinking", "sunk"])),
                ("sinks_at", Ty::HhmmOrNull),
                ("fire_pct", Ty::Num),
                ("flood_pct", Ty::Num),
                ("severity_pct", Ty::Num),
                ("severity", Ty::Enum(LEVELS)),
                ("dc_pct", Ty::Num),
                ("dc_level", Ty::Enum(LEVELS)),
            ],
        );
        assert_eq!(
            check_keys(
                &format!("{id}.tds"),
                &ship["tds"],
                &[("port", Ty::Num), ("starboard", Ty::Num)]
            ),
            Vec::<String>::new(),
            "tds has port and starboard only"
        );
        for list in ["fires", "floods"] {
            for f in ship[list].as_array().expect("a list") {
                check_keys(
                    &format!("{id}.{list}[]"),
                    f,
                    &[
                        ("pct", Ty::Num),
                        ("inflicted", Ty::Hhmm),
                        ("first_damage", Ty::Hhmm),
                    ],
                );
            }
        }
        for c in ship["criticals"].as_array().expect("a list") {
            check_keys(
                &format!("{id}.criticals[]"),
                c,
                &[
                    ("kind", Ty::Enum(KINDS)),
                    ("turn", Ty::Hhmm),
                    ("detail", Ty::Str),
                ],
            );
        }
        for t in ship["timers"].as_array().expect("a list") {
            check_keys(
                &format!("{id}.timers[]"),
                t,
                &[
                    ("what", Ty::Str),
                    ("due", Ty::Hhmm),
                    ("phase", Ty::Enum(PHASES)),
                ],
            );
        }
        let d = ship["dp"].as_u64().unwrap();
        assert_eq!(
            ship["dp_left"].as_u64().unwrap(),
            d - ship["damage"].as_u64().unwrap().min(d)
        );
        assert_eq!(
            ship["severity_pct"].as_u64().unwrap(),
            ship["fire_pct"].as_u64().unwrap() + ship["flood_pct"].as_u64().unwrap()
        );
    }
    // Each ship object lists the SPEC keys in the SPEC order.
    let second = raw.find("\"id\": \"valiant\"").unwrap();
    in_spec_order(&raw[..second], SHIP_KEYS);
    in_spec_order(&raw[second - 10..], SHIP_KEYS);

    // The values the script set up (FG&DN 8.2 example; 8.1.8).
    let de = &ships[0];
    assert_eq!(de["id"], "deutschland");
    assert_eq!(de["damage"], 32);
    assert_eq!(de["fire_pct"], 4);
    assert_eq!(de["fires"][0]["pct"], 4);
    assert_eq!(de["fires"][0]["inflicted"], "1506");
    assert_eq!(de["fires"][0]["first_damage"], "1515");
    assert_eq!(de["criticals"][0]["kind"], "fire");
    assert_eq!(de["criticals"][0]["turn"], "1506");
    assert_eq!(de["timers"][0]["due"], "1515");
    assert_eq!(de["timers"][0]["phase"], "resolution");
    assert_eq!(de["status"], "afloat");
    assert_eq!(de["sinks_at"], Value::Null);
    let va = &ships[1];
    assert_eq!(va["status"], "sinking");
    assert_eq!(va["dp_left"], 0);
    // 1506 + 30 minutes = 1536 (a turn start)
    assert_eq!(va["sinks_at"], "1536");
    assert!(va["timers"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["due"] == "1536" && t["phase"] == "movement"));
}

#[test]
fn status_text_and_json_of_a_fresh_scenario() {
    let o = ok(cmd(&["status"], &scenario("torpedo_flooding")));
    let s = out(&o);
    assert!(
        s.contains("SMS Kaiser") && s.contains("1200 plotting"),
        "{s}"
    );
    let o = ok(cmd(&["status", "--json"], &scenario("torpedo_flooding")));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["ships"][0]["tds"]["port"], 105);
    assert_eq!(v["ships"][0]["tds"]["starboard"], 105);
    assert_eq!(v["clock"]["next_mark"], "1230");
}

// ---------------------------------------------------------------- log

/// Both ships of the W-class example hit, one with a critical; a note with commas and quotes.
fn logged_battle(dir: &tempfile::TempDir) -> PathBuf {
    let save = copy(dir, "w_class_ratio");
    ok(run(
        &save,
        dir,
        "until 1200 planned_fire\nhit wakeful 8\nhit whitley 8\ndice 4 4 3\nnext\n\
         note \"Wakeful, \\\"hit\\\" twice; whitley fine\"\nuntil 1203 planned_fire\n\
         hit whitley 2\ndice 1\nnext\nundo\n",
    ));
    save
}

#[test]
fn log_in_text_md_csv_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let save = logged_battle(&dir);

    let t = out(&ok(cmd(&["log"], &save)));
    assert!(t.contains("hit wakeful 8"), "{t}");
    assert!(
        t.contains("HMS Wakeful: damage ratio 8/31 = 0.25, D6 4: 1 critical"),
        "{t}"
    );
    assert!(t.contains("(undone)"), "the undone `next` is marked: {t}");
    let t2 = out(&ok(cmd(&["log", "--format", "text"], &save)));
    assert_eq!(t, t2, "text is the default");

    let md = out(&ok(cmd(&["log", "--format", "md"], &save)));
    assert!(md.starts_with("# Battle log: "), "{md}");
    assert!(md.contains("`hit wakeful 8`"), "{md}");
    assert!(md.lines().filter(|l| l.starts_with("- **#")).count() >= 10);

    let csv = out(&ok(cmd(&["log", "--format", "csv"], &save)));
    let rows = parse_csv(&csv);
    let header = &rows[0];
    assert_eq!(
        header.join(","),
        "seq,day,turn,phase,wall,command,in_effect,ship,kind,text,typed"
    );
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(
            r.len(),
            header.len(),
            "row {i} has {} columns: {r:?}",
            r.len()
        );
    }
    assert!(rows
        .iter()
        .any(|r| r[5] == "note \"Wakeful, \\\"hit\\\" twice; whitley fine\""));
    assert!(rows.iter().any(|r| r[6] == "false"), "an undone entry");

    let json = out(&ok(cmd(&["log", "--format", "json"], &save)));
    let v: Value = serde_json::from_str(&json).expect("log json parses");
    let entries = v.as_array().unwrap();
    assert_eq!(entries.len(), 11);
    for e in entries {
        for k in [
            "seq",
            "day",
            "turn",
            "phase",
            "command",
            "in_effect",
            "lines",
        ] {
            assert!(e.get(k).is_some(), "entry without {k}: {e}");
        }
    }
    assert_eq!(entries[1]["command"], "hit wakeful 8");
    assert_eq!(entries[1]["turn"], "1200");
    assert_eq!(entries[1]["phase"], "planned_fire");
}

/// A battle whose script has a command typed differently from its canonical form.
fn typed_battle(dir: &tempfile::TempDir) -> PathBuf {
    let save = copy(dir, "w_class_ratio");
    ok(run(
        &save,
        dir,
        "until 1200 planned_fire\nHIT  Wakeful 8   # from the table\nhit whitley 5\nundo\n\
         dice 4 4\nnext\n",
    ));
    save
}

/// Issue 5, item 5: each entry shows its game time, wall-clock time, the command as typed,
/// every die with its purpose and provenance, and what it changed (status field names).
#[test]
fn log_shows_what_a_reviewer_needs() {
    let dir = tempfile::tempdir().unwrap();
    let save = typed_battle(&dir);
    let t = out(&ok(cmd(&["log"], &save)));
    let heading = t
        .lines()
        .find(|l| l.starts_with("#2 "))
        .unwrap_or_else(|| panic!("{t}"));
    assert!(
        heading.contains("1200 planned_fire"),
        "game time: {heading}"
    );
    assert!(
        heading.contains("hit wakeful 8"),
        "canonical command: {heading}"
    );
    let after_heading = t.split(heading).nth(1).unwrap_or_default();
    assert!(
        after_heading.starts_with("\n        wall clock: 20") && after_heading.contains(" UTC\n"),
        "wall-clock time under the heading: {after_heading}"
    );
    assert!(
        t.contains("        typed: HIT  Wakeful 8   # from the table\n"),
        "the command as typed: {t}"
    );
    assert_eq!(
        t.matches("typed:").count(),
        1,
        "typed only where it differs: {t}"
    );
    // FG&DN 8.1.2 (W-class example): 8/31 = .25, the .20 line; the dice with purpose and
    // provenance, then what changed.
    assert!(
        t.contains(
            "roll D6 = 4 (critical count, HMS Wakeful: ratio 0.25 (8/31), the 0.20 line, queued)"
        ),
        "{t}"
    );
    assert!(
        t.contains("changed: wakeful damage 0 -> 8, dp_left 39 -> 31"),
        "{t}"
    );
    assert!(t.contains("changed: whitley pending_hits 0 -> 1"), "{t}");
    // The undo names what it took back.
    let undo = t.split("#4 ").nth(1).expect("entry 4");
    assert!(
        undo.contains("changed: whitley pending_hits 1 -> 0"),
        "{undo}"
    );

    let md = out(&ok(cmd(&["log", "--format", "md"], &save)));
    assert!(
        md.contains("  - typed: `HIT  Wakeful 8   # from the table`"),
        "{md}"
    );
    assert!(md.contains("  - changed: `wakeful` damage 0 -> 8"), "{md}");
    assert!(md.contains(" UTC)"), "wall-clock time: {md}");

    let csv = parse_csv(&out(&ok(cmd(&["log", "--format", "csv"], &save))));
    let header = &csv[0];
    for r in &csv {
        assert_eq!(r.len(), header.len(), "{r:?}");
    }
    assert!(csv
        .iter()
        .any(|r| r[8] == "changed" && r[7] == "wakeful" && r[9].starts_with("damage 0 -> 8")));
    assert!(csv
        .iter()
        .any(|r| r[0] == "2" && r[10] == "HIT  Wakeful 8   # from the table"));
    assert!(
        csv.iter().skip(1).all(|r| !r[4].is_empty()),
        "wall on every row"
    );

    let json: Value = serde_json::from_str(&out(&ok(cmd(&["log", "--format", "json"], &save))))
        .expect("log json parses");
    let e = &json[1];
    assert_eq!(e["command"], "hit wakeful 8");
    assert_eq!(e["typed"], "HIT  Wakeful 8   # from the table");
    assert!(e["wall"].as_str().is_some_and(|w| w.ends_with('Z')), "{e}");
    assert_eq!(json[0]["typed"], Value::Null);
    let next = &json[5];
    let rolls: Vec<&str> = next["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["kind"] == "rolled")
        .map(|l| l["text"].as_str().unwrap())
        .collect();
    assert!(
        rolls.len() == 2 && rolls.iter().all(|r| r.ends_with(", queued)")),
        "every die with purpose and provenance: {rolls:?}"
    );
    let changes = next["changes"].as_array().unwrap();
    let wakeful = changes.iter().find(|c| c["ship"] == "wakeful").unwrap();
    let fields: Vec<(&str, &str, &str)> = wakeful["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["field"].as_str().unwrap(),
                f["from"].as_str().unwrap(),
                f["to"].as_str().unwrap(),
            )
        })
        .collect();
    assert!(fields.contains(&("damage", "0", "8")), "{fields:?}");
    assert!(fields.contains(&("criticals", "0", "1")), "{fields:?}");

    // One ship: only its changes, and the undo that changed it although it does not name it.
    let one: Value = serde_json::from_str(&out(&ok(cmd(
        &["log", "--ship", "whitley", "--format", "json"],
        &save,
    ))))
    .unwrap();
    let entries = one.as_array().unwrap();
    assert!(entries.iter().any(|e| e["command"] == "undo"), "{one}");
    for e in entries {
        for c in e["changes"].as_array().unwrap() {
            assert_eq!(c["ship"], "whitley", "{e}");
        }
    }
}

#[test]
fn log_for_one_ship() {
    let dir = tempfile::tempdir().unwrap();
    let save = logged_battle(&dir);
    let json = out(&ok(cmd(
        &["log", "--ship", "WHITLEY", "--format", "json"],
        &save,
    )));
    let v: Value = serde_json::from_str(&json).unwrap();
    let entries = v.as_array().unwrap();
    assert!(!entries.is_empty());
    for e in entries {
        let cmd = e["command"].as_str().unwrap();
        assert!(!cmd.contains("wakeful"), "an entry about Wakeful only: {e}");
        for l in e["lines"].as_array().unwrap() {
            assert!(
                l["ship"] == "whitley" || l["kind"] == "undo" || l["kind"] == "redo",
                "a line about another ship: {l}"
            );
        }
    }
    assert!(entries.iter().any(|e| e["command"] == "hit whitley 8"));
    let text = out(&ok(cmd(&["log", "--ship", "whitley"], &save)));
    assert!(!text.contains("HMS Wakeful"), "{text}");
    assert!(text.contains("HMS Whitley"), "{text}");

    let o = cmd(&["log", "--ship", "whitly"], &save);
    assert!(!o.status.success());
    assert!(
        err(&o).contains("did you mean \"whitley\""),
        "{}",
        text_of(&o)
    );
}

fn text_of(o: &Output) -> String {
    text(o)
}

// ---------------------------------------------------------------- check

#[test]
fn check_accepts_good_scenarios_and_saves() {
    let dir = tempfile::tempdir().unwrap();
    let save = logged_battle(&dir);
    let o = ok(umpire()
        .arg("check")
        .arg(scenario("sinking"))
        .arg(&save)
        .output()
        .unwrap());
    let s = out(&o);
    assert!(
        s.contains("sinking.toml: ok") && s.contains("w_class_ratio.toml: ok"),
        "{s}"
    );
}

/// 1-based numbers of the lines of `text` holding `needle`.
fn lines_with(text: &str, needle: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.contains(needle))
        .map(|(i, _)| i + 1)
        .collect()
}

fn w_class() -> String {
    std::fs::read_to_string(scenario("w_class_ratio")).unwrap()
}

/// Runs `check` on `bad` (the W-class scenario, edited): it must fail, name the file with one
/// of `lines` and say `says`.
fn bad_scenario(bad: &str, lines: &[usize], says: &str) {
    let dir = tempfile::tempdir().unwrap();
    assert_ne!(bad, w_class());
    let path = dir.path().join("bad.toml");
    std::fs::write(&path, bad).unwrap();
    let o = cmd(&["check"], &path);
    assert!(!o.status.success(), "{}", text(&o));
    let e = err(&o);
    assert!(
        lines
            .iter()
            .any(|n| e.contains(&format!("{}:{n}:", path.display()))),
        "names the file and one of the lines {lines:?}: {e}"
    );
    assert!(e.contains(says), "{e}");
    // and `check` of a good file next to it still says which one is bad
    let o = umpire()
        .arg("check")
        .arg(scenario("sinking"))
        .arg(&path)
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(out(&o).contains("sinking.toml: ok"));
    assert!(err(&o).contains("1 of 2 files"), "{}", text(&o));
}

/// The first ship's size becomes "Q": (the line of the key, the line of its `[[ship]]`).
fn bad_size() -> (String, usize, usize) {
    let bad = w_class().replacen("size = \"C\"", "size = \"Q\"", 1);
    let key = lines_with(&bad, "size = \"Q\"")[0];
    let header = lines_with(&bad, "[[ship]]")[0];
    (bad, key, header)
}

/// The second ship takes the first one's id: (the line of its id, the line of its `[[ship]]`).
fn duplicate_id() -> (String, usize, usize) {
    let bad = w_class().replacen("id = \"whitley\"", "id = \"wakeful\"", 1);
    let key = lines_with(&bad, "id = \"wakeful\"")[1];
    let header = lines_with(&bad, "[[ship]]")[1];
    (bad, key, header)
}

#[test]
fn check_reports_an_unknown_key_with_file_and_line() {
    let bad = w_class().replacen("seed = 812", "seed = 812\ncolour = \"grey\"", 1);
    bad_scenario(&bad, &lines_with(&bad, "colour"), "colour");
    let bad = w_class().replacen("speed = 34 ", "speed = 34\nfunnels = 3 ", 1);
    bad_scenario(&bad, &lines_with(&bad, "funnels"), "funnels");
}

#[test]
fn check_reports_a_bad_size_with_file_and_line() {
    // The line of the key or, as the engine does today, the line of its ship's [[ship]].
    let (bad, key, header) = bad_size();
    bad_scenario(&bad, &[key, header], "key \"size\"");
}

#[test]
fn check_reports_a_duplicate_id_with_file_and_line() {
    let (bad, key, header) = duplicate_id();
    bad_scenario(&bad, &[key, header], "\"wakeful\" is used by another ship");
}

#[test]
fn check_names_the_line_of_the_bad_ship_key() {
    let (bad, key, _) = bad_size();
    bad_scenario(&bad, &[key], "key \"size\"");
    let (bad, key, _) = duplicate_id();
    bad_scenario(&bad, &[key], "key \"id\"");
}

/// Log lines (1-based line numbers) of a save.
fn log_lines(save: &Path) -> Vec<usize> {
    std::fs::read_to_string(save)
        .unwrap()
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("#@ "))
        .map(|(i, _)| i + 1)
        .collect()
}

#[test]
fn a_corrupt_middle_log_line_is_named_and_the_file_is_never_changed() {
    let dir = tempfile::tempdir().unwrap();
    let save = logged_battle(&dir);
    let lines = log_lines(&save);
    let bad_line = lines[2];
    let text = std::fs::read_to_string(&save).unwrap();
    let corrupt: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == bad_line {
                l.replacen("\"seq\":3", "\"seq\":9", 1)
            } else {
                l.to_string()
            }
        })
        .collect();
    let corrupt = corrupt.join("\n") + "\n";
    assert_ne!(corrupt, text);
    std::fs::write(&save, &corrupt).unwrap();
    let at = format!("{}:{bad_line}", save.display());
    for args in [
        &["check"][..],
        &["status"][..],
        &["status", "--json"][..],
        &["log"][..],
    ] {
        let o = cmd(args, &save);
        assert!(!o.status.success(), "{args:?}: {}", text_of(&o));
        assert!(
            err(&o).contains(&at),
            "{args:?} names {at}: {}",
            text_of(&o)
        );
    }
    // `run` refuses too, before writing anything.
    let o = run(&save, &dir, "note \"after the damage\"\n");
    assert!(!o.status.success(), "{}", text_of(&o));
    assert!(err(&o).contains(&at), "{}", text_of(&o));
    assert_eq!(std::fs::read_to_string(&save).unwrap(), corrupt);
}

#[test]
fn a_torn_last_line_loads_with_a_warning_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let save = logged_battle(&dir);
    let full = std::fs::read(&save).unwrap();
    let last = *log_lines(&save).last().unwrap();
    // An interrupted write: the last entry is cut off half way, with no end of line.
    let cut = full.len() - 30;
    let torn = full[..cut].to_vec();
    std::fs::write(&save, &torn).unwrap();
    let at = format!("{}:{last}", save.display());

    let o = ok(cmd(&["status", "--json"], &save));
    assert!(err(&o).contains(&at), "warning names {at}: {}", text_of(&o));
    assert!(err(&o).contains("warning"), "{}", text_of(&o));
    let v: Value = serde_json::from_str(&out(&o)).unwrap();
    // The torn entry was the `undo`: without it Whitley's 2 DP of 1203 stay applied.
    assert_eq!(v["ships"][1]["damage"], 10);

    let o = ok(cmd(&["check"], &save));
    assert!(err(&o).contains(&at), "{}", text_of(&o));
    let o = ok(cmd(&["log"], &save));
    assert!(err(&o).contains(&at), "{}", text_of(&o));
    // Reading never writes.
    assert_eq!(std::fs::read(&save).unwrap(), torn);
}

// ---------------------------------------------------------------- the demo, --save

#[test]
fn no_argument_without_a_terminal_says_how_to_play_headless_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let o = umpire()
        .current_dir(dir.path())
        .env("XDG_DATA_HOME", dir.path().join("data"))
        .env("HOME", dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("the dashboard needs a terminal"), "{e}");
    assert!(e.contains("umpire demo battle.toml"), "{e}");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "writes nothing"
    );
}

#[test]
fn demo_writes_a_scenario_that_checks_and_refuses_to_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    let b = dir.path().join("b.toml");
    ok(cmd(&["demo"], &b));
    ok(cmd(&["check"], &b));
    let before = std::fs::read(&b).unwrap();
    let o = cmd(&["demo"], &b);
    assert!(!o.status.success());
    assert!(err(&o).contains("already exists"));
    assert_eq!(std::fs::read(&b).unwrap(), before);
}

#[test]
fn run_with_save_out_leaves_the_input_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let input = copy(&dir, "speed_thresholds");
    // Give the input a log of its own first, so both the scenario and the log are kept.
    ok(run(&input, &dir, "note \"before\"\n"));
    let before = std::fs::read(&input).unwrap();
    let status_before = out(&ok(cmd(&["status", "--json"], &input)));

    let outp = dir.path().join("out.toml");
    let script = dir.path().join("s.umpire");
    std::fs::write(
        &script,
        "until 1200 planned_fire\nhit tiger 130\ndice 1\nnext\nexpect tiger speed_max 21\n",
    )
    .unwrap();
    ok(umpire()
        .arg("run")
        .arg(&input)
        .arg("--script")
        .arg(&script)
        .arg("--save")
        .arg(&outp)
        .output()
        .unwrap());
    assert_eq!(std::fs::read(&input).unwrap(), before, "input untouched");
    assert_eq!(out(&ok(cmd(&["status", "--json"], &input))), status_before);

    let v: Value = serde_json::from_str(&out(&ok(cmd(&["status", "--json"], &outp)))).unwrap();
    assert_eq!(v["ships"][0]["damage"], 130);
    assert_eq!(v["ships"][0]["speed_max"], 21);
    // OUT starts with the input's scenario and log, then the new entries.
    let out_text = std::fs::read_to_string(&outp).unwrap();
    let in_text = String::from_utf8(before).unwrap();
    let scenario_part = in_text.split("# ---- umpire log").next().unwrap();
    assert!(out_text.starts_with(scenario_part));
    assert_eq!(
        log_lines(&outp).len(),
        5,
        "note + 4 commands (expect is not logged)"
    );
    ok(cmd(&["check"], &outp));
}

#[test]
fn recover_copies_the_intact_part_of_a_damaged_save() {
    let dir = tempfile::tempdir().unwrap();
    let save = logged_battle(&dir);
    let lines = log_lines(&save);
    let text = std::fs::read_to_string(&save).unwrap();
    let damaged: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == lines[2] {
                l.replacen("#@ ", "#@ 0", 1)
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(&save, damaged.join("\n") + "\n").unwrap();
    let before = std::fs::read(&save).unwrap();
    let out_path = dir.path().join("recovered.toml");
    let o = umpire()
        .arg("recover")
        .arg(&save)
        .arg(&out_path)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text_of(&o));
    assert!(out(&o).contains("2 intact log entries"), "{}", out(&o));
    assert_eq!(
        std::fs::read(&save).unwrap(),
        before,
        "the damaged file is untouched"
    );
    ok(cmd(&["check"], &out_path));
    let again = umpire()
        .arg("recover")
        .arg(&save)
        .arg(&out_path)
        .output()
        .unwrap();
    assert!(!again.status.success(), "never overwrites an existing file");
}

/// The save keeps the command as typed only where it differs from the canonical one, from a
/// script line and from the dashboard's prompt; a save written before `typed` existed loads.
#[test]
fn typed_is_stored_only_where_it_differs() {
    use umpire::cli::Battle;
    use umpire::rulesets::fgdn::tables::Tables;
    use umpire::store::SaveWriter;
    use umpire::tui::keymap::Keymap;
    use umpire::tui::{board::BoardApp, Save};

    let dir = tempfile::tempdir().unwrap();
    let save = typed_battle(&dir);
    let raw = std::fs::read_to_string(&save).unwrap();
    let typed_lines: Vec<&str> = raw
        .lines()
        .filter(|l| l.starts_with("#@ ") && l.contains("\"typed\""))
        .collect();
    assert_eq!(typed_lines.len(), 1, "{raw}");
    assert!(typed_lines[0].contains("\"typed\":\"HIT  Wakeful 8   # from the table\""));

    // The dashboard's prompt: the text typed, kept when it is not the canonical command.
    let writer = SaveWriter::open(&save).unwrap();
    let battle = Battle::open(&save, Tables::builtin()).unwrap();
    let mut app = BoardApp::new(
        battle,
        Save::Writer(writer),
        Some(save.clone()),
        Keymap::default(),
    );
    app.submit("note   \"from the prompt\"").unwrap();
    app.submit("next").unwrap();
    drop(app);
    let entries = Battle::open(&save, Tables::builtin())
        .unwrap()
        .game
        .entries()
        .to_vec();
    let n = entries.len();
    assert_eq!(entries[n - 2].cmd, "note \"from the prompt\"");
    assert_eq!(
        entries[n - 2].typed.as_deref(),
        Some("note   \"from the prompt\"")
    );
    assert_eq!(entries[n - 1].typed, None);

    // An entry line without `typed` (as every save before it) reads as typed = canonical.
    let old: umpire::rulesets::fgdn::Entry = serde_json::from_str(
        r#"{"v":1,"seq":1,"cmd":"next","clock":{"turn":720,"phase":"plotting","scale":"tactical"}}"#,
    )
    .expect("an old entry parses");
    assert_eq!(old.typed, None);
    assert_eq!(old.as_typed(), "next");
}

// ---------------------------------------------------------------- issue 15: hardening

fn run_save(input: &Path, script: &Path, out: &Path, extra: &[&str]) -> Output {
    umpire()
        .arg("run")
        .arg(input)
        .arg("--script")
        .arg(script)
        .arg("--save")
        .arg(out)
        .args(extra)
        .output()
        .unwrap()
}

/// `run --save OUT` never silently replaces OUT: an existing file needs --force, and a save
/// another console holds is never replaced, even with --force.
#[test]
fn run_save_refuses_an_existing_file_unless_forced_and_never_a_held_save() {
    let dir = tempfile::tempdir().unwrap();
    let input = copy(&dir, "w_class_ratio");
    let script = dir.path().join("s.umpire");
    std::fs::write(&script, "note \"copied\"\n").unwrap();
    let outp = dir.path().join("out.toml");
    std::fs::write(&outp, "precious = true\n").unwrap();
    let o = run_save(&input, &script, &outp, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(err(&o).contains("already exists"), "{}", text(&o));
    assert!(err(&o).contains("--force"), "{}", text(&o));
    assert_eq!(std::fs::read_to_string(&outp).unwrap(), "precious = true\n");

    ok(run_save(&input, &script, &outp, &["--force"]));
    assert_eq!(log_lines(&outp).len(), 1);

    let writer = umpire::store::SaveWriter::open(&outp).unwrap();
    let before = std::fs::read(&outp).unwrap();
    let o = run_save(&input, &script, &outp, &["--force"]);
    assert!(!o.status.success(), "{}", text(&o));
    assert!(
        err(&o).contains("another umpire is writing"),
        "{}",
        text(&o)
    );
    assert_eq!(std::fs::read(&outp).unwrap(), before);
    drop(writer);
}

/// A complete last log line (with its end of line) whose checksum fails is damage, not a torn
/// write: `check` fails naming the line, `run` writes nothing, `recover` is offered.
#[test]
fn a_complete_last_line_with_a_bad_checksum_is_reported_and_never_cut() {
    let dir = tempfile::tempdir().unwrap();
    let save = logged_battle(&dir);
    let last = *log_lines(&save).last().unwrap();
    let text = std::fs::read_to_string(&save).unwrap();
    let rotted = text.replacen("\"cmd\":\"undo\"", "\"cmd\":\"undp\"", 1);
    assert_ne!(rotted, text);
    std::fs::write(&save, &rotted).unwrap();
    let at = format!("{}:{last}", save.display());
    let o = cmd(&["check"], &save);
    assert!(!o.status.success(), "{}", text_of(&o));
    assert!(err(&o).contains(&at), "{}", text_of(&o));
    assert!(err(&o).contains("umpire recover"), "{}", text_of(&o));
    let o = run(&save, &dir, "note \"after\"\n");
    assert!(!o.status.success(), "{}", text_of(&o));
    assert!(err(&o).contains(&at), "{}", text_of(&o));
    assert_eq!(std::fs::read_to_string(&save).unwrap(), rotted);
}

/// An `until` across a whole day records every phase it walks through, but its log line stays
/// small (the quiet phases are stored as one run), it replays and verifies, and its log reads
/// as before.
#[test]
fn a_day_long_until_writes_a_small_entry_that_replays_and_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("demo.toml");
    ok(cmd(&["demo"], &save));
    ok(run(
        &save,
        &dir,
        "until 1157 day 2\nexpect clock 1157 plotting\nnext\n",
    ));
    let text = std::fs::read_to_string(&save).unwrap();
    let until = text
        .lines()
        .find(|l| l.contains("\"cmd\":\"until 1157 day 2\""))
        .unwrap();
    assert!(
        until.len() < 2_000,
        "the until entry is {} bytes",
        until.len()
    );
    ok(cmd(&["check"], &save));
    let v: Value = serde_json::from_str(&out(&ok(cmd(&["status", "--json"], &save)))).unwrap();
    assert_eq!(v["clock"]["turn"], "1157");
    assert_eq!(v["clock"]["phase"], "movement");
    let log = out(&ok(cmd(&["log"], &save)));
    assert!(log.contains("-- end of 1154 resolution --"), "{log}");
    // 479 turns of 6 phases, then `next`.
    assert_eq!(log.matches("-- end of").count(), 479 * 6 + 1);
}

/// `report --out` refuses an existing file unless --force, and never replaces a save or a
/// scenario (it would destroy the battle), even with --force.
#[test]
fn report_out_refuses_existing_files_and_never_replaces_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let save = logged_battle(&dir);
    let other = copy(&dir, "speed_thresholds");
    ok(run(&other, &dir, "note \"in play\"\n"));
    let report = |out: &Path, extra: &[&str]| {
        umpire()
            .arg("report")
            .arg(&save)
            .arg("--out")
            .arg(out)
            .args(extra)
            .output()
            .unwrap()
    };
    let existing = dir.path().join("report.md");
    std::fs::write(&existing, "old report\n").unwrap();
    let o = report(&existing, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(err(&o).contains("--force"), "{}", text(&o));
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "old report\n");
    ok(report(&existing, &["--force"]));
    assert!(std::fs::read_to_string(&existing)
        .unwrap()
        .contains("After-action report"));

    for victim in [&other, &scenario_copy(&dir)] {
        let before = std::fs::read(victim).unwrap();
        let o = report(victim, &["--force"]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert!(err(&o).contains("never replaces"), "{}", text(&o));
        assert_eq!(&std::fs::read(victim).unwrap(), &before);
    }
    // A file held by a writer (whatever it holds) is refused too.
    let held = dir.path().join("held.toml");
    std::fs::write(&held, "x = 1\n").unwrap();
    let w = umpire::store::SaveWriter::open(&held).unwrap();
    let o = report(&held, &["--force"]);
    assert!(!o.status.success(), "{}", text(&o));
    assert_eq!(std::fs::read_to_string(&held).unwrap(), "x = 1\n");
    drop(w);
}

fn scenario_copy(dir: &tempfile::TempDir) -> PathBuf {
    let to = dir.path().join("plain.toml");
    std::fs::copy(scenario("w_class_ratio"), &to).unwrap();
    to
}

/// A scenario and notes with terminal escape sequences, newlines and spreadsheet formulas.
fn hostile_battle(dir: &tempfile::TempDir) -> (PathBuf, Output) {
    let text = std::fs::read_to_string(scenario("w_class_ratio"))
        .unwrap()
        .replacen("name = \"HMS Wakeful\"", "name = \"=Wake\\u001b[2Jful\"", 1)
        .replacen("side = \"British\"", "side = \"=Brit\\u009b31m\\nish\"", 1)
        .replacen(
            "name = \"W-class damage ratio",
            "name = \"\\u001b]0;pwned\\u0007W-class damage ratio",
            1,
        );
    let save = dir.path().join("hostile.toml");
    std::fs::write(&save, text).unwrap();
    let o = run(
        &save,
        dir,
        "until 1200 planned_fire\nhit wakeful 8\ndice 4 4 3\nnext\n\
         note \"bell\x07 esc\x1b[31m red\"\nnote \"one\\nforged line\"\n\
         note \"=HYPERLINK(\\\"http://x\\\")\"\nnote \"-5\"\n",
    );
    let o = ok(o);
    (save, o)
}

fn assert_terminal_safe(what: &str, s: &str) {
    let bad: Vec<char> = s.chars().filter(|c| c.is_control() && *c != '\n').collect();
    assert!(
        bad.is_empty(),
        "{what}: raw control characters {bad:?} in\n{s}"
    );
    assert!(
        !s.lines().any(|l| l.trim_start().starts_with("forged line")),
        "{what}: a note forged a line:\n{s}"
    );
}

/// Escape sequences and newlines in names, sides and notes are shown escaped in every text
/// output meant for a terminal; JSON keeps them exactly.
#[test]
fn control_characters_never_reach_the_terminal_raw() {
    let dir = tempfile::tempdir().unwrap();
    let (save, run_output) = hostile_battle(&dir);
    let run_text = out(&run_output);
    assert_terminal_safe("run", &run_text);
    assert!(run_text.contains("\\x1b[31m"), "{run_text}");
    assert!(run_text.contains("one\\nforged line"), "{run_text}");
    for args in [
        &["status"][..],
        &["log"][..],
        &["log", "--format", "md"][..],
        &["log", "--format", "csv"][..],
        &["report", "--format", "md"][..],
        &["report", "--format", "csv"][..],
        &["report", "--format", "csv", "--csv-table", "events"][..],
    ] {
        let o = ok(cmd(args, &save));
        let s = out(&o);
        if args.contains(&"csv") {
            // Quoted CSV cells may hold a newline; no other control character.
            assert!(
                !s.chars().any(|c| c.is_control() && c != '\n'),
                "{args:?}: {s}"
            );
        } else {
            assert_terminal_safe(&format!("{args:?}"), &s);
        }
        if !args.contains(&"events") {
            assert!(s.contains("\\x1b"), "{args:?}: {s}");
        }
    }
    let log = out(&ok(cmd(&["log"], &save)));
    assert!(log.contains("one\\nforged line"), "{log}");
    // JSON is exact: the same characters, escaped by JSON itself.
    let v: Value = serde_json::from_str(&out(&ok(cmd(&["status", "--json"], &save)))).unwrap();
    assert_eq!(v["ships"][0]["name"], "=Wake\u{1b}[2Jful");
    assert_eq!(v["ships"][0]["side"], "=Brit\u{9b}31m\nish");
}

/// CSV cells that a spreadsheet would run as a formula start with a single quote; plain
/// negative numbers stay numbers.
#[test]
fn csv_cells_cannot_inject_spreadsheet_formulas() {
    let dir = tempfile::tempdir().unwrap();
    let (save, _) = hostile_battle(&dir);
    let starts = |s: &str| {
        parse_csv(s)
            .into_iter()
            .flatten()
            .filter(|c| {
                c.starts_with(['=', '+', '@']) || (c.starts_with('-') && c.parse::<f64>().is_err())
            })
            .collect::<Vec<_>>()
    };
    let log = out(&ok(cmd(&["log", "--format", "csv"], &save)));
    assert_eq!(starts(&log), Vec::<String>::new(), "{log}");
    assert!(log.contains("'=Wake\\x1b[2Jful: hit pending"), "{log}");
    assert!(log.contains(",'-- end of 1200 plotting --,"), "{log}");
    for table in ["ships", "events"] {
        let rep = out(&ok(umpire()
            .args(["report", "--format", "csv", "--csv-table", table])
            .arg(&save)
            .output()
            .unwrap()));
        assert_eq!(starts(&rep), Vec::<String>::new(), "{rep}");
        assert!(rep.contains("'=Brit") || rep.contains("'=Wake"), "{rep}");
    }
}

/// A save an older umpire let grow past 64 MiB (long `until`s stored phase by phase) is
/// recovered whole: `recover` reads it a line at a time and writes each entry in today's
/// shorter form, so every command is kept and the copy opens, checks and ends where it did.
#[test]
fn recover_keeps_every_command_of_an_oversized_old_save() {
    use umpire::cli::Battle;
    use umpire::rulesets::fgdn::tables::Tables;
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("demo.toml");
    ok(cmd(&["demo"], &save));
    // 150 days of tactical turns, one `until` each (~460 KB apiece in the old form).
    let script = "until 1157 day 2\n".to_string()
        + &(3..=151)
            .map(|d| format!("turn\nuntil 1157 day {d}\n"))
            .collect::<String>();
    ok(run(&save, &dir, &script));
    let battle = Battle::open(&save, Tables::builtin()).unwrap();
    let status = out(&ok(cmd(&["status", "--json"], &save)));
    // The same save as an older umpire wrote it: every event of every entry on its line.
    let mut old = battle.scenario_text.clone();
    old.push_str(umpire::store::LOG_MARKER);
    old.push('\n');
    for e in battle.game.entries() {
        let json = serde_json::json!({
            "v": e.v, "seq": e.seq, "cmd": e.cmd, "clock": e.clock, "events": e.events,
            "wall": e.wall,
        });
        old.push_str(&umpire::store::format::entry_line(&json.to_string()));
    }
    assert!(
        old.len() as u64 > umpire::store::MAX_SAVE_BYTES,
        "{}",
        old.len()
    );
    let big = dir.path().join("old.toml");
    std::fs::write(&big, &old).unwrap();
    let o = cmd(&["status"], &big);
    assert!(err(&o).contains("umpire recover"), "{}", text_of(&o));
    let copy = dir.path().join("recovered.toml");
    let o = ok(umpire()
        .arg("recover")
        .arg(&big)
        .arg(&copy)
        .output()
        .unwrap());
    assert!(out(&o).contains("299 intact log entries"), "{}", out(&o));
    assert!(std::fs::metadata(&copy).unwrap().len() < 1_000_000);
    ok(cmd(&["check"], &copy));
    assert_eq!(out(&ok(cmd(&["status", "--json"], &copy))), status);
}

/// SPEC 10 (issue 18, finding 4): `until` to a time earlier than now is refused with the way to
/// name the next day; `until HHMM day N` walks there; a crossing of midnight is still plain.
#[test]
fn until_an_earlier_time_is_refused_with_the_day_to_name() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("demo.toml");
    ok(umpire().arg("demo").arg(&save).output().unwrap());
    ok(run(&save, &dir, "until 1430\n"));
    let o = run(&save, &dir, "until 1200\n");
    assert!(!o.status.success(), "{}", text(&o));
    let e = err(&o);
    assert!(
        e.contains("1200 is earlier than now (1430 on day 1)")
            && e.contains("type: until 1200 day 2"),
        "{e}"
    );
    // Nothing was walked.
    let st: Value = serde_json::from_str(&out(&ok(cmd(&["status", "--json"], &save)))).unwrap();
    assert_eq!(st["clock"]["turn"], "1430");
    ok(run(
        &save,
        &dir,
        "until 0000 day 2\nexpect clock 0000 plotting\n",
    ));
    let st: Value = serde_json::from_str(&out(&ok(cmd(&["status", "--json"], &save)))).unwrap();
    assert_eq!(st["clock"]["day"], 2);
    let o = run(&save, &dir, "until 2300 day 1\n");
    assert!(err(&o).contains("is in the past"), "{}", text(&o));
}

/// SPEC 10 (finding 7): a face no die shows is refused at once; `dice clear` empties the queue
/// that a face too big for the die asked for would block.
#[test]
fn dice_clear_empties_a_queue_that_blocks() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("demo.toml");
    ok(umpire().arg("demo").arg(&save).output().unwrap());
    let o = run(&save, &dir, "dice 101\n");
    assert!(err(&o).contains("no die shows it"), "{}", text(&o));
    ok(run(&save, &dir, "next\nnext\nhit moltke 60\ndice 11\n"));
    let o = run(&save, &dir, "next\n");
    assert!(
        err(&o).contains("does not fit a D6") && err(&o).contains("dice clear"),
        "{}",
        text(&o)
    );
    ok(run(
        &save,
        &dir,
        "dice clear\nnext\nexpect moltke damage 60\n",
    ));
}

/// SPEC 10 (finding 8): undo and redo name the command they stepped over and its turn.
#[test]
fn undo_and_redo_name_the_command_in_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("demo.toml");
    ok(umpire().arg("demo").arg(&save).output().unwrap());
    ok(run(
        &save,
        &dir,
        "next\nnext\nhit moltke 60\nnote \"x\"\nundo\nundo\nredo\n",
    ));
    let log = out(&ok(cmd(&["log"], &save)));
    assert!(
        log.contains("undo: stepped back over: note \"x\" (entered 1200 planned fire, day 1)"),
        "{log}"
    );
    assert!(
        log.contains("undo: stepped back over: hit moltke 60 (entered 1200 planned fire, day 1)"),
        "{log}"
    );
    assert!(
        log.contains("redo: stepped forward over: hit moltke 60"),
        "{log}"
    );
}

/// SPEC 10 (finding 9): a ship by its quoted name in a script and in `log --ship`; phases and
/// critical kinds in words; the save keeps the canonical command with ids.
#[test]
fn ships_by_quoted_name_and_phases_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("demo.toml");
    ok(umpire().arg("demo").arg(&save).output().unwrap());
    ok(run(
        &save,
        &dir,
        "until 1200 \"planned fire\"\nfire \"HMS Tiger\" 5\nhit \"sms moltke\" 60\ncrit \"SMS Kaiser\" \"main battery\"\nexpect \"HMS Tiger\" fire_pct 5\n",
    ));
    let log = out(&ok(umpire()
        .args(["log", "--ship", "SMS Moltke"])
        .arg(&save)
        .output()
        .unwrap()));
    assert!(log.contains("hit moltke 60"), "{log}");
    assert!(!log.contains("fire tiger"), "{log}");
    let all = out(&ok(cmd(&["log"], &save)));
    assert!(all.contains("fire tiger 5"), "{all}");
    assert!(all.contains("crit kaiser main_battery"), "{all}");
}

/// SPEC 10 (issue 18): `status --json` starts with `scenario {name, ruleset, date, start}`, and a
/// sunk ship says when and why (`sunk_at`, `sunk_by`); her fleet row says SUNK and when, not her
/// burning percentages (the snapshot `dashboard__sunk_160x48`).
#[test]
fn status_json_starts_with_the_scenario_and_a_sunk_ship_says_when_and_why() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("demo.toml");
    ok(umpire().arg("demo").arg(&save).output().unwrap());
    ok(run(
        &save,
        &dir,
        "until 1200 planned_fire\nhit wakeful 60\nnext\nuntil 1400\n",
    ));
    let raw = out(&ok(cmd(&["status", "--json"], &save)));
    assert!(raw.find("\"scenario\"").unwrap() < raw.find("\"clock\"").unwrap());
    let v: Value = serde_json::from_str(&raw).unwrap();
    assert_eq!(v["scenario"]["ruleset"], "fgdn-1.1");
    assert_eq!(v["scenario"]["start"], "1200");
    assert!(v["scenario"]["name"]
        .as_str()
        .is_some_and(|n| !n.is_empty()));
    let ships = v["ships"].as_array().unwrap();
    let wakeful = ships.iter().find(|s| s["id"] == "wakeful").unwrap();
    assert_eq!(wakeful["status"], "sunk");
    let at = wakeful["sunk_at"].as_str().unwrap();
    assert!(at > "1200" && at <= "1400", "{at}");
    assert!(
        wakeful["sunk_by"].as_str().unwrap().contains("0 DP"),
        "{wakeful}"
    );
    let tiger = ships.iter().find(|s| s["id"] == "tiger").unwrap();
    assert!(tiger["sunk_at"].is_null() && tiger["sunk_by"].is_null());
}

/// SPEC 10 (issue 18, finding 1): a side spelled two ways (`Germany` beside `German`) is a
/// `check` warning naming the sides; with `[scenario] sides = [...]` a stray side is an error
/// naming the file, line and key.
#[test]
fn a_side_spelled_two_ways_is_warned_and_an_undeclared_side_refused() {
    let dir = tempfile::tempdir().unwrap();
    let base =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/demo.toml"))
            .unwrap();
    let typo = base.replacen("side = \"German\"", "side = \"Germany\"", 1);
    assert_ne!(typo, base);
    let path = dir.path().join("typo.toml");
    std::fs::write(&path, &typo).unwrap();
    let o = ok(cmd(&["check"], &path));
    let e = err(&o);
    assert!(
        e.contains("warning:") && e.contains("side \"Germany\"") && e.contains("\"German\""),
        "{e}"
    );
    let declared = typo.replacen(
        "[scenario]\n",
        "[scenario]\nsides = [\"British\", \"German\"]\n",
        1,
    );
    let path = dir.path().join("declared.toml");
    std::fs::write(&path, &declared).unwrap();
    let o = cmd(&["check"], &path);
    assert!(!o.status.success());
    let e = err(&o);
    assert!(
        e.contains("key \"side\"") && e.contains("not one of the declared sides"),
        "{e}"
    );
    // The demo as it is: no warning.
    let o = ok(cmd(
        &["check"],
        Path::new(&format!("{}/saves/demo.toml", env!("CARGO_MANIFEST_DIR"))),
    ));
    assert!(!err(&o).contains("warning"), "{}", err(&o));
}
