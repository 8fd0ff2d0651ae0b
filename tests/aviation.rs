//! FG&DN 1.1 aviation rules: the automatic flight-deck criticals of 8.1.2 (bombs of 100 lb /
//! 50 kg or more; 120 mm+ shell fire at Long or Extreme range, 30 % / 60 % per turn) and the
//! hit kinds of 8.1.6 (skip bombs strike the belt, bombs and rockets the deck, strafing must
//! penetrate the deck). Given / when / then, every die queued.
#[macro_use]
mod rules_common;
use rules_common::*;
use umpire::rulesets::fgdn::kinds::CriticalKind;

/// Every figure is an ESTIMATE for the test, not Annex A data.
const SHIPS: &str = r#"
[[ship]]
id = "furious"
name = "HMS Furious"
side = "British"
type = "aviation"
size = "B"
dp = 200
speed = 31
in_service = 1917
armor = { belt = 4, deck = 2 }

[[ship]]
id = "tiger"
name = "HMS Tiger"
side = "British"
size = "A"
dp = 501
speed = 28
in_service = 1914
armor = { belt = 18, deck = 6 }
"#;

fn fire_phase() -> umpire::rulesets::fgdn::Game {
    let mut g = game("1200", "", SHIPS);
    cmd(&mut g, "until 1200 planned_fire");
    g
}

fn flight_deck_crits(g: &umpire::rulesets::fgdn::Game) -> Vec<String> {
    ship(g, "furious")
        .criticals
        .iter()
        .filter(|c| c.kind == CriticalKind::FlightDeck)
        .map(|c| c.cause.clone())
        .collect()
}

/// 8.1.2: "Each bomb of 100 lb/50 kg or larger that hits a carrier automatically inflicts a
/// flight deck critical hit (penetration allowing) in addition to any other criticals": D6 3
/// amidships; then the count D6 1 (ratio 20/180 = .11: none).
#[test]
fn heavy_bomb_on_a_carrier_hits_the_flight_deck_8_1_2() {
    let mut g = fire_phase();
    cmds(&mut g, "hit furious 20 weapon bomb lb 230\ndice 3 1\nnext");
    assert_eq!(
        flight_deck_crits(&g),
        vec!["automatic: a 230 lb bomb on a carrier (8.1.2)"]
    );
    assert_eq!(sview(&g, "furious").flight_deck, vec!["amidships"]);
    assert!(g.state.dice_queue.is_empty());
}

/// 8.1.2: 50 kg counts as 100 lb; each bomb gets its own critical, and a skip bomb is a bomb.
#[test]
fn each_heavy_bomb_counts_kg_too_8_1_2() {
    let mut g = fire_phase();
    cmds(
        &mut g,
        "hit furious 10 weapon bomb kg 50\nhit furious 10 weapon skip_bomb lb 500\ndice 1 6 1\nnext",
    );
    assert_eq!(flight_deck_crits(&g).len(), 2);
    assert_eq!(
        sview(&g, "furious").flight_deck,
        vec![
            "forward: launching aircraft restricted",
            "aft: aircraft cannot land"
        ]
    );
}

/// 8.1.2: a bomb under 100 lb / 50 kg, or one whose weight is not given, has no automatic
/// critical; nor has a heavy bomb on a ship that is no carrier.
#[test]
fn light_or_unweighed_bombs_and_other_ships_8_1_2() {
    let mut g = fire_phase();
    cmds(
        &mut g,
        "hit furious 10 weapon bomb lb 65\nhit furious 10 weapon bomb kg 49\nhit tiger 10 weapon bomb lb 1000\ndice 1 1\nnext",
    );
    assert!(flight_deck_crits(&g).is_empty());
    assert!(ship(&g, "tiger").criticals.is_empty());
    assert!(g.state.dice_queue.is_empty());
    let mut g = fire_phase();
    cmds(&mut g, "hit furious 20 weapon bomb\ndice 1\nnext");
    assert!(flight_deck_crits(&g).is_empty());
}

/// 8.1.2 "penetration allowing": a bomb that does not penetrate the deck does half damage and
/// its flight-deck critical is logged as ignored.
#[test]
fn heavy_bomb_that_does_not_penetrate_8_1_2() {
    let mut g = fire_phase();
    cmds(
        &mut g,
        "hit furious 20 pen 1 weapon bomb lb 230\ndice 1\nnext",
    );
    assert!(flight_deck_crits(&g).is_empty());
    assert_eq!(ship(&g, "furious").damage, 10);
    assert!(last_log(&g).contains("it did not penetrate (8.1.2, penetration allowing)"));
}

/// 8.1.2: "Each turn of 120mm or larger shell fire from Long or Extreme range that hits a
/// carrier may inflict a flight deck critical hit ... 30% from Long range": D100 30 strikes,
/// D6 5 aft. A second batch in the same turn rolls no more (one chance per turn); the next
/// turn has its own.
#[test]
fn long_range_shell_fire_30_pct_once_per_turn_8_1_2() {
    let mut g = fire_phase();
    cmds(
        &mut g,
        "hit furious 20 range long caliber 305\ndice 30 5 1\nnext",
    );
    assert_eq!(flight_deck_crits(&g).len(), 1);
    assert!(flight_deck_crits(&g)[0].contains("D100 30 <= 30"));
    // Reaction fire, same turn: only the count D6.
    cmds(
        &mut g,
        "next\nhit furious 20 range long caliber 305\ndice 1\nnext",
    );
    assert_eq!(flight_deck_crits(&g).len(), 1);
    assert!(g.state.dice_queue.is_empty());
    // The next turn: a new chance (D100 31 misses).
    cmds(
        &mut g,
        "until 1203 planned_fire\nhit furious 20 range long caliber 305\ndice 31 1\nnext",
    );
    assert_eq!(flight_deck_crits(&g).len(), 1);
    assert!(last_log(&g).contains("D100 31 > 30"));
    assert!(g.state.dice_queue.is_empty());
}

/// 8.1.2: 60 % from Extreme range (the best band of the batch's penetrating hits).
#[test]
fn extreme_range_shell_fire_60_pct_8_1_2() {
    let mut g = fire_phase();
    cmds(
        &mut g,
        "hit furious 10 range long caliber 150\nhit furious 10 range extreme caliber 120\ndice 60 2 1\nnext",
    );
    assert_eq!(flight_deck_crits(&g).len(), 1);
    let mut g = fire_phase();
    cmds(
        &mut g,
        "hit furious 10 range extreme caliber 120\ndice 61 1\nnext",
    );
    assert!(flight_deck_crits(&g).is_empty());
    assert!(last_log(&g).contains("D100 61 > 60"));
}

/// 8.1.2: shells under 120 mm, at short or medium range, or without a calibre or range roll
/// no flight-deck chance; shells that do not penetrate do not use the turn's chance.
#[test]
fn no_chance_for_small_near_or_unpenetrating_shells_8_1_2() {
    let mut g = fire_phase();
    cmds(
        &mut g,
        "hit furious 10 range long caliber 102\nhit furious 10 range medium caliber 305\nhit furious 10 range long\ndice 1\nnext",
    );
    assert!(flight_deck_crits(&g).is_empty());
    assert!(g.state.dice_queue.is_empty());
    let mut g = fire_phase();
    // pen 1 at long range: D100 1 strikes the belt (4): no penetration, no chance.
    cmds(
        &mut g,
        "dice 1\nhit furious 20 pen 1 range long caliber 305\ndice 1\nnext",
    );
    assert!(flight_deck_crits(&g).is_empty());
    assert!(last_log(&g).contains("no hit penetrated, no flight-deck chance"));
    // Reaction fire: a penetrating hit still has the turn's chance.
    cmds(
        &mut g,
        "next\nhit furious 20 range long caliber 305\ndice 1 1 1\nnext",
    );
    assert_eq!(flight_deck_crits(&g).len(), 1);
}

/// 8.1.6: "Bombs and rockets always strike the deck armor, except skip bombs, which strike the
/// belt" — at any range, with no belt/deck roll. Tiger 18/6: pen 10 gets through the deck, not
/// the belt.
#[test]
fn skip_bombs_strike_the_belt_bombs_and_rockets_the_deck_8_1_6() {
    let mut g = fire_phase();
    cmd(&mut g, "hit tiger 20 pen 10 weapon skip_bomb range long");
    cmd(&mut g, "hit tiger 20 pen 10 weapon bomb range extreme");
    cmd(&mut g, "hit tiger 20 pen 10 weapon rocket range long");
    assert_eq!(g.state.dice_rolled, 0, "no belt/deck roll");
    let p = &ship(&g, "tiger").pending;
    assert_eq!(
        p.iter().map(|h| h.damage).collect::<Vec<_>>(),
        vec![10, 20, 20]
    );
    assert!(p[0].explain.contains("vs belt 18: does not penetrate"));
    assert!(p[2].explain.contains("vs deck 6: penetrates"));
}

/// 8.1.6: "Strafing attacks must penetrate the ships deck armor": compared with the deck, half
/// damage when they do not; a strafing gun of 65 mm or less is a light weapon (8.1.3).
#[test]
fn strafing_must_penetrate_the_deck_8_1_6() {
    let mut g = fire_phase();
    cmd(&mut g, "hit tiger 6 pen 2 weapon strafing caliber 7.7");
    cmd(&mut g, "hit furious 6 pen 3 weapon strafing caliber 7.7");
    assert!(ship(&g, "tiger").pending[0]
        .explain
        .contains("strafing of 6 DP, pen 2 vs deck 6: does not penetrate: half = 3"));
    assert_eq!(ship(&g, "furious").pending[0].damage, 6);
}

/// A weight is for bombs; the new weapons round-trip through the command language.
#[test]
fn weights_only_on_bombs() {
    let mut g = fire_phase();
    let e = refused(&mut g, "hit furious 20 caliber 305 lb 100");
    assert!(
        e.contains("use it with weapon bomb or weapon skip_bomb"),
        "{e}"
    );
    let e = refused(&mut g, "hit furious 20 weapon rocket kg 60");
    assert!(e.contains("weapon bomb"), "{e}");
    let e = "hit furious 20 weapon bomb lb 100 kg 50"
        .parse::<umpire::rulesets::fgdn::command::Command>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("given twice"), "{e}");
}

/// 8.1.6, the reading an umpire may choose (`strafing_must_penetrate = true`): strafing that
/// does not penetrate the deck does no damage at all.
#[test]
fn strafing_must_penetrate_option_8_1_6() {
    let mut g = game("1200", "strafing_must_penetrate = true", SHIPS);
    cmds(
        &mut g,
        "until 1200 planned_fire\nhit tiger 6 pen 2 weapon strafing caliber 7.7",
    );
    let h = &ship(&g, "tiger").pending[0];
    assert_eq!(h.damage, 0);
    assert!(h
        .explain
        .contains("strafing must penetrate the deck, no damage (8.1.6)"));
    cmd(&mut g, "hit tiger 6 pen 7 weapon strafing caliber 7.7");
    assert_eq!(ship(&g, "tiger").pending[1].damage, 6);
}

/// Every figure is an ESTIMATE for the test (aircraft, ordnance), not Annex A or H1 data.
const CARRIER: &str = r#"
[[ship]]
id = "campania"
name = "HMS Campania"
side = "British"
type = "aviation"
size = "B"
dp = 1000
speed = 20
in_service = 1915
aircraft = { hangar = 1, forward = 3, aft = 0, armed_forward = true, ordnance_dp = 9 }
"#;

fn lost(g: &umpire::rulesets::fgdn::Game) -> (u32, u32) {
    let a = sview(g, "campania").aircraft.unwrap();
    (a.forward, a.lost)
}

/// 8.3 Armed or Fueled Aircraft (optional): an aircraft armed for launch burns at D6+2 (D100
/// 50 of four bands: one parked forward; D6 4 -> 6 %) and, six or more, its ordnance explodes:
/// 2/3 of its 9 DP = 6 DP on the (unarmored) ship.
#[test]
fn armed_fueled_aircraft_explodes_8_3() {
    let mut g = game("1200", "armed_fueled_aircraft = true", CARRIER);
    cmds(&mut g, "dice 50 4\ncrit campania aircraft");
    let s = ship(&g, "campania");
    assert_eq!(s.damage, 6);
    assert_eq!(pcts(s, true), vec![6]);
    assert!(last_log(&g).contains("EXPLODES"));
    assert!(last_log(&g).contains("2/3 of 9 = 6"));
    // D6 3: 5 % fire, no explosion; the hangar aircraft is not armed: D6-2.
    let mut g = game("1200", "armed_fueled_aircraft = true", CARRIER);
    cmds(&mut g, "dice 50 3\ncrit campania aircraft");
    assert_eq!(ship(&g, "campania").damage, 0);
    assert_eq!(pcts(ship(&g, "campania"), true), vec![5]);
    cmds(&mut g, "dice 1 6\ncrit campania aircraft");
    assert_eq!(pcts(ship(&g, "campania"), true), vec![5, 4]);
    // Without the option the same aircraft burns at D6-2 and never explodes.
    let mut g = game("1200", "", CARRIER);
    cmds(&mut g, "dice 50 6\ncrit campania aircraft");
    assert_eq!(ship(&g, "campania").damage, 0);
    assert_eq!(pcts(ship(&g, "campania"), true), vec![4]);
}

/// 8.3 Closely Parked Aircraft (optional): a burning aircraft spreads its fire to each of up
/// to four parked beside it on D100 <= 25 (two left forward: 25 hit, 26 missed; the one hit
/// burns D6 1 - 2: none, so nothing spreads further).
#[test]
fn closely_parked_fire_spreads_8_3() {
    let mut g = game("1200", "closely_parked_aircraft = true", CARRIER);
    cmds(&mut g, "dice 50 4 25 26 1\ncrit campania aircraft");
    assert_eq!(lost(&g), (1, 2));
    assert!(g.state.dice_queue.is_empty());
}

/// 8.3: an aircraft whose ordnance explodes hits each of up to four beside it on D100 <= 50
/// (50 hit, 51 missed); the one hit (armed: D6 1 + 2 = 3 %) burns, and its fire misses the
/// last one (D100 30 > 25).
#[test]
fn closely_parked_explosion_8_3() {
    let opts = "armed_fueled_aircraft = true\nclosely_parked_aircraft = true";
    let mut g = game("1200", opts, CARRIER);
    cmds(&mut g, "dice 50 4 50 51 1 30\ncrit campania aircraft");
    assert_eq!(lost(&g), (1, 2));
    assert!(g.state.dice_queue.is_empty());
    assert_eq!(pcts(ship(&g, "campania"), true), vec![6, 3]);
}

/// 8.4 Bridge: degraded operations, "two Tactical Turns are needed to change course and the
/// aircraft land/launch rate is halved" — on a carrier the detail says both.
#[test]
fn bridge_degraded_operations_on_a_carrier_8_4() {
    let mut g = game("1200", "", CARRIER);
    cmds(&mut g, "crit campania bridge\nend-battle");
    assert_eq!(
        sview(&g, "campania").bridge.as_deref(),
        Some("two-turn course and speed changes; aircraft launch and landing rate halved (8.4)")
    );
}

/// 8.4 Aircraft with the optional 8.7 (`aircraft_damage_resolution`): "Destroyed planes have a
/// 50% chance of being only damaged and repairable ... (unless the plane's fuel or ordnance
/// exploded)"; 8.5: "Damaged aircraft also use the Breakdown Repair Table" (second rank, 6 h:
/// 15 %). D100 1 of four bands: the hangar aircraft (fire D6 1: none); D100 50 at the end:
/// only damaged; D100 15 at 6 h: repaired, back in the hangar.
#[test]
fn destroyed_aircraft_half_only_damaged_8_4() {
    let mut g = game("1200", "aircraft_damage_resolution = true", CARRIER);
    cmds(
        &mut g,
        "dice 1 1\ncrit campania aircraft\ndice 50\nend-battle",
    );
    let v = sview(&g, "campania");
    assert_eq!(v.repairs.len(), 1);
    assert!(v.repairs[0]
        .what
        .contains("aircraft (hangar), only damaged"));
    assert!(v.repairs[0].breakdown);
    cmds(&mut g, "dice 15\nnext");
    let a = sview(&g, "campania").aircraft.unwrap();
    assert_eq!((a.hangar, a.lost), (1, 0));
    // D100 51: destroyed, nothing to repair.
    let mut g = game("1200", "aircraft_damage_resolution = true", CARRIER);
    cmds(
        &mut g,
        "dice 1 1\ncrit campania aircraft\ndice 51\nend-battle",
    );
    assert!(sview(&g, "campania").repairs.is_empty());
    // Without the option no roll is made (the 8.4 reading of the earlier versions).
    let mut g = game("1200", "", CARRIER);
    cmds(&mut g, "dice 1 1\ncrit campania aircraft\nend-battle");
    assert!(sview(&g, "campania").repairs.is_empty());
    assert!(g.state.dice_queue.is_empty());
}

/// 8.4: an aircraft whose ordnance exploded (8.3 optional) is never only damaged: no roll.
#[test]
fn exploded_aircraft_not_damaged_only_8_4() {
    let opts = "aircraft_damage_resolution = true\narmed_fueled_aircraft = true";
    let mut g = game("1200", opts, CARRIER);
    cmds(&mut g, "dice 50 4\ncrit campania aircraft\nend-battle");
    assert!(sview(&g, "campania").repairs.is_empty());
    assert!(g.state.dice_queue.is_empty());
}

/// 8.5: "At a forward base, systems could be repaired alongside a tender (+20% to the roll). At
/// a more established port, or shipyard, add 30% to the Repair Roll." Tiger's rudder at 6 h:
/// Repair Roll 100 % halved = 50 %, +20 % alongside a tender = 70 %: D100 70 repairs it.
#[test]
fn tender_and_port_bonus_8_5() {
    let mut g = game("1200", "", SHIPS);
    let e = refused(&mut g, "base tiger tender");
    assert!(e.contains("end-battle"), "{e}");
    cmds(&mut g, "crit tiger rudder\nend-battle\nbase tiger tender");
    let due = sview(&g, "tiger").timers;
    assert!(due[0].what.contains("D100 <= 70"), "{}", due[0].what);
    assert!(due[0].what.contains("+20 % tender (8.5)"));
    cmds(&mut g, "base tiger port");
    assert!(sview(&g, "tiger").timers[0].what.contains("D100 <= 80"));
    cmds(&mut g, "base tiger sea");
    assert!(sview(&g, "tiger").timers[0].what.contains("D100 <= 50"));
    let e = refused(&mut g, "base tiger sea");
    assert!(e.contains("already"), "{e}");
    cmds(&mut g, "base tiger tender\ndice 70\nnext");
    assert!(sview(&g, "tiger").rudder.is_none());
}
