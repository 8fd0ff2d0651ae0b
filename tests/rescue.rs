//! FG&DN 1.1 8.6 Search and Rescue (optional rule, `search_and_rescue = true`): D6 x 10 % of a
//! lost ship's crew survive (D6 % after a magazine explosion); a stationary ship picks up D6/2
//! groups of 10 each tactical turn, one less on the die per sea state over two, and holds no
//! more than her own crew; groups are sighted as size G/E/D/C by their number.
#[macro_use]
mod rules_common;
use rules_common::*;

/// Figures are ESTIMATES for the test.
const SHIPS: &str = r#"
[[ship]]
id = "hulk"
name = "Hulk"
side = "Red"
size = "C"
dp = 40
speed = 30
in_service = 1915
crew = 200

[[ship]]
id = "tug"
name = "Tug"
side = "Red"
size = "D"
dp = 30
speed = 12
in_service = 1912
crew = 30

[[ship]]
id = "u9"
name = "U 9"
side = "Blue"
type = "submarine"
size = "D"
dp = 20
speed = 14
in_service = 1910
depth = "intermediate_2"
crew = 35
"#;

fn survivors(
    g: &umpire::rulesets::fgdn::Game,
) -> Vec<umpire::rulesets::fgdn::rescue::SurvivorView> {
    umpire::rulesets::fgdn::rescue::views(&g.state)
}

/// 8.6: a sunk ship leaves D6 x 10 % of her crew; a ship picks them up, (D6 - sea state over
/// two)/2 groups of 10 each turn, no more than her own crew.
#[test]
fn survivors_of_a_sinking_and_their_rescue_8_6() {
    let mut g = game("1200", "search_and_rescue = true", SHIPS);
    // 0 DP, sinking D10 1: 10 minutes, gone in the movement phase of 1212; survivors D6 4
    cmds(
        &mut g,
        "until 1200 planned_fire\nhit hulk 40\ndice 1\nnext\ndice 4\nuntil 1212 planned_fire",
    );
    let v = survivors(&g);
    assert_eq!(v.len(), 1);
    assert_eq!(
        (v[0].pct, v[0].men, v[0].in_water),
        (40, Some(80), Some(80))
    );
    assert_eq!(v[0].sighted_as.as_deref(), Some("D"));
    assert!(
        last_log(&g).contains("D6 4 x 10 = 40 % of 200 men: 80"),
        "{}",
        last_log(&g)
    );
    // sea state 4: one less per state over two (2); D6 6: (6 - 2)/2 = 2 groups, 20 men
    cmds(
        &mut g,
        "sea-state 4\nrescue tug hulk\ndice 6\nuntil 1215 plotting",
    );
    let v = survivors(&g);
    assert_eq!((v[0].rescued, v[0].in_water), (20, Some(60)));
    assert!(sview(&g, "tug")
        .timers
        .iter()
        .any(|t| t.what.starts_with("survivors picked up")));
    // D6 2: (2 - 2)/2 = none; D6 6 again: 20 more, but the tug holds 30: 10
    cmds(
        &mut g,
        "dice 2\nuntil 1218 plotting\ndice 6\nuntil 1221 plotting",
    );
    let v = survivors(&g);
    assert_eq!((v[0].rescued, v[0].in_water), (30, Some(50)));
    assert!(
        last_log(&g).contains("holds no more than her own crew"),
        "{}",
        last_log(&g)
    );
    cmd(&mut g, "rescue-stop tug");
    assert_eq!(survivors(&g)[0].rescuer, None);
}

/// 8.6: a magazine explosion leaves D6 % of the crew; a boat lost with all hands leaves none.
#[test]
fn spectacular_losses_and_all_hands_8_6() {
    let mut g = game("1200", "search_and_rescue = true", SHIPS);
    // main battery: D10 5 a mount (none in the scenario), magazine D10 9 detonates; D6 3 %
    cmds(&mut g, "dice 5 9 3\ncrit hulk main_battery");
    let v = survivors(&g);
    assert_eq!((v[0].pct, v[0].men), (3, Some(6)));
    assert_eq!(v[0].sighted_as.as_deref(), Some("G"));
    let n = g.state.dice_rolled;
    cmd(&mut g, "crit u9 hull_penetration");
    assert_eq!(
        g.state.dice_rolled, n,
        "no survivor die for a boat lost with all hands"
    );
    let v = survivors(&g);
    assert_eq!((v[1].ship.as_str(), v[1].men), ("u9", Some(0)));
}

/// The rule is optional; rescue needs survivors to pick up.
#[test]
fn refusals_8_6() {
    let mut g = game("1200", "", SHIPS);
    assert!(refused(&mut g, "rescue tug hulk").contains("search_and_rescue = true"));
    cmds(&mut g, "dice 5 9\ncrit hulk main_battery");
    assert!(
        survivors(&g).is_empty(),
        "without the option no survivors are rolled"
    );
    let json =
        serde_json::to_value(umpire::rulesets::fgdn::status::status(&g.state, &g.tables)).unwrap();
    assert!(json.get("survivors").is_none());
    let mut g = game("1200", "search_and_rescue = true", SHIPS);
    assert!(refused(&mut g, "rescue tug hulk").contains("no survivors in the water"));
    assert!(refused(&mut g, "rescue-stop tug").contains("picking up no survivors"));
}
