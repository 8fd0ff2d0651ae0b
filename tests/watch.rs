//! `umpire watch FILE [--side NAME]`: a live, read-only view that follows the umpire's save.
//!
//! - Two processes: the real binary watching in tmux (twice: the umpire's view and one side's)
//!   while `umpire run` processes play commands on the same save; each command's effect is on
//!   both screens within a second of its `run` finishing; the watchers never write, lock or
//!   create a file, and the umpire takes the writer's lock as usual.
//! - Fog of war (docs/fog-of-war.md): a scripted battle streamed into watchers entry by entry;
//!   at every log position, every ship selected, at 80x24 and 160x48, the side's whole screen
//!   is searched: the enemy's damage points (remaining and taken) and damage numbers never
//!   appear, and no text about an enemy ship carries a number, a severity, a critical kind, a
//!   die or a timer. The umpire's view of the same positions shows those numbers (the search
//!   would find them), and a side's own ships show theirs.
//! - Keys: commands refused ("read-only: watching"), navigation works, quit at once.
//! - Snapshots of the side view.
mod screen_common;
mod tmux_common;
mod tools_common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use tmux_common::{q, script, Tmux, BIN};
use umpire::cli::Battle;
use umpire::core::dice::SeededDice;
use umpire::rulesets::fgdn::command::Command as GameCommand;
use umpire::rulesets::fgdn::event::Event;
use umpire::rulesets::fgdn::tables::Tables;
use umpire::rulesets::fgdn::Fgdn;
use umpire::store::follow::Follower;
use umpire::store::SaveWriter;
use umpire::tui::board::{open_watch, BoardApp, Mode};

type App = BoardApp<Fgdn>;
use umpire::tui::keymap::Keymap;
use umpire::tui::theme::Theme;

// ---- the fog-of-war battle --------------------------------------------------------------------

/// Enemy names and ids have no digits, so any digit next to one is a leak. DP values are
/// chosen so the enemy's damage numbers are distinctive (613, 439, 385, 258, ...).
const SCENARIO: &str = r#"
[scenario]
name = "Fog test"
ruleset = "fgdn-1.1"
start = "1200"
seed = 4242

[[ship]]
id = "lion"
name = "HMS Lion"
side = "British"
type = "major"
size = "A"
dp = 457
speed = 28
in_service = 1912
armor = { belt = 9, deck = 3 }

[[ship]]
id = "acasta"
name = "HMS Acasta"
side = "British"
type = "minor"
size = "C"
dp = 38
speed = 29
in_service = 1913

[[ship]]
id = "derfflinger"
name = "SMS Derfflinger"
side = "German"
type = "major"
size = "A"
dp = 613
speed = 26
in_service = 1914
armor = { belt = 12, deck = 3, tds = 40 }

[[ship]]
id = "wolf"
name = "SMS Wolf"
side = "German"
type = "small"
size = "E"
dp = 23
speed = 32
in_service = 1915
"#;

/// Torpedo (protection system, automatic flooding), shells, a small craft riddled with
/// criticals, fires and flooding doing damage and damage control rolling, declared rudder and
/// bridge criticals with queued dice, a Major fire, a ship sinking, a small craft sunk, a note,
/// an undo and a redo.
const SCRIPT: &[&str] = &[
    "next",
    "hit derfflinger 187 weapon torpedo side port",
    "hit lion 111",
    "hit wolf 31",
    "next",
    "fire derfflinger 13",
    "dice 3 1 4",
    "crit derfflinger rudder",
    "crit derfflinger bridge",
    "fire lion 4",
    "flood acasta 3",
    "note \"derfflinger is in trouble\"",
    "until 1209 resolution",
    "next",
    "until 1230 resolution",
    "next",
    "next",
    "hit wolf 50",
    "next",
    "undo",
    "redo",
    "until 1330 movement",
    "next",
];

const ENEMY_OF_BRITISH: &[&str] = &["SMS Derfflinger", "derfflinger", "SMS Wolf", "wolf"];
const ENEMY_OF_GERMAN: &[&str] = &["HMS Lion", "lion", "HMS Acasta", "acasta"];

/// Words that may never be said next to an enemy's name.
const SECRET_WORDS: &[&str] = &[
    "DP",
    "%",
    "roll",
    "D6",
    "D10",
    "D20",
    "D100",
    "CRITICAL",
    "critical",
    "minor",
    "MAJOR",
    "SEVERE",
    "severe",
    "OVERWH",
    "overwhelmed",
    "rudder",
    "bridge",
    "engineering",
    "flooding",
    "flood",
    "fuel",
    "personnel",
    "weapon",
    "flotation",
    "jammed",
    "sinks",
    "DC",
    "conflagration",
    "ratio",
    "protection",
    "pending",
    "repair",
    "magazine",
];

fn draw(app: &mut App, w: u16, h: u16) -> String {
    screen_common::screen(app, w, h)
}

/// Pieces of a screen that belong together: panels sit side by side, so rows are cut at runs
/// of two or more spaces, at the header's bars and at the panels' title lines.
fn segments(screen: &str) -> Vec<&str> {
    screen
        .lines()
        .flat_map(|l| l.split("  ").flat_map(|s| s.split(['│', '─'])))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// Whether `number` appears in `text` as a whole number (not inside a longer one).
fn has_number(text: &str, number: u32) -> bool {
    let n = number.to_string();
    text.match_indices(&n).any(|(i, _)| {
        let before = text[..i].chars().last();
        let after = text[i + n.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_digit()) && !after.is_some_and(|c| c.is_ascii_digit())
    })
}

/// Every enemy mention on the screen is free of numbers and secret words.
fn assert_fogged(screen: &str, enemies: &[&str], at: &str) {
    for seg in segments(screen) {
        let lower = seg.to_lowercase();
        if !enemies.iter().any(|e| lower.contains(&e.to_lowercase())) {
            continue;
        }
        assert!(
            !seg.chars().any(|c| c.is_ascii_digit()),
            "{at}: a number next to an enemy: {seg:?}\n{screen}"
        );
        for w in SECRET_WORDS {
            assert!(
                !seg.contains(w),
                "{at}: \"{w}\" next to an enemy: {seg:?}\n{screen}"
            );
        }
    }
}

/// The enemy's damage points and damage amounts of 100 or more, as the umpire knows them now
/// (smaller numbers are everywhere: times, own ships; the segment check covers them).
fn secret_numbers(battle: &Battle, enemy_side: &str) -> Vec<u32> {
    let g = &battle.game;
    let mut v: Vec<u32> = Vec::new();
    for s in g.state.ships.iter().filter(|s| s.spec.side == enemy_side) {
        let sv = umpire::rulesets::fgdn::status::ship_view(&g.state, &g.tables, s);
        v.extend([sv.dp, sv.damage, sv.dp_left]);
    }
    for e in g.entries().iter().flat_map(|e| &e.events) {
        let enemy = |id: &str| g.state.ship(id).is_some_and(|s| s.spec.side == enemy_side);
        match e {
            Event::Damage { ship, amount, .. } | Event::CasualtyDamage { ship, amount, .. }
                if enemy(ship) =>
            {
                v.push(*amount)
            }
            _ => {}
        }
    }
    v.retain(|n| *n >= 100);
    v.sort();
    v.dedup();
    v
}

struct Streamed {
    _dir: tempfile::TempDir,
    path: PathBuf,
    umpire: Battle,
    writer: SaveWriter,
}

impl Streamed {
    fn new() -> Streamed {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fog.toml");
        std::fs::write(&path, SCENARIO).unwrap();
        let (umpire, writer) = Battle::open_writable(&path, Tables::builtin()).unwrap();
        Streamed {
            _dir: dir,
            path,
            umpire,
            writer,
        }
    }

    /// The umpire plays one command: durable in the save, as the dashboard and `run` do.
    fn play(&mut self, text: &str) {
        let cmd: GameCommand = text.parse().unwrap();
        let entry = self
            .umpire
            .game
            .prepare(&cmd, &mut SeededDice)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .unwrap();
        self.umpire
            .record(&mut self.writer, entry, None)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

struct Watcher {
    app: App,
    follower: Follower,
}

impl Watcher {
    fn open(path: &Path, side: Option<&str>) -> Watcher {
        let (mut app, follower) =
            open_watch::<Fgdn>(path, side, Tables::builtin(), Keymap::default()).unwrap();
        app.theme = Theme { color: false };
        Watcher { app, follower }
    }

    /// One poll of the save, as the loop does every 100 ms.
    fn follow(&mut self) -> bool {
        let polled = self.follower.poll();
        self.app.follow(polled)
    }

    fn keys(&mut self, keys: &[&str]) {
        screen_common::press(&mut self.app, keys);
    }
}

#[test]
fn a_side_never_sees_enemy_damage_points_severities_criticals_dice_or_timers() {
    let mut s = Streamed::new();
    let mut british = Watcher::open(&s.path, Some("british"));
    let mut german = Watcher::open(&s.path, Some("German"));
    let mut umpire = Watcher::open(&s.path, None);
    let mut umpire_saw: Vec<u32> = Vec::new();
    let mut all_secrets: Vec<u32> = Vec::new();
    let mut checked = 0;
    for (k, text) in SCRIPT.iter().enumerate() {
        s.play(text);
        for w in [&mut british, &mut german, &mut umpire] {
            assert!(w.follow(), "{text}: the watcher saw the new entry");
            assert_eq!(w.app.battle.game.state, s.umpire.game.state, "{text}");
        }
        for (w, enemies, enemy_side) in [
            (&mut british, ENEMY_OF_BRITISH, "German"),
            (&mut german, ENEMY_OF_GERMAN, "British"),
        ] {
            let secrets = secret_numbers(&s.umpire, enemy_side);
            for sel in 0..4 {
                w.app.selected = sel;
                for (width, height) in [(80, 24), (160, 48)] {
                    let at = format!("after #{} {text:?}, ship {sel}, {width}x{height}", k + 1);
                    let screen = draw(&mut w.app, width, height);
                    assert_fogged(&screen, enemies, &at);
                    for n in &secrets {
                        assert!(!has_number(&screen, *n), "{at}: {n} on screen\n{screen}");
                    }
                    checked += 1;
                }
            }
            // The whole side log, not only the rows on screen.
            let rows: Vec<String> = w.app.log.rows.iter().map(|r| r.text.clone()).collect();
            assert_fogged(&rows.join("\n"), enemies, &format!("log after {text:?}"));
            for n in &secrets {
                assert!(!rows.iter().any(|r| has_number(r, *n)), "{n} in the log");
            }
        }
        // The umpire's view of the same position: the search would find the numbers.
        let secrets = secret_numbers(&s.umpire, "German");
        all_secrets.extend(&secrets);
        for sel in 0..4 {
            umpire.app.selected = sel;
            let screen = draw(&mut umpire.app, 160, 48);
            let rows: Vec<String> = umpire.app.log.rows.iter().map(|r| r.text.clone()).collect();
            let all = format!("{screen}\n{}", rows.join("\n"));
            umpire_saw.extend(secrets.iter().filter(|n| has_number(&all, **n)));
        }
    }
    umpire_saw.sort();
    umpire_saw.dedup();
    all_secrets.sort();
    all_secrets.dedup();
    assert!(
        all_secrets.len() >= 8,
        "distinctive enemy numbers: {all_secrets:?}"
    );
    for n in &all_secrets {
        assert!(umpire_saw.contains(n), "{n} never shown to the umpire");
    }
    assert_eq!(checked, SCRIPT.len() * 2 * 4 * 2);
    // Own ships are shown in full: Lion's DP and damage in the British view.
    british.app.selected = 0;
    let screen = draw(&mut british.app, 160, 48);
    let lion = umpire::rulesets::fgdn::status::ship_view(
        &s.umpire.game.state,
        &s.umpire.game.tables,
        &s.umpire.game.state.ships[0],
    );
    assert!(
        screen.contains(&format!("{}/{}", lion.dp_left, lion.dp)),
        "{screen}"
    );
    assert!(
        screen.contains(&format!("damage {}", lion.damage)),
        "{screen}"
    );
    // ... and Derfflinger's in the German view.
    german.app.selected = 2;
    let screen = draw(&mut german.app, 160, 48);
    assert!(screen.contains("0/613"), "{screen}");
    // A watcher opened now builds the same side log as the one that followed every entry.
    let fresh = Watcher::open(&s.path, Some("British"));
    assert_eq!(
        fresh.app.watch.as_ref().unwrap().fog,
        british.app.watch.as_ref().unwrap().fog
    );
    assert_eq!(fresh.app.log.rows, british.app.log.rows);
}

#[test]
fn what_a_side_sees_of_the_enemy_changes_with_the_battle() {
    let mut s = Streamed::new();
    let mut british = Watcher::open(&s.path, Some("British"));
    let upto = |s: &mut Streamed, w: &mut Watcher, n: usize, from: usize| {
        for text in &SCRIPT[from..n] {
            s.play(text);
        }
        w.follow();
    };
    upto(&mut s, &mut british, 5, 0);
    british.app.selected = 2;
    let screen = draw(&mut british.app, 160, 48);
    // The torpedo hit and its flooding and criticals: slowed (an engineering critical).
    assert!(
        screen.contains("SMS Derfflinger: hit by a torpedo"),
        "{screen}"
    );
    assert!(screen.contains("SMS Derfflinger has slowed"), "{screen}");
    assert!(
        screen.contains("Slowed: she cannot make her full speed"),
        "{screen}"
    );
    assert!(
        !screen.contains("hit derfflinger"),
        "the command is hidden\n{screen}"
    );
    upto(&mut s, &mut british, 6, 5);
    let screen = draw(&mut british.app, 160, 48);
    // A 13 % fire on a 1914 ship is Major: she is lit up.
    assert!(screen.contains("SMS Derfflinger is on fire"), "{screen}");
    assert!(
        screen.contains("On fire: her fires light her up"),
        "{screen}"
    );
    upto(&mut s, &mut british, 17, 6);
    let screen = draw(&mut british.app, 160, 48);
    assert!(screen.contains("SMS Derfflinger is sinking"), "{screen}");
    assert!(screen.contains("SINKING"), "{screen}");
    assert!(
        !screen.contains("derfflinger is in trouble"),
        "notes are the umpire's"
    );
    upto(&mut s, &mut british, SCRIPT.len(), 17);
    let screen = draw(&mut british.app, 160, 48);
    assert!(screen.contains("SMS Derfflinger has gone down"), "{screen}");
    assert!(screen.contains("Gone: she sank"), "{screen}");
    let rows: Vec<&str> = british
        .app
        .log
        .rows
        .iter()
        .map(|r| r.text.as_str())
        .collect();
    assert!(rows.contains(&"#20 1233 planned fire undo"), "{rows:#?}");
}

#[test]
fn snapshot_side_views() {
    let mut s = Streamed::new();
    let mut british = Watcher::open(&s.path, Some("British"));
    for text in &SCRIPT[..14] {
        s.play(text);
    }
    british.follow();
    british.app.selected = 2;
    insta::assert_snapshot!("british_view_80x24", draw(&mut british.app, 80, 24));
    insta::assert_snapshot!("british_view_160x48", draw(&mut british.app, 160, 48));
    let mut german = Watcher::open(&s.path, Some("German"));
    german.app.selected = 0;
    insta::assert_snapshot!("german_view_160x48", draw(&mut german.app, 160, 48));
    // Issue 11: the colours too (snapshots carry none).
    let colours = |app: &mut App, w, h| {
        app.theme = Theme { color: true };
        let s = screen_common::styles(screen_common::draw(app, w, h).backend().buffer());
        app.theme = Theme { color: false };
        s
    };
    insta::assert_snapshot!("british_colours_160x48", colours(&mut british.app, 160, 48));
    insta::assert_snapshot!("german_colours_80x24", colours(&mut german.app, 80, 24));
}

#[test]
fn a_watcher_refuses_every_command_key_and_moves_freely() {
    let mut s = Streamed::new();
    s.play("next");
    let before = std::fs::read(&s.path).unwrap();
    let mut w = Watcher::open(&s.path, Some("German"));
    for key in [
        "n", "t", "u", "U", "ctrl-r", "m", "d", "f", "w", "c", "%", ":",
    ] {
        w.keys(&[key]);
        assert!(
            matches!(w.app.mode, Mode::Normal),
            "{key}: {:?}",
            w.app.mode
        );
        let m = w.app.message.as_ref().map(|m| m.text.clone());
        assert!(
            m.as_deref()
                .is_some_and(|m| m.ends_with("read-only: watching")),
            "{key}: {m:?}"
        );
    }
    assert_eq!(w.app.battle.game.entries().len(), 1);
    assert_eq!(std::fs::read(&s.path).unwrap(), before, "nothing written");
    // Navigation, focus, search, filter and help work.
    w.keys(&["j", "j"]);
    assert_eq!(w.app.selected, 2);
    w.keys(&["/"]);
    assert!(matches!(w.app.mode, Mode::Search(_)));
    w.keys(&["esc", "?"]);
    assert!(matches!(w.app.mode, Mode::Help { .. }));
    w.keys(&["esc", "s"]);
    assert_eq!(w.app.log.ship.as_deref(), Some("derfflinger"));
    let screen = draw(&mut w.app, 80, 24);
    assert!(screen.contains("WATCH German"), "{screen}");
    w.keys(&["q"]);
    assert!(w.app.quit, "a watcher quits at once: nothing to save");
}

/// The help screen of a watcher lists the keys that work there and names the refused ones.
#[test]
fn a_watchers_help_lists_only_the_keys_that_work() {
    let s = Streamed::new();
    let mut w = Watcher::open(&s.path, Some("German"));
    w.keys(&["?"]);
    let screen = draw(&mut w.app, 100, 40);
    screen_common::assert_shows(
        &screen,
        &[
            "Keys (watching: read-only)",
            "select the ship below",
            "search the log",
            "log: only the selected ship",
            "quit at once (nothing to save: read-only)",
            "Refused here (they would change the battle): n t d f w c % u ctrl-r U m :",
        ],
        screen_common::CHANGING_HELP,
    );
    // No prompt and no review keys for a watcher.
    screen_common::assert_shows(
        &screen,
        &[],
        &[
            "open the command prompt",
            "one command back",
            "At the : prompt",
        ],
    );
}

#[test]
fn the_umpires_view_follows_undo_and_a_replaced_save() {
    let mut s = Streamed::new();
    let mut w = Watcher::open(&s.path, None);
    s.play("next");
    s.play("hit lion 111");
    assert!(w.follow());
    assert!(draw(&mut w.app, 160, 48).contains("hit lion 111"));
    s.play("undo");
    assert!(w.follow());
    let screen = draw(&mut w.app, 160, 48);
    assert!(screen.contains("hit lion 111  (undone)"), "{screen}");
    assert!(!w.follow(), "nothing new: nothing to draw");
    // The umpire starts over in a new file under the same name.
    drop(s.writer);
    let other = s.path.with_file_name("other.toml");
    std::fs::write(&other, SCENARIO.replace("Fog test", "Fog test again")).unwrap();
    std::fs::rename(&other, &s.path).unwrap();
    assert!(w.follow());
    let screen = draw(&mut w.app, 160, 48);
    assert!(screen.contains("Fog test again"), "{screen}");
    assert!(screen.contains("read again from the start"), "{screen}");
    assert_eq!(w.app.battle.game.entries().len(), 0);
}

#[test]
fn an_unknown_side_is_refused_before_the_terminal_listing_the_sides() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fog.toml");
    std::fs::write(&path, SCENARIO).unwrap();
    let o = Command::new(BIN)
        .args(["watch", "--side", "French"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no side \"French\"") && err.contains("the sides are: British, German"),
        "{err}"
    );
    assert!(o.stdout.is_empty(), "the terminal was not touched");
    // A known side without a terminal: told how to read the battle instead.
    let o = Command::new(BIN)
        .args(["watch", "--side", "german"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("watching needs a terminal"));
}

// ---- two processes: the umpire and the watchers in tmux -----------------------------------------

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn two_watchers_show_each_umpire_command_within_a_second() {
    let Some(_tmux) = tools_common::needed(&tools_common::TMUX) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("battle.toml");
    let ok = Command::new(BIN).arg("demo").arg(&save).output().unwrap();
    assert!(ok.status.success());
    let watcher =
        |name: &str, args: &str| Tmux::start(name, dir.path(), 160, 48, &script(args, dir.path()));
    let umpire_view = watcher("umpire", &format!("watch {}", q(&save)));
    let german = watcher("german", &format!("watch {} --side german", q(&save)));
    umpire_view.wait_for("WATCH umpire's view");
    german.wait_for("WATCH German");
    // The watchers wrote, locked and created nothing.
    let files = files_in(dir.path());
    assert_eq!(files, ["battle.toml", "german.sh", "umpire.sh"]);
    assert_eq!(std::fs::read_to_string(&save).unwrap(), umpire::cli::DEMO);
    // Each command in its own `umpire run` process: the umpire takes the writer's lock while
    // both watchers follow the save, and both screens show the effect within a second.
    let steps: &[(&str, &str, &str)] = &[
        (
            "next",
            "1200 movement      tactical",
            "1200 movement      tactical",
        ),
        (
            "hit tiger 120",
            "hit tiger 120",
            "HMS Tiger: hit by a shell",
        ),
        ("fire kaiser 12", "fire kaiser 12", "fire kaiser 12"),
        ("next", "381/501", "1200 planned fire  tactical"),
        (
            "fire valiant 14",
            "fire valiant 14",
            "HMS Valiant is on fire",
        ),
        (
            "undo",
            "fire valiant 14  (undone)",
            "no fire can be seen any more",
        ),
        (
            "until 1209 resolution",
            "1209 resolution    tactical",
            "1209 resolution    tactical",
        ),
    ];
    let script = dir.path().join("step.umpire");
    let mut worst = Duration::ZERO;
    for (cmd, in_umpire_view, in_german_view) in steps {
        std::fs::write(&script, format!("{cmd}\n")).unwrap();
        let o = Command::new(BIN)
            .env("HOME", dir.path())
            .env("XDG_CONFIG_HOME", dir.path().join("config"))
            .args(["run"])
            .arg(&save)
            .arg("--script")
            .arg(&script)
            .output()
            .unwrap();
        let done = Instant::now();
        assert!(
            o.status.success(),
            "{cmd}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        umpire_view.wait_within(in_umpire_view, Duration::from_secs(1));
        german.wait_within(in_german_view, Duration::from_secs(1));
        worst = worst.max(done.elapsed());
    }
    eprintln!("slowest command to reach both watchers: {worst:?}");
    // Fog of war in the real terminal too: Tiger's DP are not on the German screen.
    let screen = german.screen();
    assert!(!screen.contains("381"), "{screen}");
    // The umpire's lock note came and went with the `run` processes; the watchers made none.
    assert_eq!(
        files_in(dir.path()),
        ["battle.toml", "german.sh", "step.umpire", "umpire.sh"]
    );
    // The umpire can still open the save for writing while both watch.
    let writer = SaveWriter::open(&save).unwrap();
    assert_eq!(writer.lock_waits(), 0, "no wait for a lock");
    drop(writer);
    // Quitting a watcher is at once and restores the terminal.
    german.keys(&["q"]);
    german.wait_for("EXITED 0");
    umpire_view.keys(&["q"]);
    umpire_view.wait_for("EXITED 0");
}
