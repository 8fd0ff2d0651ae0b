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

/// A carrier and a flight flying from her (`flight = { ..., carrier = "ID" }`). ESTIMATES.
const CARRIER: &str = r#"
[[ship]]
id = "furious"
name = "HMS Furious"
side = "British"
type = "aviation"
size = "B"
dp = 300
speed = 31
in_service = 1917
nation = "Great Britain"
aircraft = { hangar = 4, forward = 3, aft = 0 }

[[ship]]
id = "camels"
name = "Sopwith Camels"
side = "British"
type = "flight"
size = "G"
speed = 100
in_service = 1917
nation = "Great Britain"
flight = { aircraft = 2, carrier = "Furious" }
"#;

fn carrier_game() -> umpire::rulesets::fgdn::Game {
    game("1200", "aircraft_damage_resolution = true", CARRIER)
}

/// 8.5: "At a forward base, systems could be repaired alongside a tender (+20% to the roll) ...
/// Damaged aircraft also use the Breakdown Repair Table": a flight's aircraft are repaired
/// aboard its carrier, so her tender (or port) is their bonus; the flight's own `base` comes
/// first. First rank at 6 h: 25 %, +20 % = 45 %: D100 45 repairs aircraft 1, 46 fails on 2.
#[test]
fn a_flight_takes_its_carriers_repair_base_8_5() {
    let mut g = carrier_game();
    cmds(
        &mut g,
        "until 1200 planned_fire\ndice 7\nplane camels 1\ndice 8\nplane camels 2\nend-battle",
    );
    assert!(sview(&g, "camels").timers[0].what.contains("25 %)"));
    cmd(&mut g, "base furious tender");
    let what = sview(&g, "camels").timers[0].what.clone();
    assert!(
        what.contains("25 %, +20 % tender of her carrier HMS Furious (8.5)"),
        "{what}"
    );
    cmds(&mut g, "dice 45 46\nnext");
    assert_eq!(planes(&g, "camels"), vec!["flying", "heavy"]);
    // The flight's own base wins: in port, +30 %.
    cmd(&mut g, "base camels port");
    let what = sview(&g, "camels").timers[0].what.clone();
    assert!(what.contains("+30 % port (8.5)"), "{what}");
    assert!(!what.contains("carrier"), "{what}");
}

/// The link both ways in the detail panel and `status` (8.1.10, 8.3 Flight Deck, 8.5): the
/// flight names its carrier and what of her deck bears on launching and landing; the carrier
/// lists her flights; JSON `flight.carrier` and `flights`.
#[test]
fn the_link_is_shown_on_both_ships_8_3_8_5() {
    let mut g = carrier_game();
    let f = sview(&g, "camels");
    assert_eq!(
        f.flight.as_ref().unwrap().carrier.as_deref(),
        Some("furious")
    );
    assert_eq!(
        f.air_link,
        ["Carrier: HMS Furious (furious): deck and flight operations as usual"]
    );
    let c = sview(&g, "furious");
    assert_eq!(c.flights, ["camels"]);
    assert_eq!(
        c.air_link,
        ["Flights from her: Sopwith Camels (camels) 2/2 aircraft in play"]
    );
    // A flight-deck critical aft (D6 5): no landing; hangar D10 1: no aircraft hit there.
    cmds(&mut g, "dice 5 1\ncrit furious flight_deck");
    let line = &sview(&g, "camels").air_link[0];
    assert!(
        line.starts_with("Carrier: HMS Furious (furious): flight deck hit: aft"),
        "{line}"
    );
    let json = serde_json::to_value(sview(&g, "furious")).unwrap();
    assert_eq!(json["flights"], serde_json::json!(["camels"]));
    // A ship with no flight has no `flights` key (status JSON unchanged for every other ship).
    let json = serde_json::to_value(sview(&g, "camels")).unwrap();
    assert!(json.get("flights").is_none());
    assert_eq!(json["flight"]["carrier"], "furious");
}

/// 8.5, 8.1.10: the text gives no rule for a flight whose carrier is lost: it says so.
#[test]
fn a_flight_whose_carrier_is_lost_says_its_landing_is_the_umpires() {
    let mut g = carrier_game();
    cmds(
        &mut g,
        "until 1200 planned_fire\nhit furious 400\nuntil 1300",
    );
    assert_eq!(sview(&g, "furious").status, "sunk");
    let line = &sview(&g, "camels").air_link[0];
    assert!(
        line.contains(
            "HMS Furious (furious) is sunk: where its aircraft come down is the umpire's"
        ),
        "{line}"
    );
}

/// The scenario's `carrier` is checked: a ship of the scenario, an aviation ship, and not with
/// `land_based`.
#[test]
fn a_bad_carrier_is_refused_8_5() {
    use umpire::rulesets::fgdn::scenario::parse_scenario;
    let head = "[scenario]\nname = \"t\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\n";
    let moltke = "\n[[ship]]\nid = \"moltke\"\nname = \"SMS Moltke\"\nside = \"German\"\nsize = \"A\"\ndp = 420\nspeed = 28\nin_service = 1911\n";
    for (from, to, message) in [
        (
            "carrier = \"Furious\"",
            "carrier = \"moltke\"",
            "ship \"camels\": key \"flight\": carrier \"moltke\" (SMS Moltke) is not an aviation ship (type = \"aviation\" or `aircraft` aboard)",
        ),
        (
            "carrier = \"Furious\"",
            "carrier = \"vindex\"",
            "ship \"camels\": key \"flight\": carrier \"vindex\" is not a ship of the scenario (aviation ships: furious)",
        ),
        (
            "carrier = \"Furious\"",
            "carrier = \"furious\", land_based = true",
            "ship \"camels\": key \"flight\": a flight with a carrier is not land-based: give carrier or land_based = true, not both (8.5)",
        ),
    ] {
        let text = format!("{head}{}{moltke}", CARRIER.replace(from, to));
        let line = text.lines().position(|l| l.starts_with("flight =")).unwrap() + 1;
        let got: Vec<String> = parse_scenario("t.toml", &text)
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(got, [format!("t.toml:{line}: {message}")], "{to}");
    }
}

/// `umpire status` in text, as the dashboard's fleet table (8.1, 8.8): a flight's DP column is
/// her aircraft in play of those she started with and an airship's is her gas left, not `1/1`.
#[test]
fn status_text_shows_a_flight_by_aircraft_and_an_airship_by_gas() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("aviation.toml");
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/aviation.toml"),
        &save,
    )
    .unwrap();
    let battle =
        umpire::session::Battle::open(&save, umpire::rulesets::fgdn::tables::Tables::builtin())
            .unwrap();
    let text = umpire::cli::status::text(&battle);
    let line = |id: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with(&format!("{id} ")))
            .unwrap_or_else(|| panic!("no line for {id}:\n{text}"))
            .to_string()
    };
    assert!(line("pups").contains("   4/4 ac "), "{text}");
    assert!(line("l54").contains("gas 100%"), "{text}");
    assert!(line("moltke").contains("420/420"), "{text}");
}
