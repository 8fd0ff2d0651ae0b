//! `umpire review FILE`: stepping through a saved battle, read-only. The core (`rulesets::fgdn::review`):
//! any walk of steps and jumps stands exactly where `Game::replay` of that prefix of the log
//! stands (state, status JSON and log), for scripted and generated battles, with history marks
//! close together and far apart. The face (`tui::board::review`, FG&DN's battles): every review key, the jump prompt,
//! bookmarks, kind filters, refusals, screen snapshots, and the file never written or locked.
mod common;
mod screen_common;
mod tmux_common;
mod tools_common;

use common::{demo, status_json, Rng, Script};
use proptest::prelude::*;
use ratatui::backend::TestBackend;
use ratatui::style::Modifier;
use ratatui::Terminal;
use screen_common::{buffer_text, find};
use std::path::{Path, PathBuf};
use umpire::cli::{self, Battle};
use umpire::core::dice::SeededDice;
use umpire::rulesets::fgdn::clock::Phase;
use umpire::rulesets::fgdn::command::Command;
use umpire::rulesets::fgdn::review::{
    Direction, KindFilter, Review, ReviewError, Step, Target, TurnPlace, NEAR_MARKS,
};
use umpire::rulesets::fgdn::tables::Tables;
use umpire::rulesets::fgdn::Fgdn;
use umpire::rulesets::fgdn::{Entry, Game};
use umpire::store::lock::lock_note_path;
use umpire::tui::board::{BoardApp, Mode, Tone};

type App = BoardApp<Fgdn>;
use umpire::tui::keymap::{key_event, Keymap};
use umpire::tui::theme::Theme;

/// A short battle on the demo scenario with every kind the filters know: hits and criticals,
/// a fire and flooding with their DC rolls, an umpire `adjust`, `crit` and `fire`, a sinking,
/// notes (bookmarks), undo/redo, `until` over many phases and a switch to intermediate turns.
const SCRIPT: &str = r#"note "contact: battlecruisers in sight"
next
next
hit wakeful 8
hit tiger 60 pen 12 range long
hit moltke 45
next
next
next
next
fire kaiser 5
adjust hannover damage 12 "a funnel lost to a collision, by the umpire"
crit moltke engineering
note "kaiser burning"
until 1209 resolution
hit s53 40
next
next
hit whitley 9
undo
redo
note "s53 going down"
until 1230 plotting
scale intermediate
turn
turn
next
next
"#;

/// Apply `script` to a save at `path` through the durable writer, as `umpire run` does.
fn write_battle(path: &Path, script: &str) {
    std::fs::write(path, cli::DEMO).unwrap();
    let (mut battle, mut writer) = Battle::open_writable(path, Tables::builtin()).unwrap();
    for line in script.lines().filter(|l| !l.trim().is_empty()) {
        let command: Command = line.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        let entry = battle
            .game
            .prepare(&command, &mut SeededDice)
            .unwrap_or_else(|e| panic!("{line}: {e}"))
            .expect("every script line is logged");
        battle.record(&mut writer, entry, None).unwrap();
    }
}

struct Rev {
    _dir: tempfile::TempDir,
    path: PathBuf,
    bytes: Vec<u8>,
    app: App,
}

fn review_of(script: &str) -> Rev {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.toml");
    write_battle(&path, script);
    let bytes = std::fs::read(&path).unwrap();
    let mut app =
        umpire::tui::board::open_review::<Fgdn>(&path, Tables::builtin(), Keymap::default(), None)
            .unwrap();
    app.theme = Theme { color: true };
    Rev {
        _dir: dir,
        path,
        bytes,
        app,
    }
}

fn scripted() -> Rev {
    review_of(SCRIPT)
}

impl Rev {
    fn keys(&mut self, keys: &[&str]) -> &mut Self {
        screen_common::press(&mut self.app, keys);
        self
    }

    /// Type at the `:` prompt and press Enter.
    fn prompt(&mut self, text: &str) -> &mut Self {
        let typed = format!("'{text}'");
        self.keys(&[":", &typed, "enter"])
    }

    fn pos(&self) -> usize {
        self.app.battle.game.entries().len()
    }

    fn message(&self) -> String {
        self.app
            .message
            .as_ref()
            .map(|m| m.text.clone())
            .unwrap_or_default()
    }

    fn is_error(&self) -> bool {
        self.app
            .message
            .as_ref()
            .is_some_and(|m| m.tone == Tone::Error)
    }

    fn prompt_error(&self) -> Option<String> {
        match &self.app.mode {
            Mode::Prompt { error, .. } => error.clone(),
            _ => None,
        }
    }

    /// The review as a fresh replay of the first `pos` entries would show it.
    fn assert_replayed(&self) {
        let log = umpire::store::read_save::<Entry>(&self.path)
            .unwrap()
            .entries;
        let p = self.pos();
        let replay = Game::replay(&demo(), Tables::builtin(), log[..p].to_vec()).unwrap();
        assert_eq!(self.app.battle.game.state, replay.state, "position {p}");
        assert_eq!(self.app.battle.game.entries(), replay.entries());
    }

    fn draw(&mut self, w: u16, h: u16) -> Terminal<TestBackend> {
        screen_common::draw(&mut self.app, w, h)
    }

    fn screen(&mut self, w: u16, h: u16) -> String {
        screen_common::screen(&mut self.app, w, h)
    }

    /// Text of the log panel's rows (for filter tests).
    fn log_rows(&self) -> Vec<String> {
        self.app.log.rows.iter().map(|r| r.text.clone()).collect()
    }

    fn assert_untouched(&self) {
        assert_eq!(
            std::fs::read(&self.path).unwrap(),
            self.bytes,
            "the save's bytes"
        );
        assert!(
            !lock_note_path(&self.path).exists(),
            "no lock note next to the save"
        );
        let names: Vec<String> = std::fs::read_dir(self.path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            vec!["battle.toml".to_string()],
            "no other file appears"
        );
    }
}

// ---- the core: positions are replays of prefixes ---------------------------------------------

fn review_of_log(log: &[Entry], every: usize) -> (Review, Game) {
    let full = Game::replay(&demo(), Tables::builtin(), log.to_vec()).unwrap();
    Review::with_intervals(&demo(), full, every, (every / 3).max(1))
}

fn replay_prefix(log: &[Entry], p: usize) -> Game {
    Game::replay(&demo(), Tables::builtin(), log[..p].to_vec()).unwrap()
}

/// One move of a random walk.
#[derive(Debug, Clone)]
enum Move {
    Step(Step, Direction),
    Jump(Target),
    /// Jump to the turn of the clock at this fraction (per mille) of the log.
    TurnOf(u16),
    To(u16),
}

fn moves() -> impl Strategy<Value = Move> {
    let step = prop_oneof![
        Just(Step::Command),
        Just(Step::Phase),
        Just(Step::Turn),
        Just(Step::Bookmark)
    ];
    let dir = prop_oneof![Just(Direction::Back), Just(Direction::Forward)];
    prop_oneof![
        6 => (step, dir).prop_map(|(s, d)| Move::Step(s, d)),
        1 => Just(Move::Jump(Target::Start)),
        1 => Just(Move::Jump(Target::End)),
        1 => (1u64..200).prop_map(|s| Move::Jump(Target::Entry(s))),
        2 => (0u16..1000).prop_map(Move::TurnOf),
        2 => (0u16..1000).prop_map(Move::To),
    ]
}

/// Walk `moves` over `log` with marks every `every` entries; after each move the positioned
/// game must be the replay of its prefix, with the status JSON `status[p]` when given.
fn walk(
    log: &[Entry],
    status: Option<&[String]>,
    every: usize,
    moves: &[Move],
) -> Result<(), TestCaseError> {
    let (mut review, mut game) = review_of_log(log, every);
    let n = log.len();
    prop_assert_eq!(review.len(), n);
    prop_assert_eq!(game.entries(), log);
    let mut p = n;
    for m in moves {
        let before = p;
        let to = match m {
            Move::Step(s, d) => review.step(p, *s, *d),
            Move::Jump(t) => review.jump(t),
            Move::TurnOf(f) => {
                let c = review.clock_at(n * *f as usize / 1000);
                let t = Target::At(TurnPlace {
                    time: c.label().parse().unwrap(),
                    day: Some(c.day()),
                    phase: Some(c.phase),
                });
                let q = review.jump(&t);
                prop_assert!(q.is_ok(), "a clock the battle had is found: {:?}", t);
                q
            }
            Move::To(f) => Ok(n * *f as usize / 1000),
        };
        match to {
            Ok(q) => {
                check_move(&review, m, before, q)?;
                review.seek(&mut game, q);
                p = q;
            }
            Err(_) => {
                // A refused move changes nothing.
                prop_assert_eq!(game.entries().len(), before);
                continue;
            }
        }
        let replay = replay_prefix(log, p);
        prop_assert_eq!(game.entries().len(), p);
        prop_assert_eq!(&game.state, &replay.state, "position {} after {:?}", p, m);
        prop_assert_eq!(game.entries(), replay.entries());
        if let Some(status) = status {
            prop_assert_eq!(&status_json(&game), &status[p], "status at {}", p);
        }
    }
    Ok(())
}

/// What each kind of step promises about where it lands.
fn check_move(review: &Review, m: &Move, from: usize, to: usize) -> Result<(), TestCaseError> {
    let n = review.len();
    let phase_start = |q: usize| {
        q == 0 || {
            let (a, b) = (review.clock_at(q - 1), review.clock_at(q));
            (a.turn, a.phase) != (b.turn, b.phase)
        }
    };
    let turn_start = |q: usize| q == 0 || review.clock_at(q - 1).turn != review.clock_at(q).turn;
    match m {
        Move::Step(Step::Command, Direction::Forward) => prop_assert_eq!(to, from + 1),
        Move::Step(Step::Command, Direction::Back) => prop_assert_eq!(to + 1, from),
        Move::Step(s @ (Step::Phase | Step::Turn), d) => {
            let start = |q| match s {
                Step::Phase => phase_start(q),
                _ => turn_start(q),
            };
            match d {
                Direction::Forward => {
                    prop_assert!(to > from && (start(to) || to == n));
                    prop_assert!((from + 1..to).all(|q| !start(q)), "no start skipped");
                }
                Direction::Back => {
                    prop_assert!(to < from && start(to));
                    prop_assert!((to + 1..from).all(|q| !start(q)), "no start skipped");
                }
            }
        }
        Move::Step(Step::Bookmark, d) => {
            prop_assert!(review.is_bookmark(to));
            let onward = match d {
                Direction::Forward => to > from,
                Direction::Back => to < from,
            };
            prop_assert!(onward, "a bookmark step moves the asked way");
        }
        Move::TurnOf(_) => prop_assert!(to <= n),
        Move::Jump(Target::Entry(seq)) => {
            prop_assert_eq!(review.seq_before(to), Some(*seq))
        }
        _ => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// The issue's test: stepping back and forth over generated battles (hits of every kind,
    /// phases, turns, fires, floods, queued dice, notes, undo and redo) shows the same states
    /// (and status JSON) as replaying to each point.
    #[test]
    fn stepping_back_and_forth_shows_what_replaying_each_prefix_shows(
        seed in any::<u64>(),
        len in 1usize..90,
        every in 1usize..24,
        walk_moves in prop::collection::vec(moves(), 1..30),
    ) {
        let script = Script::generate(seed, len);
        walk(&script.entries, Some(&script.status), every, &walk_moves)?;
    }

    /// The same over the scripted battle (until, intermediate scale, a sinking).
    #[test]
    fn stepping_over_the_scripted_battle_shows_what_replaying_shows(
        every in 1usize..40,
        walk_moves in prop::collection::vec(moves(), 1..40),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.toml");
        write_battle(&path, SCRIPT);
        let log = umpire::store::read_save::<Entry>(&path).unwrap().entries;
        walk(&log, None, every, &walk_moves)?;
    }
}

/// Every position, reached forward one by one from the start and backward one by one from
/// the end (so through marks both ways), is the replay of its prefix.
#[test]
fn every_position_forward_and_backward_is_the_replay_of_its_prefix() {
    let script = Script::generate(7, 150);
    let (mut review, mut game) = review_of_log(&script.entries, 16);
    let n = review.len();
    for p in (0..=n).rev() {
        review.seek(&mut game, p);
        assert_eq!(status_json(&game), script.status[p], "back to {p}");
        assert_eq!(game.state, replay_prefix(&script.entries, p).state);
    }
    for p in 0..=n {
        review.seek(&mut game, p);
        assert_eq!(status_json(&game), script.status[p], "forward to {p}");
        assert_eq!(game.entries(), &script.entries[..p]);
    }
    // However far it walked, the review holds its lasting marks and at most NEAR_MARKS more.
    let (mut review, mut game) = Review::with_intervals(
        &demo(),
        Game::replay(&demo(), Tables::builtin(), script.entries.clone()).unwrap(),
        40,
        8,
    );
    let lasting = n / 40 + 1;
    assert_eq!(review.marks_held(), lasting);
    for p in (0..=n).rev().chain(0..=n).chain([n, 3, 100, 17, 150]) {
        review.seek(&mut game, p);
        assert!(review.marks_held() <= lasting + NEAR_MARKS, "at {p}");
    }
    assert_eq!(status_json(&game), script.status[150]);
    // Jumps forward over several marks, and back over several.
    for (a, b) in [(0, n), (n, 3), (3, 100), (100, 99), (99, 17), (17, 150)] {
        review.seek(&mut game, a);
        review.seek(&mut game, b);
        assert_eq!(status_json(&game), script.status[b], "{a} -> {b}");
        assert_eq!(game.entries(), &script.entries[..b]);
    }
}

#[test]
fn steps_stop_at_both_ends_with_a_reason() {
    let script = Script::generate(3, 20);
    let (review, _) = review_of_log(&script.entries, 4);
    assert_eq!(
        review.step(0, Step::Command, Direction::Back),
        Err(ReviewError::AtStart)
    );
    assert_eq!(
        review.step(20, Step::Turn, Direction::Forward),
        Err(ReviewError::AtEnd(20))
    );
    assert_eq!(
        ReviewError::AtEnd(20).to_string(),
        "already at the end of the log (entry 20 of 20)"
    );
}

/// Phase steps land where the clock's phase changed: in the scripted battle the third
/// entry is the `next` that ends the movement phase.
#[test]
fn phase_and_turn_steps_land_on_the_first_moment_of_a_phase_or_turn() {
    let r = scripted();
    let review = &r.app.review.as_ref().unwrap().review;
    let log = umpire::store::read_save::<Entry>(&r.path).unwrap().entries;
    // 0: 1200 plotting; note; next -> movement (2); next -> planned_fire (3).
    assert_eq!(review.step(0, Step::Phase, Direction::Forward), Ok(2));
    assert_eq!(review.step(2, Step::Phase, Direction::Forward), Ok(3));
    // From inside planned fire (after the hits), back goes to its start, then to movement's.
    assert_eq!(review.step(5, Step::Phase, Direction::Back), Ok(3));
    assert_eq!(review.step(3, Step::Phase, Direction::Back), Ok(2));
    // The first turn step ends turn 1200: after the `next` that ends its resolution phase.
    let t = review.step(0, Step::Turn, Direction::Forward).unwrap();
    assert_eq!(review.clock_at(t).label(), "1203");
    assert_eq!(review.clock_at(t).phase, Phase::Plotting);
    assert_eq!(log[t - 1].cmd, "next");
    assert_eq!(review.step(t, Step::Turn, Direction::Back), Ok(0));
}

// ---- the face: keys, prompt, filters, refusals -----------------------------------------------

#[test]
fn review_opens_at_the_end_saying_where_it_stands() {
    let mut r = scripted();
    let n = r.app.review.as_ref().unwrap().review.len();
    assert_eq!(n, 28);
    assert_eq!(r.pos(), n);
    assert!(
        r.message()
            .starts_with("entry 28 of 28: #28 1330 movement next → 1330 resolution d1"),
        "{}",
        r.message()
    );
    let s = r.screen(160, 48);
    assert!(s.contains(" REVIEW 28/28 "), "{s}");
    r.assert_replayed();
}

#[test]
fn every_review_key_moves_as_its_help_line_says() {
    let mut r = scripted();
    r.keys(&["home"]);
    assert_eq!(r.pos(), 0);
    assert!(r
        .message()
        .starts_with("start of the battle (entry 0 of 28)"));
    r.keys(&["left"]);
    assert!(r.is_error() && r.message().contains("already at the scenario's start"));
    assert_eq!(r.pos(), 0);
    r.keys(&["right"]);
    assert_eq!(r.pos(), 1);
    r.assert_replayed();
    r.keys(&["right", "right", "right"]);
    assert_eq!(r.pos(), 4);
    r.keys(&["left"]);
    assert_eq!(r.pos(), 3);
    r.keys(&[">"]);
    assert_eq!(r.pos(), 7, "the next that resolves the planned fire phase");
    r.assert_replayed();
    r.keys(&["<"]);
    assert_eq!(r.pos(), 3);
    r.keys(&["}"]);
    assert_eq!(r.app.battle.game.state.clock.label(), "1203");
    let turn = r.pos();
    r.keys(&["}"]);
    assert_eq!(
        r.app.battle.game.state.clock.label(),
        "1209",
        "until jumps turns"
    );
    r.keys(&["{"]);
    assert_eq!(r.pos(), turn);
    r.assert_replayed();
    r.keys(&["end"]);
    assert_eq!(r.pos(), 28);
    r.keys(&["right"]);
    assert!(r
        .message()
        .contains("already at the end of the log (entry 28 of 28)"));
    r.assert_untouched();
}

#[test]
fn notes_are_bookmarks() {
    let mut r = scripted();
    r.keys(&["home", "b"]);
    assert_eq!(r.pos(), 1);
    assert!(r
        .message()
        .contains("note \"contact: battlecruisers in sight\""));
    r.keys(&["b"]);
    assert!(
        r.message().contains("note \"kaiser burning\""),
        "{}",
        r.message()
    );
    r.keys(&["b"]);
    assert!(r.message().contains("note \"s53 going down\""));
    let last = r.pos();
    r.keys(&["b"]);
    assert!(r.is_error());
    assert!(r.message().starts_with("no note after this point"));
    assert_eq!(r.pos(), last);
    r.keys(&["B"]);
    assert!(r.message().contains("note \"kaiser burning\""));
    r.keys(&["B", "B"]);
    assert!(r.message().starts_with("no note before this point"));
    assert_eq!(r.pos(), 1);
    r.assert_replayed();
}

#[test]
fn the_prompt_jumps_to_a_turn_a_phase_a_day_or_an_entry() {
    let mut r = scripted();
    r.prompt("1209");
    assert_eq!(r.prompt_error(), None);
    let c = r.app.battle.game.state.clock;
    assert_eq!((c.label().as_str(), c.phase), ("1209", Phase::Resolution));
    r.assert_replayed();
    r.prompt("1200 reaction_fire d1");
    let c = r.app.battle.game.state.clock;
    assert_eq!((c.label().as_str(), c.phase), ("1200", Phase::ReactionFire));
    r.prompt("#12");
    assert_eq!(r.pos(), 12);
    assert!(r
        .message()
        .contains("#12 1203 plotting adjust hannover damage 12"));
    r.prompt("1245");
    assert_eq!(r.app.battle.game.state.clock.label(), "1230");
    assert!(
        r.message().starts_with("1245 is in turn 1230: "),
        "{}",
        r.message()
    );
    r.prompt("start");
    assert_eq!(r.pos(), 0);
    r.prompt("end");
    assert_eq!(r.pos(), 28);
}

#[test]
fn a_jump_to_a_turn_the_battle_never_had_says_so_and_does_not_move() {
    let mut r = scripted();
    r.prompt("#9");
    for (typed, says) in [
        ("1500", "no turn 1500 in this battle: it runs from 1200 (day 1) to 1330 (day 1)"),
        ("1209 d2", "no turn 1209 on day 2 in this battle"),
        ("1230 detection", "no turn 1230 in the detection phase in this battle"),
        ("#99", "no entry #99: the log has entries #1-#28"),
        ("2400", "\"2400\" is not a place in the battle: type a turn (1215, 1215 d2, 1215 resolution), an entry (#42), start or end"),
    ] {
        r.keys(&["esc"]).prompt(typed);
        let e = r.prompt_error().unwrap_or_else(|| panic!("{typed}: no error"));
        assert!(e.starts_with(says), "{typed}: {e}");
        assert_eq!(r.pos(), 9, "{typed}: nothing moved");
    }
    r.keys(&["esc"]);
    r.assert_untouched();
}

#[test]
fn commands_and_keys_that_would_change_the_battle_are_refused() {
    let mut r = scripted();
    r.prompt("#16");
    let before = r.app.battle.game.state.clone();
    for key in ["n", "t", "d", "f", "w", "c", "%", "u", "U", "ctrl-r", "m"] {
        r.keys(&[key]);
        assert!(r.is_error(), "{key}");
        assert!(
            r.message().starts_with("review is read-only: ")
                && r.message()
                    .contains("would change the battle; to play on: umpire play "),
            "{key}: {}",
            r.message()
        );
        assert!(matches!(r.app.mode, Mode::Normal), "{key}: no form opens");
    }
    r.prompt("hit tiger 30");
    let e = r.prompt_error().unwrap();
    assert!(
        e.starts_with("review is read-only: `hit` would change the battle"),
        "{e}"
    );
    r.keys(&["esc"]).prompt("undo");
    assert!(r.prompt_error().unwrap().contains("`undo` would change"));
    assert_eq!(r.app.battle.game.state, before);
    assert_eq!(r.pos(), 16);
    // `expect` reads the state shown.
    r.keys(&["esc"]).prompt("expect s53 status afloat");
    assert_eq!(r.prompt_error(), None, "{:?}", r.app.mode);
    assert_eq!(r.message(), "ok: expect s53 status afloat");
    r.prompt("end").prompt("expect s53 status sunk");
    assert_eq!(r.prompt_error(), None);
    r.prompt("#16").prompt("expect s53 status sunk");
    assert!(r
        .prompt_error()
        .unwrap()
        .contains("expected sunk, found afloat"));
    r.keys(&["esc"]);
    r.assert_untouched();
}

#[test]
fn the_kind_filters_show_only_their_kind() {
    let mut r = scripted();
    let all = r.log_rows().len();
    let mut names = vec![];
    for _ in 0..6 {
        r.keys(&["K"]);
        names.push(r.message());
        let rows = r.log_rows();
        let headings: Vec<&String> = rows.iter().filter(|t| t.starts_with('#')).collect();
        match r
            .app
            .review
            .as_ref()
            .unwrap()
            .kind
            .and_then(KindFilter::named)
        {
            Some(KindFilter::Criticals) => {
                assert!(rows.iter().any(|t| t.contains("CRITICAL engineering")));
                assert!(rows.iter().any(|t| t.contains("damage ratio")));
                assert!(!rows.iter().any(|t| t.contains("hit pending")));
            }
            Some(KindFilter::FiresFloods) => {
                assert!(rows.iter().any(|t| t.contains("fire 5 % starts")));
                assert!(rows.iter().any(|t| t.contains("fire does")));
                assert!(!rows.iter().any(|t| t.contains("CRITICAL")));
            }
            Some(KindFilter::DamageControl) => {
                assert!(
                    rows.iter()
                        .all(|t| t.starts_with('#') || t.contains(" DC ")),
                    "{rows:#?}"
                );
                assert!(!headings.is_empty());
            }
            Some(KindFilter::Sinkings) => {
                assert!(rows.iter().any(|t| t.contains("SMS S53: SINKING")));
                assert!(
                    rows.iter()
                        .any(|t| t.contains("S53") && t.contains("sunk") || t.contains("SUNK")),
                    "{rows:#?}"
                );
                assert!(!rows.iter().any(|t| t.contains("DC")));
            }
            Some(KindFilter::Overrides) => {
                let cmds: Vec<String> = headings
                    .iter()
                    .map(|h| h.split_whitespace().skip(3).collect::<Vec<_>>().join(" "))
                    .collect();
                assert_eq!(cmds.len(), 3, "{cmds:?}");
                assert!(cmds[0].starts_with("fire kaiser 5"));
                assert!(cmds[1].starts_with("adjust hannover damage 12"));
                assert!(cmds[2].starts_with("crit moltke engineering"));
            }
            None => assert_eq!(rows.len(), all),
        }
        if r.app.review.as_ref().unwrap().kind.is_some() {
            let s = r.screen(160, 48);
            assert!(
                s.contains(&format!(
                    "Log [{}]",
                    r.app.review.as_ref().unwrap().kind.unwrap()
                )),
                "{s}"
            );
        }
    }
    assert_eq!(
        names,
        [
            "log: only criticals (K: next kind)",
            "log: only fires and floods (K: next kind)",
            "log: only damage control (K: next kind)",
            "log: only sinkings (K: next kind)",
            "log: only umpire overrides (K: next kind)",
            "log: every kind",
        ]
    );
}

#[test]
fn the_kind_filter_and_the_ship_filter_combine_and_follow_the_position() {
    let mut r = scripted();
    // Select Kaiser (fleet order: tiger valiant wakeful whitley furious moltke kaiser ...).
    r.keys(&["j", "j", "j", "j", "j", "j", "s", "K", "K"]);
    assert_eq!(r.app.log.ship.as_deref(), Some("kaiser"));
    assert_eq!(
        r.app.review.as_ref().unwrap().kind,
        Some(KindFilter::FiresFloods.name())
    );
    let rows = r.log_rows();
    assert!(rows
        .iter()
        .any(|t| t.contains("SMS Kaiser: fire 5 % starts")));
    assert!(!rows
        .iter()
        .any(|t| t.contains("Moltke") || t.contains("Wakeful")));
    // Step back before the fire: the filtered log is empty, then the fire appears.
    r.prompt("#10");
    assert!(r.log_rows().is_empty(), "{:?}", r.log_rows());
    r.keys(&["right"]);
    assert!(r.log_rows().iter().any(|t| t.contains("fire 5 % starts")));
}

#[test]
fn the_log_ends_at_the_highlighted_entry_and_later_ones_are_hidden() {
    let mut r = scripted();
    r.prompt("#7");
    let t = r.draw(160, 48);
    let b = t.backend().buffer();
    let text = buffer_text(b);
    assert!(text.contains("(21 later hidden)"), "{text}");
    assert!(!text.contains("#8 "), "later entries are not shown");
    let (x, y) = find(b, "#7 1200 planned fire next");
    assert!(
        b[(x, y)].modifier.contains(Modifier::REVERSED),
        "highlighted"
    );
    let (x, y) = find(b, "#6 1200 planned fire hit moltke 45");
    assert!(!b[(x, y)].modifier.contains(Modifier::REVERSED));
}

#[test]
fn help_lists_the_review_keys() {
    let mut r = scripted();
    r.keys(&["?"]);
    let s = r.screen(100, 48);
    screen_common::assert_shows(
        &s,
        &[
            "Keys in review (read-only)",
            "left",
            "one command back",
            "to the start of the next phase",
            "to the next note (bookmark)",
            "log kind: criticals",
            "jump: a turn (1215, 1215 d2, 1215 resolution)",
            "Other keys",
            "search the log",
            "quit (asks first; a review changes nothing)",
            "Refused here (they would change the battle): n t d f w c % u ctrl-r U m",
        ],
        // Only the keys that work here: none that would change the battle, no form or dice.
        screen_common::CHANGING_HELP,
    );
}

#[test]
fn review_screens_at_80x24_and_160x48() {
    let mut r = scripted();
    // As the real loop does, a frame is drawn before the first key (the panel's height).
    r.draw(80, 24);
    r.prompt("#17");
    r.keys(&["j", "j", "j", "j", "j", "j", "j", "j"]); // S53
    insta::assert_snapshot!("review_80x24", r.screen(80, 24));
    insta::assert_snapshot!("review_160x48", r.screen(160, 48));
    // Issue 11: the colours too (snapshots carry none).
    let b = r.draw(160, 48);
    insta::assert_snapshot!(
        "review_colours_160x48",
        screen_common::styles(b.backend().buffer())
    );
}

#[test]
fn the_file_is_never_written_nor_locked_even_while_another_umpire_writes_it() {
    let mut r = scripted();
    // Another console holds the save for writing: review still opens, reads, and leaves it.
    let (_battle, _writer) = Battle::open_writable(&r.path, Tables::builtin()).unwrap();
    let mut again = umpire::tui::board::open_review::<Fgdn>(
        &r.path,
        Tables::builtin(),
        Keymap::default(),
        None,
    )
    .unwrap();
    again.on_key(key_event("home").unwrap());
    assert_eq!(again.battle.game.entries().len(), 0);
    drop(_writer);
    let mut rng = Rng(5);
    let keys = [
        "left", "right", "<", ">", "{", "}", "b", "B", "K", "home", "end", "n", "u", "s", "j",
    ];
    for _ in 0..200 {
        r.keys(&[*rng.pick(&keys)]);
    }
    r.keys(&["q", "y"]);
    assert!(r.app.quit);
    r.assert_untouched();
}

#[test]
fn at_opens_at_a_place_or_says_why_not() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.toml");
    write_battle(&path, SCRIPT);
    let open = |at| {
        umpire::tui::board::open_review::<Fgdn>(
            &path,
            Tables::builtin(),
            Keymap::default(),
            Some(at),
        )
    };
    assert_eq!(
        open("1209").unwrap().battle.game.state.clock.label(),
        "1209"
    );
    let e = open("1500").err().unwrap();
    assert!(
        e.message.starts_with("--at 1500: no turn 1500"),
        "{}",
        e.message
    );
    assert_eq!(e.code, 2);
}

#[test]
fn the_binary_needs_a_terminal_and_says_what_to_use_instead() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.toml");
    write_battle(&path, "note \"x\"\n");
    let bytes = std::fs::read(&path).unwrap();
    let out = common::umpire()
        .args(["review", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("review needs a terminal"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    let missing = common::umpire()
        .args(["review", "/nonexistent/battle.toml"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
}

// ---- the real binary in a real terminal ------------------------------------------------------

/// A battle with a turn 1215 to jump to and a note in it.
const E2E_SCRIPT: &str = r#"note "first contact"
next
next
hit tiger 60 pen 12 range long
next
next
next
next
until 1215 planned_fire
note "1215: the second salvo"
hit moltke 45
next
until 1221 plotting
"#;

/// `umpire review` in tmux: it opens at the end, steps with the arrows, goes to the start,
/// jumps with `:1215`, goes to the next bookmark, refuses a key that would change the battle,
/// quits and gives the terminal back; the save's bytes are as they were and no file appears.
#[test]
fn the_binary_reviews_a_save_from_the_keyboard_and_leaves_it_as_it_was() {
    use tmux_common::{cooked, q, script, Tmux};
    let Some(_tmux) = tools_common::needed(&tools_common::TMUX) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.toml");
    write_battle(&path, E2E_SCRIPT);
    let bytes = std::fs::read(&path).unwrap();
    let log = umpire::store::read_save::<Entry>(&path).unwrap().entries;
    let n = log.len();
    let (review, _) = Review::new(
        &demo(),
        Game::replay(&demo(), Tables::builtin(), log).unwrap(),
    );
    let at_1215 = review.jump(&"1215".parse().unwrap()).unwrap();
    assert!(0 < at_1215 && at_1215 < n);
    let home = dir.path().join("home");
    let t = Tmux::start(
        "review",
        dir.path(),
        100,
        30,
        &script(&format!("review {}", q(&path)), &home),
    );
    // The tag ends the header line (capture-pane drops the trailing space).
    let tag = |p: usize| format!(" REVIEW {p}/{n}");
    t.wait_for(&tag(n));
    t.keys(&["Left"]);
    t.wait_for(&tag(n - 1));
    t.keys(&["Left", "Left", "Right"]);
    t.wait_for(&tag(n - 2));
    t.keys(&["Home"]);
    t.wait_for(&tag(0));
    t.wait_for("start of the battle");
    t.type_text(":1215");
    t.keys(&["Enter"]);
    t.wait_for(&tag(at_1215));
    t.wait_for("1215 planned_fire");
    t.keys(&["b"]);
    t.wait_for(&tag(at_1215 + 1));
    t.wait_for("note \"1215: the second salvo\"");
    t.keys(&["n"]);
    t.wait_for("review is read-only");
    t.wait_for(&tag(at_1215 + 1));
    t.keys(&["q"]);
    t.wait_for("Quit the dashboard?");
    t.keys(&["y"]);
    let after = t.wait_for("<stty");
    assert!(after.contains("EXITED 0"), "{after}");
    assert!(cooked(&after), "terminal restored: {after}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "the save's bytes");
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["battle.toml", "review.sh"], "no lock note, no file");
}
