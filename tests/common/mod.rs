//! Shared by the robustness and property tests (kill, faults, fuzz, invariants, review, carry,
//! properties): the real binary, a seeded random source that does not depend on any crate's
//! generator, and long valid command scripts against the demo battle with the exact log and
//! status each prefix of the script gives.
#![allow(dead_code)] // each test file uses a different part

use std::path::Path;
use std::process::Command;
use umpire::core::dice::SeededDice;
use umpire::rulesets::fgdn::command::Command as GameCommand;
use umpire::rulesets::fgdn::scenario::{parse_scenario, Scenario};
use umpire::rulesets::fgdn::tables::Tables;
use umpire::rulesets::fgdn::{Entry, Game};

/// The binary under test, with the user's table overrides kept out.
pub fn umpire() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_umpire"));
    c.env("XDG_CONFIG_HOME", "/nonexistent-umpire-test-config")
        .env("HOME", "/nonexistent-umpire-test-home")
        .env("NO_COLOR", "1");
    c
}

/// `umpire demo FILE --ruleset RULESET` into `dir` (made if missing) as `name`.
pub fn demo_file(dir: &Path, ruleset: &str, name: &str) -> std::path::PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(name);
    let o = umpire()
        .args(["demo", "--ruleset", ruleset])
        .arg(&path)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    path
}

/// `umpire run SAVE --script` with `script` written beside the save.
pub fn run_script(save: &Path, script: &str) -> std::process::Output {
    run_script_with_tables(None, save, script)
}

/// [`run_script`] with an owner's table directory (`--tables DIR`) when given.
pub fn run_script_with_tables(
    tables: Option<&Path>,
    save: &Path,
    script: &str,
) -> std::process::Output {
    let path = save.with_extension("umpire");
    std::fs::write(&path, script).unwrap();
    let mut c = umpire();
    if let Some(dir) = tables {
        c.arg("--tables").arg(dir);
    }
    c.arg("run")
        .arg(save)
        .arg("--script")
        .arg(&path)
        .output()
        .unwrap()
}

/// `umpire carry SAVE --into NEXT` for a ruleset that carries nothing: it must fail, write
/// nothing, and its message is returned.
pub fn carry_refusal(save: &Path) -> String {
    let next = save.with_file_name("carried-next.toml");
    let o = umpire()
        .arg("carry")
        .arg(save)
        .arg("--into")
        .arg(&next)
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(!next.exists(), "a refused carry wrote {}", next.display());
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `umpire status --json` of `save`.
pub fn status_of(save: &Path) -> serde_json::Value {
    let o = umpire()
        .args(["status", "--json"])
        .arg(save)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// Ship `id`'s object in status JSON `v`.
pub fn ship_json<'a>(v: &'a serde_json::Value, id: &str) -> &'a serde_json::Value {
    v["ships"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .unwrap_or_else(|| panic!("no ship {id} in {v}"))
}

/// SPEC 10, a sunk ship says when and why. On `save`, after a script sank ship `id` in turn 1
/// for `why`: `status --json` gives her `sunk_at` "1" and `sunk_by` (null for both on the
/// first ship, afloat); the report's losses read `- {loss}: sunk in turn 1: {why}`; `undo`
/// leaves her status `before` with both null again.
pub fn sunk_in_turn_1_then_undone(save: &Path, id: &str, loss: &str, why: &str, before: &str) {
    let v = status_of(save);
    let ship = ship_json(&v, id);
    assert_eq!(
        (&ship["sunk_at"], &ship["sunk_by"]),
        (&"1".into(), &why.into()),
        "{ship}"
    );
    let first = &v["ships"][0];
    assert!(
        first["sunk_at"].is_null() && first["sunk_by"].is_null(),
        "{first}"
    );
    let o = umpire().arg("report").arg(save).output().unwrap();
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(
        md.contains(&format!("- {loss}: sunk in turn 1: {why}\n")),
        "{md}"
    );
    let o = run_script(
        save,
        &format!("undo\nexpect {id} status {before}\nexpect {id} sunk_at null\nexpect {id} sunk_by null\n"),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = status_of(save);
    let ship = ship_json(&v, id);
    assert!(
        ship["sunk_at"].is_null() && ship["sunk_by"].is_null(),
        "{ship}"
    );
}

/// A number from the environment (for longer runs: `UMPIRE_KILLS=5000 cargo test --test kill`).
pub fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// SplitMix64: tiny, seeded, stable across crate versions (a failing seed stays reproducible).
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

pub const DEMO: &str = include_str!("../../saves/demo.toml");
pub const DEMO_SHIPS: &[&str] = &[
    "tiger", "valiant", "wakeful", "whitley", "moltke", "kaiser", "hannover", "s53",
];

pub fn demo() -> Scenario {
    parse_scenario("demo.toml", DEMO).expect("the demo scenario parses")
}

/// A script that applies cleanly from the start of the demo battle, with what every prefix of
/// it must give: `entries[..k]` is the log after the first `k` commands (without wall-clock
/// times) and `status[k]` the `status --json` text after them.
pub struct Script {
    pub commands: Vec<String>,
    pub entries: Vec<Entry>,
    pub status: Vec<String>,
}

impl Script {
    /// `len` commands drawn with `seed`: hits of every kind, phase changes, fires, floods,
    /// queued dice, notes, undo and redo; damage control (crews, assistance, magazines, fire
    /// orders), beaching and refloating, overrides, the sea state; and in the last tenth of the
    /// script possibly `end-battle` and the post-battle marks. Candidates the engine refuses
    /// are left out, so every command of the script is logged (no `expect`: it is checked, not
    /// logged).
    pub fn generate(seed: u64, len: usize) -> Script {
        let scenario = demo();
        let mut game = Game::new(&scenario, Tables::builtin());
        let mut rng = Rng(seed);
        let mut commands = Vec::with_capacity(len);
        let mut status = vec![status_json(&game)];
        let mut attempts = 0;
        while commands.len() < len {
            attempts += 1;
            assert!(
                attempts < len * 50,
                "the generator cannot find valid commands"
            );
            let text = candidate(&mut rng, commands.len() * 10 >= len * 9);
            let cmd: GameCommand = text.parse().expect("generated commands parse");
            if let Ok(Some(_)) = game.execute(&cmd, &mut SeededDice) {
                commands.push(cmd.to_string());
                status.push(status_json(&game));
            }
        }
        Script {
            commands,
            entries: game.entries().to_vec(),
            status,
        }
    }

    /// The script text for commands `from..`.
    pub fn text_from(&self, from: usize) -> String {
        let mut s = String::from("# generated by tests/common\n");
        for c in &self.commands[from..] {
            s.push_str(c);
            s.push('\n');
        }
        s
    }
}

fn candidate(rng: &mut Rng, late: bool) -> String {
    let ship = *rng.pick(DEMO_SHIPS);
    if rng.chance(12) {
        return newer_candidate(rng, ship, late);
    }
    match rng.below(100) {
        0..=34 => {
            let dp = 1 + rng.below(25);
            let opts = *rng.pick(&[
                "",
                " nopen",
                " pen 12 range long",
                " pen 3 range extreme",
                " caliber 76.2",
                " weapon torpedo side port",
            ]);
            format!("hit {ship} {dp}{opts}")
        }
        35..=61 => "next".to_string(),
        62..=66 => "turn".to_string(),
        67..=71 => format!("fire {ship} {}", 1 + rng.below(6)),
        72..=75 => format!("flood {ship} {}", 1 + rng.below(6)),
        76..=80 => {
            // Faces 1-6 fit every die the engine asks for.
            let n = 1 + rng.below(3);
            let faces: Vec<String> = (0..n).map(|_| (1 + rng.below(6)).to_string()).collect();
            format!("dice {}", faces.join(" "))
        }
        81..=86 => format!("note \"turn of {ship}, roll {}\"", rng.below(1000)),
        87..=92 => "undo".to_string(),
        _ => "redo".to_string(),
    }
}

/// The commands of FG&DN 8.1.5, 8.2, 8.3 (flooding a hold, purging the aviation stowage), 8.4
/// and the umpire's overrides (SPEC 4).
pub fn newer_candidate(rng: &mut Rng, ship: &str, late: bool) -> String {
    let other = *rng.pick(DEMO_SHIPS);
    match rng.below(if late { 13 } else { 12 }) {
        0 => format!("crew {ship} {}", rng.pick(&["main", "casemate", "light"])),
        1 => format!("assist {ship} {other}"),
        2 => format!("release {ship}"),
        3 => format!("magazines {ship}"),
        4 => format!("orders {ship} {}", rng.pick(&["ignored", "obeyed"])),
        5 => format!("beach {ship}{}", rng.pick(&["", " aground"])),
        6 => format!("refloat {ship}"),
        7 => format!("sea-state {}", rng.below(10)),
        8 => format!(
            "adjust {ship} {} \"umpire ruling {}\"",
            rng.pick(&["damage 10", "damage 0", "tds.port 0", "tds.starboard 5"]),
            rng.below(100)
        ),
        9 => "until 1300".to_string(),
        10 => format!(
            "flood-hold {ship} {}",
            rng.pick(&["\"No. 1 hold\"", "aft", "\"\\\"odd\\\" hold\""])
        ),
        11 => format!("purge {ship}"),
        _ => "end-battle".to_string(),
    }
}

pub fn status_json(game: &Game) -> String {
    serde_json::to_string_pretty(&umpire::rulesets::fgdn::status::status(
        &game.state,
        &game.tables,
    ))
    .expect("status JSON")
}

/// The log of the save at `path`, read by the library (torn last line ignored).
pub fn read_entries(path: &Path) -> Vec<Entry> {
    umpire::store::read_save::<Entry>(path)
        .unwrap_or_else(|e| panic!("{} does not load: {e}", path.display()))
        .entries
}

/// An entry without its wall-clock time (the only field a fresh run cannot reproduce).
pub fn timeless(e: &Entry) -> Entry {
    let mut e = e.clone();
    e.wall = None;
    e
}

/// Status fields a carried ship starts the next battle with exactly as she ended the repair
/// day (`umpire carry`; tests/carry.rs and tests/properties.rs).
pub const CARRIED_FIELDS: &[&str] = &[
    "dp",
    "damage",
    "dp_left",
    "speed",
    "speed_max",
    "breakdown_level",
    "tds",
    "mounts",
    "fire_control",
    "sensors_out",
    "comms_out",
    "bridge",
    "rudder",
    "crew_factors_lost",
    "flotation_hits",
    "flooding_patch",
    "magazines_flooded",
    "aviation_purged",
    "cargo",
    "aircraft",
    "flight_deck",
    "grounded",
    "destroyed_at",
    "can_refloat",
    "rudder_jam_if_evasive",
    "breakdowns",
];
