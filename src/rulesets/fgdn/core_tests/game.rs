//! Tests of `core::game` on FG&DN battles (the ruleset the journal grew with); they sit in
//! FG&DN's folder so the shared engine names no ruleset, and reach the module's private items
//! as its child (`#[path]` in `core/game.rs`).
use super::CHECKPOINT_GAP;
use crate::core::dice::SeededDice;
use crate::rulesets::fgdn::command::Command;
use crate::rulesets::fgdn::scenario::parse_scenario;
use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::Game;

fn demo_game() -> Game {
    let text = include_str!("../../../../saves/demo.toml");
    let scenario = parse_scenario("demo.toml", text).expect("the demo parses");
    Game::new(&scenario, Tables::builtin())
}

fn play(game: &mut Game, text: &str) {
    let command: Command = text.parse().expect("a command");
    game.execute(&command, &mut SeededDice)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// An `undo` folds the commands still in effect from the latest mark they start with:
/// the same state as from the scenario's start, without the commands before the mark.
#[test]
fn an_undo_starts_again_from_the_latest_mark_its_history_begins_with() {
    let mut game = demo_game();
    for c in ["next", "next", "hit tiger 40", "hit moltke 30"] {
        play(&mut game, c);
    }
    let early = game.mark();
    play(&mut game, "hit kaiser 20");
    let late = game.mark();
    play(&mut game, "hit hannover 25");
    let undo = game.prepare(&Command::Undo, &mut SeededDice);
    let undo = undo.expect("an undo").expect("logged");
    let mut from_start = game.clone();
    from_start.commit(undo.clone());
    // A mark is trusted as the fold of its history: mark it to see which one was used.
    let mut marked = late.clone();
    marked.state.name = "from the late mark".into();
    let mut from_mark = game.clone();
    from_mark.commit_from(undo.clone(), &[&early, &marked]);
    assert_eq!(from_mark.state.name, "from the late mark");
    marked.state.name = from_start.state.name.clone();
    let mut from_mark = game.clone();
    from_mark.commit_from(undo.clone(), &[&early, &marked]);
    assert_eq!(from_mark.state, from_start.state);
    // Undo past a mark: its history is no longer where `done` starts, so it is not used.
    let mut twice = from_start.clone();
    let undo2 = twice.prepare(&Command::Undo, &mut SeededDice);
    let undo2 = undo2.expect("an undo").expect("logged");
    let mut expected = twice.clone();
    expected.commit(undo2.clone());
    let mut poisoned = late.clone();
    poisoned.state.name = "must not be used".into();
    twice.commit_from(undo2, &[&early, &poisoned]);
    assert_eq!(twice.state, expected.state);
}

/// Play `n` commands: small hits on the big ships in turn, a phase change every tenth
/// command or where a hit is refused (a phase without combat).
fn play_hits(game: &mut Game, n: usize) {
    let ships = ["tiger", "valiant", "moltke", "kaiser", "hannover"];
    for k in 0..n {
        let hit: Command = format!("hit {} 1", ships[k % ships.len()]).parse().unwrap();
        if k % 10 == 9 || game.execute(&hit, &mut SeededDice).is_err() {
            play(game, "next");
        }
    }
}

fn events_in(game: &Game) -> u64 {
    game.entries().iter().map(|e| e.events.len() as u64).sum()
}

/// Issue 15 item 11: an undo used to make opening fold the log again from the start, so a
/// save with many undos opened in time quadratic in its length (3.6 s after an undo storm
/// at 20,000 commands). Opening applies each logged event at most once, whatever the mix
/// of undos and redos: counted, not timed.
#[test]
fn opening_applies_each_logged_event_at_most_once_whatever_the_undos() {
    let mut game = demo_game();
    play_hits(&mut game, 300);
    for _ in 0..150 {
        play(&mut game, "undo");
    }
    for _ in 0..40 {
        play(&mut game, "redo");
    }
    for round in 0..60 {
        play_hits(&mut game, 5);
        play(&mut game, "undo");
        if round % 3 == 0 {
            play(&mut game, "redo");
        }
    }
    let total = events_in(&game);
    assert!(total > 500, "{total} events");
    let opened = Game::replay(
        &parse_scenario("demo.toml", include_str!("../../../../saves/demo.toml")).unwrap(),
        Tables::builtin(),
        game.entries().to_vec(),
    )
    .unwrap();
    assert_eq!(opened.state, game.state);
    assert!(
        opened.events_applied() <= total,
        "opening applied {} events for a log of {total}",
        opened.events_applied()
    );
}

/// A run of undos in play folds the log again at most once per [`CHECKPOINT_GAP`] undos;
/// the others fold at most that many commands from the checkpoint the last full fold
/// left. Before, every undo folded every command in effect (a quadratic storm).
#[test]
fn a_run_of_undos_folds_the_whole_log_once_per_checkpoint_gap() {
    let mut game = demo_game();
    play_hits(&mut game, 4000);
    let most = game
        .entries()
        .iter()
        .map(|e| e.events.len())
        .max()
        .unwrap_or(0);
    let window = (CHECKPOINT_GAP * most) as u64;
    let storm = 700;
    let mut long_folds = 0;
    let mut reference = game.clone();
    for _ in 0..storm {
        let before = game.events_applied();
        play(&mut game, "undo");
        if game.events_applied() - before > window {
            long_folds += 1;
        }
    }
    assert!(
        long_folds <= storm / CHECKPOINT_GAP + 1,
        "{long_folds} of {storm} undos folded more than {window} events"
    );
    // The same state as undoing from the scenario's start each time.
    for _ in 0..storm {
        play(&mut reference, "undo");
        reference.checkpoint = None;
    }
    assert_eq!(game.state, reference.state);
    // Redo and undo again: the checkpoint still stands where it was valid.
    for _ in 0..300 {
        play(&mut game, "redo");
        play(&mut reference, "redo");
    }
    play(&mut game, "undo");
    play(&mut reference, "undo");
    assert_eq!(game.state, reference.state);
}

/// A save's entries are numbered 1, 2, 3 ... in log order: one out of order, or numbered
/// so high that the next command's number would overflow, is refused when the log is
/// replayed, naming it (found by the D&B save fuzzer: `fuzz/regressions/dnb-save/`).
#[test]
fn replay_refuses_entries_out_of_order_or_numbered_past_the_last_number() {
    let mut game = demo_game();
    play(&mut game, "next");
    play(&mut game, "next");
    let scenario =
        parse_scenario("demo.toml", include_str!("../../../../saves/demo.toml")).unwrap();
    let good = game.entries().to_vec();
    assert!(Game::replay(&scenario, Tables::builtin(), good.clone()).is_ok());
    for bad_seq in [1, u64::MAX] {
        let mut bad = good.clone();
        bad[1].seq = bad_seq;
        let e = Game::replay(&scenario, Tables::builtin(), bad).unwrap_err();
        assert!(
            e.to_string().contains("does not follow entry number 1"),
            "{e}"
        );
    }
}
