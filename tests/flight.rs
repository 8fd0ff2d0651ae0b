//! FG&DN 1.1 aircraft in flight: 8.1 "Weapons hitting aircraft ... damage it so severely (if
//! airborne) that it aborts its mission. It is removed from play", 8.7 Aircraft Damage
//! Resolution (optional) with its later-hit rules, 8.5 damaged aircraft on the Breakdown Repair
//! Table (+10 % land-based). Every die queued.
#[macro_use]
mod rules_common;
use rules_common::*;

/// Figures are ESTIMATES for the test.
const SHIPS: &str = r#"
[[ship]]
id = "pups"
name = "Sopwith Pups"
side = "British"
type = "flight"
size = "G"
speed = 96
in_service = 1916
nation = "GB"
flight = { aircraft = 3 }

[[ship]]
id = "fe2"
name = "FE.2b flight"
side = "British"
type = "flight"
size = "G"
speed = 70
in_service = 1915
flight = { aircraft = 2, land_based = true }
"#;

fn planes(g: &umpire::rulesets::fgdn::Game, id: &str) -> Vec<&'static str> {
    sview(g, id).flight.unwrap().planes
}

/// 8.1 (no optional rule): the aircraft hit aborts and is removed from play; no die. A hit
/// without K takes the first still in play; one out of play cannot be hit again.
#[test]
fn hit_aircraft_abort_8_1() {
    let mut g = game("1200", "", SHIPS);
    cmds(&mut g, "until 1200 planned_fire\nplane pups\nplane pups 3");
    assert_eq!(planes(&g, "pups"), vec!["aborted", "flying", "aborted"]);
    assert_eq!(sview(&g, "pups").flight.unwrap().in_play, 1);
    assert_eq!(g.state.dice_rolled, 0);
    let e = refused(&mut g, "plane pups 1");
    assert!(e.contains("out of play"), "{e}");
    let e = refused(&mut g, "plane pups 4");
    assert!(e.contains("aircraft 1-3"), "{e}");
    let e = refused(&mut g, "hit pups 3");
    assert!(e.contains("is a flight of aircraft"), "{e}");
}

/// 8.7 (optional): D10 1-5 destroyed, 6 critical, 7-8 heavy, 9-0 light (D6 2: engine); a
/// second hit adds to it (light + heavy = critical; any hit on a critical kills it).
#[test]
fn damage_resolution_8_7() {
    let mut g = game("1200", "aircraft_damage_resolution = true", SHIPS);
    cmds(
        &mut g,
        "until 1200 planned_fire\ndice 5\nplane pups 1\ndice 6\nplane pups 2\ndice 10 2\nplane pups 3",
    );
    assert_eq!(planes(&g, "pups"), vec!["destroyed", "critical", "light"]);
    assert!(sview(&g, "pups").flight.unwrap().conditions[2].contains("engine damaged"));
    cmds(&mut g, "dice 7\nplane pups 3");
    assert_eq!(planes(&g, "pups")[2], "critical");
    cmds(&mut g, "dice 9 1\nplane pups 2");
    assert_eq!(planes(&g, "pups")[1], "destroyed");
    // Light damage 6: offensive weapons; D100 50: it cannot jettison either.
    cmds(&mut g, "dice 9 6 50\nplane fe2 1");
    assert!(sview(&g, "fe2").flight.unwrap().conditions[0].contains("nor jettison it"));
    // The same light damage again is ignored.
    cmds(&mut g, "dice 10 6 51\nplane fe2 1");
    assert_eq!(planes(&g, "fe2")[0], "light");
    assert!(last_log(&g).contains("the same light damage again: ignored"));
}

/// 8.5: "Damaged aircraft also use the Breakdown Repair Table ... Land-based aircraft have 10%
/// added to the repair roll" (second rank at 6 h: 15 % + 10 % = 25 %: D100 25 repairs it).
/// Destroyed ones are not repaired.
#[test]
fn damaged_aircraft_repairs_8_5() {
    let mut g = game("1200", "aircraft_damage_resolution = true", SHIPS);
    cmds(
        &mut g,
        "until 1200 planned_fire\ndice 7\nplane fe2 1\ndice 1\nplane fe2 2\ndice 8\nplane pups 1\nend-battle",
    );
    let fe2 = sview(&g, "fe2");
    assert_eq!(fe2.repairs.len(), 1);
    assert!(
        fe2.timers[0]
            .what
            .contains("15 %, +10 % land-based aircraft"),
        "{}",
        fe2.timers[0].what
    );
    // Pups (GB, first rank): 25 % at 6 h; D100 26 fails. FE.2b: D100 25 repairs.
    cmds(&mut g, "dice 26 25\nnext");
    assert_eq!(planes(&g, "fe2"), vec!["flying", "destroyed"]);
    assert_eq!(planes(&g, "pups")[0], "heavy");
}
