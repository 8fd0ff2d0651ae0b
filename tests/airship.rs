//! FG&DN 1.1 8.8 Airship Damage: every result of the Airship Critical Hit Table with its
//! effect, the fire (hydrogen and helium) and the gondola fire's timers in the one schedule.
//! Given / when / then, every die queued.
#[macro_use]
mod rules_common;
use rules_common::*;
use umpire::rulesets::fgdn::state::ShipStatus;

/// Figures are ESTIMATES for the test, not Annex B2 data.
const SHIPS: &str = r#"
[[ship]]
id = "l33"
name = "L 33"
side = "German"
type = "airship"
size = "C"
speed = 60
in_service = 1916
airship = { gas = "hydrogen", gas_cells = 20, engines = { port = 2, starboard = 2, centre = 2 }, fuel = 40 }

[[ship]]
id = "sr1"
name = "SR 1"
side = "German"
type = "airship"
size = "D"
speed = 50
in_service = 1918
airship = { gas = "helium", gas_cells = 4 }
"#;

fn g() -> umpire::rulesets::fgdn::Game {
    let mut g = game("1200", "", SHIPS);
    cmd(&mut g, "until 1200 planned_fire");
    g
}

fn view(
    g: &umpire::rulesets::fgdn::Game,
    id: &str,
) -> umpire::rulesets::fgdn::airship::AirshipView {
    sview(g, id).airship.unwrap()
}

/// 8.8 Control: gondola D10 6-8; D6 1-2 elevator, 3-4 rudder (half speed: steers with the
/// engines), 5 valving, 6 ballast.
#[test]
fn control_8_8() {
    let mut g = g();
    cmds(&mut g, "dice 6 1\nairship l33 gondola\ndice 8 3\nairship l33 gondola\ndice 7 5\nairship l33 gondola\ndice 7 6\nairship l33 gondola");
    assert_eq!(
        view(&g, "l33").controls_lost,
        vec!["elevator", "rudder", "valving", "ballast"]
    );
    let v = sview(&g, "l33");
    assert_eq!(v.speed_max, 30, "60 kt halved without rudder control");
    assert!(v.orders.iter().any(|o| o.contains("No elevator control")));
}

/// 8.8 Communications (gondola 9) and Weapons (gondola 10: the text gives no effect).
#[test]
fn communications_and_weapons_8_8() {
    let mut g = g();
    cmds(
        &mut g,
        "dice 9\nairship l33 gondola\ndice 10\nairship l33 gondola",
    );
    let v = view(&g, "l33");
    assert!(v.comms_out);
    assert_eq!(v.weapons_hits, 1);
    assert!(last_log(&g).contains("effect not defined by the rules: apply your house rule"));
}

/// 8.8 Engine (gondola 1-2): a random engine of those left (D100 in six bands: 1 -> port);
/// maximum speed in proportion (60 x 5/6 = 50). Gondola 3 is starred: a fire in the gondola.
#[test]
fn engine_and_fire_8_8() {
    let mut g = g();
    cmds(&mut g, "dice 1 1\nairship l33 gondola");
    assert_eq!(sview(&g, "l33").speed_max, 50);
    let e = view(&g, "l33").engines_left.unwrap();
    assert_eq!((e.port, e.starboard, e.centre), (1, 2, 2));
    cmds(&mut g, "dice 3 1\nairship l33 gondola");
    let v = view(&g, "l33");
    assert_eq!(v.engines_left.unwrap().port, 0);
    assert!(v.gondola_fire);
    assert!(last_log(&g).contains("no engine left on the port side"));
}

/// 8.8 Fuel (gondola 4): a quarter of the maximum each; all four: she drifts (speed 0, no
/// elevator or rudder control).
#[test]
fn fuel_8_8() {
    let mut g = g();
    for _ in 0..4 {
        cmds(&mut g, "dice 4\nairship l33 gondola");
    }
    assert_eq!(view(&g, "l33").fuel_lost_quarters, 4);
    let v = sview(&g, "l33");
    assert_eq!(v.speed_max, 0);
    assert!(v.orders.iter().any(|o| o.contains("drifts with the wind")));
}

/// 8.8 Gas Cell (envelope 8-10, not starred): a random cell (D100 in 20 bands); a cell hit
/// twice counts once; 25 % lost: may not climb; 50 %: must descend; 75 %: uncontrollable dive.
#[test]
fn gas_cells_and_thresholds_8_8() {
    let mut g = g();
    for band in 1..=5u32 {
        cmds(
            &mut g,
            &format!("dice 9 {}\nairship l33 envelope", band * 5),
        );
    }
    assert_eq!(view(&g, "l33").cells_lost, 5);
    assert!(sview(&g, "l33")
        .orders
        .iter()
        .any(|o| o.contains("she may not climb")));
    cmds(&mut g, "dice 10 5\nairship l33 envelope");
    assert_eq!(view(&g, "l33").cells_lost, 5, "cell 1 again");
    for band in 6..=10u32 {
        cmds(
            &mut g,
            &format!("dice 8 {}\nairship l33 envelope", band * 5),
        );
    }
    assert_eq!(view(&g, "l33").cells_lost_pct, 50);
    assert!(last_log(&g).contains("must descend at her maximum rate"));
    for band in 11..=15u32 {
        cmds(
            &mut g,
            &format!("dice 8 {}\nairship l33 envelope", band * 5),
        );
    }
    assert!(last_log(&g).contains("uncontrollable dive at three times"));
}

/// 8.8: "A fire in a hydrogen-filled envelope means the ship is lost immediately" (envelope
/// 1-7 are starred); with helium the fire is ignored.
#[test]
fn envelope_fire_hydrogen_and_helium_8_8() {
    let mut g = g();
    cmds(&mut g, "dice 7 50\nairship l33 envelope");
    assert_eq!(ship(&g, "l33").status, ShipStatus::Sunk);
    assert!(sunk_cause(&g, "l33").contains("hydrogen-filled envelope"));
    cmds(
        &mut g,
        "dice 1 1\nairship sr1 envelope\ndice 3\nairship sr1 gondola",
    );
    assert_eq!(ship(&g, "sr1").status, ShipStatus::Afloat);
    assert!(!view(&g, "sr1").gondola_fire);
    assert!(last_log(&g).contains("fire ignored: the envelope is filled with helium"));
}

/// 8.8 Fire in the gondola: D10 in the Plotting Phase of each tactical turn; 1-5 out; 8-10
/// (hydrogen) it spreads to the envelope and she is lost; else one more critical in the
/// Resolution Phase (gondola column). Both are listed in the due list before they fire.
#[test]
fn gondola_fire_timers_8_8() {
    let mut g = g();
    cmds(&mut g, "dice 5\nairship l33 gondola");
    assert!(view(&g, "l33").gondola_fire);
    let timers = sview(&g, "l33").timers;
    assert_eq!(timers.len(), 1);
    assert_eq!(
        (timers[0].due.as_str(), timers[0].phase.name()),
        ("1203", "plotting")
    );
    // 1203 plotting: D10 6, still burning: one more critical in 1203 resolution.
    cmds(&mut g, "until 1203 plotting\ndice 6\nnext");
    assert!(last_log(&g).contains("still burning"));
    let due: Vec<(String, &str)> = sview(&g, "l33")
        .timers
        .iter()
        .map(|t| (t.due.clone(), t.phase.name()))
        .collect();
    assert!(due.contains(&("1203".into(), "resolution")));
    // The extra critical: gondola D10 9, communications.
    cmds(&mut g, "dice 9\nuntil 1206 plotting");
    assert!(view(&g, "l33").comms_out);
    // 1206 plotting: D10 2: out.
    cmds(&mut g, "dice 2\nnext");
    assert!(!view(&g, "l33").gondola_fire);
    assert!(sview(&g, "l33").timers.is_empty());
    // A new fire; D10 9 at the check: it spreads, she is lost.
    cmds(
        &mut g,
        "until 1206 planned_fire\ndice 5\nairship l33 gondola\nuntil 1209 plotting\ndice 9\nnext",
    );
    assert!(sunk_cause(&g, "l33").contains("spread to the hydrogen envelope"));
}

/// Hits on an airship are criticals (8.8): `hit`, `crit`, `fire` and `flood` are refused;
/// `airship` is refused for a ship and outside a combat phase.
#[test]
fn refusals_8_8() {
    let mut g = game("1200", "", SHIPS);
    let e = refused(&mut g, "airship l33 gondola");
    assert!(
        e.contains("no combat is resolved in the plotting phase"),
        "{e}"
    );
    cmd(&mut g, "until 1200 planned_fire");
    for c in ["hit l33 10", "crit l33 fire", "fire l33 5", "flood l33 5"] {
        let e = refused(&mut g, c);
        assert!(e.contains("is an airship"), "{c}: {e}");
    }
}

/// The scenario: `type = "airship"` needs the airship table, and the table needs the type.
#[test]
fn scenario_keys_8_8() {
    use umpire::rulesets::fgdn::scenario::parse_scenario;
    let head = "[scenario]\nname = \"t\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\n";
    let bad = |ship: &str| {
        parse_scenario("t.toml", &format!("{head}{ship}"))
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let e = bad("[[ship]]\nid = \"a\"\nname = \"A\"\nside = \"X\"\ntype = \"airship\"\nsize = \"C\"\nspeed = 50\nin_service = 1916\n");
    assert!(e.contains("needs airship = {"), "{e}");
    let e = bad("[[ship]]\nid = \"a\"\nname = \"A\"\nside = \"X\"\nsize = \"C\"\ndp = 5\nspeed = 50\nin_service = 1916\nairship = { gas = \"helium\", gas_cells = 4 }\n");
    assert!(e.contains("is for type = \"airship\" only"), "{e}");
    let e = bad("[[ship]]\nid = \"a\"\nname = \"A\"\nside = \"X\"\ntype = \"airship\"\nsize = \"C\"\nspeed = 50\nin_service = 1916\nairship = { gas = \"helium\", gas_cells = 0 }\n");
    assert!(e.contains("gas_cells 0 must be 1-100"), "{e}");
}

/// SPEC 6 / 8.8: the Airship Critical Hit Table is data; an owner's override
/// (`tables/fgdn-1.1/airship_critical.toml` in `--tables DIR`) changes what a roll does.
/// Here gondola 10 (Weapons in the book) is made a starred Gas Cell by the override.
#[test]
fn airship_table_override_changes_a_roll_8_8() {
    use umpire::rulesets::fgdn::tables::{Tables, BUILTIN};
    let text = BUILTIN
        .iter()
        .find(|(n, _)| *n == "airship_critical.toml")
        .unwrap()
        .1
        .replace(
            r#"{ roll = "10", result = "weapons" }"#,
            r#"{ roll = "10", result = "gas_cell", fire = true }"#,
        );
    let tables = Tables::load(&[("house/airship_critical.toml".into(), text)]).unwrap();
    let mut g = g();
    g.tables = tables;
    cmds(&mut g, "dice 10 1\nairship sr1 gondola");
    let v = view(&g, "sr1");
    assert_eq!(v.weapons_hits, 0);
    assert_eq!(v.cells_lost, 1);
    assert!(last_log(&g).contains("fire ignored: the envelope is filled with helium"));
}
