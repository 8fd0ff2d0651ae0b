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

/// A flight with its crew per aircraft and an airship with hers. ESTIMATES.
const AIR: &str = r#"
[[ship]]
id = "hp"
name = "Handley Page O/400s"
side = "Red"
type = "flight"
size = "F"
speed = 85
in_service = 1918
flight = { aircraft = 3, crew = 12 }

[[ship]]
id = "pups"
name = "Sopwith Pups"
side = "Red"
type = "flight"
size = "G"
speed = 96
in_service = 1916
flight = { aircraft = 2 }

[[ship]]
id = "l33"
name = "L 33"
side = "Blue"
type = "airship"
size = "C"
speed = 60
in_service = 1916
crew = 22
airship = { gas = "hydrogen", gas_cells = 20 }
"#;

/// 8.6: "If an aircraft is destroyed, place a group of survivors near the spot where it goes
/// down ... medium- and large-sized planes can have up to ten or twelve men inside ... Round
/// numbers of survivors above ten to the nearest tens, e.g., twelve becomes ten": an aircraft
/// destroyed on the 8.7 table (D10 1-5) leaves its crew (the flight's `crew`, 12 -> 10) as a
/// group named FLIGHT.K, picked up like a ship's; an aircraft only damaged leaves none.
#[test]
fn an_aircraft_destroyed_leaves_its_crew_in_the_water_8_6() {
    let mut g = game(
        "1200",
        "search_and_rescue = true\naircraft_damage_resolution = true",
        &format!("{AIR}{SHIPS}"),
    );
    cmds(
        &mut g,
        "until 1200 planned_fire\ndice 8\nplane hp 1\ndice 3\nplane hp 2",
    );
    let v = survivors(&g);
    assert_eq!(v.len(), 1, "the heavily damaged aircraft leaves none");
    assert_eq!(v[0].ship, "hp.2");
    assert_eq!((v[0].men, v[0].pct), (Some(10), 100));
    assert_eq!(v[0].sighted_as.as_deref(), Some("E"));
    assert!(
        last_log(&g)
            .contains("aircraft 2 went down: its crew of 12, rounded to 10, sighted as size E"),
        "{}",
        last_log(&g)
    );
    // The tug picks them up at the end of the turn: D6 5, one less for sea state 3: 4 / 2 = 2
    // groups of 10, all 10 of them.
    cmds(&mut g, "rescue tug hp.2\ndice 5\nuntil 1203 plotting");
    let v = survivors(&g);
    assert_eq!(v[0].rescued, 10);
    assert_eq!(v[0].in_water, Some(0));
    // A flight without `crew`: the group is logged, not counted; it cannot be picked up.
    cmds(&mut g, "next\ndice 1\nplane pups 1");
    let v = survivors(&g);
    assert_eq!(v[1].ship, "pups.1");
    assert_eq!(v[1].men, None);
    assert!(refused(&mut g, "rescue tug pups.1").contains("the crew is not in the scenario"));
    assert!(refused(&mut g, "rescue tug pups.2").contains("has left no survivors"));
}

/// 8.6 has no rule of its own for an airship: lost, she is read as a ship sunk, D6 x 10 % of her
/// `crew` (a hydrogen fire is no magazine explosion).
#[test]
fn an_airship_lost_leaves_d6_x_10_pct_of_her_crew_8_6() {
    let mut g = game("1200", "search_and_rescue = true", AIR);
    // Envelope D10 1: gas cell* (D100 1: cell 1) and FIRE in the hydrogen: she is lost; D6 5.
    cmds(
        &mut g,
        "until 1200 planned_fire\ndice 1 1 5\nairship l33 envelope",
    );
    let v = survivors(&g);
    assert_eq!(v.len(), 1);
    assert_eq!(
        (v[0].ship.as_str(), v[0].pct, v[0].men),
        ("l33", 50, Some(11))
    );
}

/// A flight's `crew` is men per aircraft, 1-100.
#[test]
fn a_flights_crew_is_checked_8_6() {
    use umpire::rulesets::fgdn::scenario::parse_scenario;
    let text = format!(
        "[scenario]\nname = \"t\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\n{}",
        AIR.replace("crew = 12", "crew = 0")
    );
    let e: Vec<String> = parse_scenario("t.toml", &text)
        .unwrap_err()
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(e.len(), 1);
    assert!(
        e[0].ends_with("ship \"hp\": key \"flight\": crew 0 must be 1-100 men per aircraft (8.6)"),
        "{e:?}"
    );
}
