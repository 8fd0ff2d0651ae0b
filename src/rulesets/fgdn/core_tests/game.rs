//! Tests of `core::game` on FG&DN battles (the ruleset the journal grew with); they sit in
//! FG&DN's folder so the shared engine names no ruleset, and reach the module's private items
//! as its child (`#[path]` in `core/game.rs`).
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
