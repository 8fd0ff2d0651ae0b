//! FG&DN 1.1 8.1.9 Transferring Crew from One Small Craft to Another: alongside a stationary
//! boat it happens by itself; between two moving boats 50 % (1-5 kt) or 5 % (6-10 kt), 11 kt
//! and more prohibited; a failure puts the crew in the water with a 50 % collision chance.
#[macro_use]
mod rules_common;
use rules_common::*;

/// Figures are ESTIMATES for the test.
const BOATS: &str = concat!(
    r#"
[[ship]]
id = "ml1"
name = "ML 1"
side = "British"
size = "G"
dp = 3
speed = 19
in_service = 1916

[[ship]]
id = "tiger"
name = "HMS Tiger"
side = "British"
size = "A"
dp = 501
speed = 28
in_service = 1914
"#,
    cmb4!()
);

#[test]
fn alongside_a_stationary_boat_the_transfer_is_automatic_8_1_9() {
    let mut g = game("1200", "", BOATS);
    let n = g.state.dice_rolled;
    cmd(&mut g, "transfer ml1 mtb");
    assert_eq!(g.state.dice_rolled, n, "no die");
    assert!(last_log(&g).contains("alongside a stationary boat: automatic): done (8.1.9)"));
}

#[test]
fn moving_boats_50_and_5_percent_8_1_9() {
    let mut g = game("1200", "", BOATS);
    cmds(&mut g, "dice 50\ntransfer ml1 mtb speed 5");
    assert!(
        last_log(&g).contains("D100 50 vs 50 %): done"),
        "{}",
        last_log(&g)
    );
    // 6 kt: 5 %; D100 6 fails, collision D100 51: none
    cmds(&mut g, "dice 6 51\ntransfer ml1 mtb speed 6");
    let l = last_log(&g);
    assert!(
        l.contains(
            "FAILED, the crew factors are in the water; collision D100 51 > 50: no collision"
        ),
        "{l}"
    );
    // a failure and a collision: the text gives no collision effects
    cmds(&mut g, "dice 99 50\ntransfer mtb ml1 speed 3");
    let l = last_log(&g);
    assert!(
        l.contains("THE BOATS COLLIDE (effect not defined by the rules"),
        "{l}"
    );
}

#[test]
fn refusals_8_1_9() {
    let mut g = game("1200", "", BOATS);
    assert!(refused(&mut g, "transfer ml1 mtb speed 11").contains("prohibited"));
    assert!(refused(&mut g, "transfer ml1 tiger").contains("between small craft"));
    assert!(refused(&mut g, "transfer ml1 ml1").contains("two boats"));
}

/// The report lists a transfer under both boats (outcomes in the log and the report).
#[test]
fn the_report_lists_transfers_for_both_boats_8_1_9() {
    let text = format!(
        "[scenario]\nname = \"t\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\nseed = 7\n{BOATS}"
    );
    let s = umpire::rulesets::fgdn::scenario::parse_scenario("t.toml", &text).unwrap();
    let mut g =
        umpire::rulesets::fgdn::Game::new(&s, umpire::rulesets::fgdn::tables::Tables::builtin());
    cmds(&mut g, "dice 4 10\ntransfer ml1 mtb speed 2");
    let r = umpire::rulesets::fgdn::report::build(&s, &g);
    for id in ["ml1", "mtb"] {
        let ship = r.ships.iter().find(|x| x.id == id).unwrap();
        assert_eq!(ship.other_events.len(), 1, "{id}");
        assert!(ship.other_events[0]
            .what
            .contains("crew transfer ML 1 -> CMB 4"));
    }
    let tiger = serde_json::to_value(r.ships.iter().find(|x| x.id == "tiger").unwrap()).unwrap();
    assert!(
        tiger.get("other_events").is_none(),
        "absent when there are none"
    );
}

/// `umpire log --ship` of either boat shows the transfer (it names both; before, only the boat
/// it came from had the line).
#[test]
fn the_log_of_either_boat_shows_the_transfer_8_1_9() {
    let text = format!(
        "[scenario]\nname = \"t\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\nseed = 7\n{BOATS}"
    );
    let s = umpire::rulesets::fgdn::scenario::parse_scenario("t.toml", &text).unwrap();
    let mut g =
        umpire::rulesets::fgdn::Game::new(&s, umpire::rulesets::fgdn::tables::Tables::builtin());
    cmds(&mut g, "dice 4 10\ntransfer ml1 mtb speed 2");
    for id in ["ml1", "mtb"] {
        let log = umpire::rulesets::fgdn::log_view::log_entries_reviewed(&s, &g, Some(id));
        let lines: Vec<&str> = log
            .iter()
            .flat_map(|e| e.lines.iter().map(|l| l.text.as_str()))
            .collect();
        assert!(
            lines.iter().any(|l| l.contains("crew transfer")),
            "{id}: {lines:?}"
        );
    }
    let tiger = umpire::rulesets::fgdn::log_view::log_entries_reviewed(&s, &g, Some("tiger"));
    assert!(tiger.is_empty(), "{tiger:?}");
}
