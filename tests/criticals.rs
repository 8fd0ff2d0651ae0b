//! FG&DN 1.1 8.3 "Effects of Other Critical Hits" for surface ships: one test per kind and per
//! sub-roll outcome, given / when / then, with every die queued. `crit SHIP KIND` rolls the
//! critical's own dice at once (SPEC 4).
#[macro_use]
mod rules_common;
use rules_common::*;
use umpire::rulesets::fgdn::effects::RudderState;
use umpire::rulesets::fgdn::state::ShipStatus;

/// Every figure is an ESTIMATE for the test (mounts, directors, HE damage), not Annex A data.
const TIGER: &str = concat!(
    r#"
[[ship]]
id = "tiger"
name = "HMS Tiger"
side = "British"
size = "A"
dp = 501
speed = 28
in_service = 1914
nation = "Great Britain"
directors = { main = 2, casemate = 1 }
searchlights = { forward = 2, aft = 2 }
wireless = { main = true, auxiliary = false }
mounts = [
  { battery = "main", name = "A turret", caliber = 343, side = "centre", he_short = 34 },
  { battery = "main", name = "B turret", caliber = 343, side = "centre", he_short = 34 },
  { battery = "casemate", name = "P1", caliber = 152, side = "port", he_short = 8 },
  { battery = "casemate", name = "P2", caliber = 152, side = "port", he_short = 8 },
  { battery = "casemate", name = "S1", caliber = 152, side = "starboard", he_short = 8 },
  { battery = "light", name = "light battery" },
  { battery = "aa", name = "AA battery" },
  { battery = "torpedo", name = "submerged tubes", loads = 2, warhead = 20, submerged = true },
]
"#,
    cmb4!()
);

fn crit_detail(g: &umpire::rulesets::fgdn::Game) -> String {
    last_critical(g, "tiger")
}

fn mount(g: &umpire::rulesets::fgdn::Game, name: &str) -> String {
    sview(g, "tiger")
        .mounts
        .iter()
        .find(|m| m.name == name)
        .map(|m| m.status.clone())
        .unwrap()
}

/// 8.3 Main Battery, D10 1-2: fire control: one of the two main directors is lost.
#[test]
fn main_battery_fire_control_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 2\ncrit tiger main_battery");
    assert_eq!(
        sview(&g, "tiger").fire_control,
        vec!["main: 1 director(s) lost"]
    );
    assert!(crit_detail(&g).contains("one main director lost (1 of 2 left)"));
    // the second leaves the main battery in local control
    cmds(&mut g, "dice 1\ncrit tiger main_battery");
    assert_eq!(mount(&g, "A turret"), "local control");
}

/// 8.3 Main Battery, D10 3-10: a random mount out (D100 in two bands), magazine D10 1-8 holds.
#[test]
fn main_battery_mount_out_magazine_holds_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 5 51 8\ncrit tiger main_battery");
    assert_eq!(mount(&g, "B turret"), "out");
    assert_eq!(mount(&g, "A turret"), "ok");
    assert!(
        crit_detail(&g).contains("magazine D10 8: no detonation"),
        "{}",
        crit_detail(&g)
    );
    // all mounts are counted: the same turret again does nothing more (no magazine roll)
    cmds(&mut g, "dice 3 99\ncrit tiger main_battery");
    assert!(crit_detail(&g).contains("already out of action"));
    assert!(g.state.dice_queue.is_empty());
}

/// 8.3 Main Battery: magazine D10 9-10 detonates: the ship is lost; nearby damage reported.
#[test]
fn main_battery_magazine_detonation_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 3 1 9\ncrit tiger main_battery");
    assert!(sunk_cause(&g, "tiger").contains("ships within 300 yards take 34 DP"));
}

/// 8.3 Main Battery (optional): British magazine modifier +2 to mid-1916 turns a 7 into a 9.
#[test]
fn main_battery_magazine_modifier_optional_8_3() {
    let with_date = |opts: &str| {
        let mut g = game("1200", opts, TIGER);
        g.state.rules.year = Some(1916);
        g.state.rules.month = Some(5);
        cmds(&mut g, "dice 3 1 7\ncrit tiger main_battery");
        ship(&g, "tiger").status
    };
    assert_eq!(with_date("magazine_modifiers = true"), ShipStatus::Sunk);
    assert_eq!(with_date(""), ShipStatus::Afloat);
}

/// 8.3 Main Battery detonation, 8.1.8: a ship lost at once keeps her full DP, yet none of her
/// mounts reads "ok" (nor "out (massive damage)" when she went down by damage): they are lost
/// with her.
#[test]
fn sunk_ships_mounts_are_lost_with_her_8_1_8() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 3 1 9\ncrit tiger main_battery");
    assert_eq!(ship(&g, "tiger").status, ShipStatus::Sunk);
    let v = sview(&g, "tiger");
    assert_eq!(v.mounts.len(), 8);
    for m in &v.mounts {
        assert_eq!(m.status, "lost with the ship", "{}", m.name);
    }
}

/// 8.2/8.3: flooded magazines cannot detonate.
#[test]
fn flooded_magazines_do_not_detonate_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(
        &mut g,
        "magazines tiger\ndice 3 1 10\ncrit tiger main_battery",
    );
    assert!(ship(&g, "tiger").is_afloat());
    assert!(crit_detail(&g).contains("magazines flooded"));
    assert_eq!(mount(&g, "B turret"), "no ammunition (magazines flooded)");
}

/// 8.3 Casemate, D10 1-2: the casemate director (the only one): local control.
#[test]
fn casemate_fire_control_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 1\ncrit tiger casemate");
    assert_eq!(mount(&g, "S1"), "local control");
}

/// 8.3 Casemate, D10 3-10: a gun out; ready ammunition D10 1-8: no explosion.
#[test]
fn casemate_gun_out_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 4 99 8\ncrit tiger casemate");
    assert_eq!(mount(&g, "S1"), "out");
    assert_eq!(ship(&g, "tiger").damage, 0);
}

/// 8.3 Casemate: ready ammunition 9-10 explodes (2 x Short HE = 16 DP); chain reaction 2D6 7: one
/// adjacent gun (same side), which explodes too (D10 9); 2D6 2: none. 32 DP, count D6 1 (none).
#[test]
fn casemate_ready_ammunition_chain_reaction_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 3 1 9 3 4 9 1 1 1\ncrit tiger casemate");
    assert_eq!(mount(&g, "P1"), "out");
    assert_eq!(mount(&g, "P2"), "out");
    assert_eq!(mount(&g, "S1"), "ok");
    assert_eq!(ship(&g, "tiger").damage, 32);
    assert!(g.state.dice_queue.is_empty());
}

/// 8.3 Casemate (optional picric, Great Britain +1): an 8 explodes.
#[test]
fn casemate_picric_optional_8_3() {
    let mut g = game("1200", "casemate_picric = true", TIGER);
    cmds(&mut g, "dice 3 99 8 1 1 1\ncrit tiger casemate");
    assert_eq!(ship(&g, "tiger").damage, 16);
}

/// 8.3 Other Weapon: a random non-main, non-casemate mount; the AA battery loses a third.
#[test]
fn other_weapon_aa_loses_a_third_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 50\ncrit tiger other_weapon");
    let v = sview(&g, "tiger");
    let aa = v.mounts.iter().find(|m| m.name == "AA battery").unwrap();
    assert_eq!((aa.thirds_lost, aa.status.as_str()), (1, "ok"));
    cmds(
        &mut g,
        "dice 50\ncrit tiger other_weapon\ndice 50\ncrit tiger other_weapon",
    );
    assert_eq!(mount(&g, "AA battery"), "out");
}

/// 8.3 Torpedo mount: D10 9-10 its loaded weapons explode: half of 2 x 20 = 20 DP; a submerged
/// tube floods (automatic flooding critical, D6 1 + 2 = 3 %); 20 DP count D6 1 (none).
#[test]
fn torpedo_mount_explosion_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 10 1 1\ncrit tiger torpedo_mount");
    assert_eq!(ship(&g, "tiger").damage, 20);
    assert_eq!(sview(&g, "tiger").flood_pct, 3);
    assert_eq!(mount(&g, "submerged tubes"), "out");
}

/// 8.3 Torpedo mount: D10 1-8: out, weapons lost, no explosion.
#[test]
fn torpedo_mount_no_explosion_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 8\ncrit tiger torpedo_mount");
    assert_eq!(ship(&g, "tiger").damage, 0);
    assert_eq!(mount(&g, "submerged tubes"), "out");
}

/// 8.3 Weapon: a random mount of all (8 bands): D100 70 -> the 6th (light battery), a third.
#[test]
fn weapon_picks_among_all_mounts_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 70\ncrit tiger weapon");
    let v = sview(&g, "tiger");
    assert_eq!(v.mounts[5].thirds_lost, 1);
}

/// 8.3 Fire Control: a random battery with directors (main, casemate): D100 80 -> casemate, its
/// only director: local control.
#[test]
fn fire_control_random_battery_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 80\ncrit tiger fire_control");
    assert_eq!(mount(&g, "P1"), "local control");
    assert_eq!(mount(&g, "A turret"), "ok");
}

/// 8.3 Sensors: D10 5-8 an after searchlight platform.
#[test]
fn sensor_after_searchlight_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 5\ncrit tiger sensor");
    assert_eq!(sview(&g, "tiger").sensors_out, vec!["after_searchlight"]);
}

/// 8.3 Communications: D10 9 main W/T destroyed; D10 10 auxiliary W/T not fitted: no effect.
#[test]
fn communications_wireless_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(
        &mut g,
        "dice 9\ncrit tiger communications\ndice 10\ncrit tiger communications",
    );
    assert_eq!(sview(&g, "tiger").comms_out, vec!["main_wireless"]);
    assert!(crit_detail(&g).contains("no effect"));
}

/// 8.3 Bridge: D6 5 -> 3 turns to re-man (round up); bridge fire D6 6 +2 -2 = 6 %; re-manned at
/// the end of 1206 resolution, then two-turn course changes.
#[test]
fn bridge_remanning_and_fire_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 5 6\ncrit tiger bridge");
    let v = sview(&g, "tiger");
    assert_eq!(v.fire_pct, 6);
    assert_eq!(
        v.bridge.as_deref(),
        Some("out until the end of 1206 resolution")
    );
    assert!(v
        .timers
        .iter()
        .any(|t| t.what.starts_with("bridge re-manned") && t.due == "1206"));
    cmds(&mut g, "until 1206 resolution");
    assert!(ship(&g, "tiger").equipment.bridge_out_until.is_some());
    cmd(&mut g, "next");
    assert_eq!(
        sview(&g, "tiger").bridge.as_deref(),
        Some("two-turn course and speed changes")
    );
}

/// 8.3 Bridge on small craft: one turn, no D6.
#[test]
fn bridge_small_craft_one_turn_8_3() {
    let mut g = game("1200", "", TIGER);
    // only the fire's severity die (1916: D6+2): 1 + 2 - 2 = 1 %
    cmds(&mut g, "dice 1\ncrit mtb bridge");
    assert_eq!(
        sview(&g, "mtb").bridge.as_deref(),
        Some("out until the end of 1200 resolution")
    );
}

/// 8.3 Rudder, D6 1-3 jammed: the direction D6 (5: starboard, if she was steering evasively),
/// first attempt after D6 (2) turns at 20 % (D10 1-2), then 40 %, 60 %; three failures leave it
/// stuck for the battle.
#[test]
fn rudder_jammed_unjam_attempts_then_stuck_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 2 5 2\ncrit tiger rudder");
    let v = sview(&g, "tiger");
    assert_eq!(v.rudder, Some(RudderState::Jammed));
    assert_eq!(v.rudder_jam_if_evasive, Some("starboard"));
    assert!(crit_detail(&g).contains("if she was steering evasively, D6 5: starboard"));
    assert!(v.timers.iter().any(|t| t.what
        == "rudder unjam attempt 1 of 3: D10 frees on 1-2 (20 %)"
        && t.due == "1206"
        && t.phase.to_string() == "plotting"));
    cmds(&mut g, "dice 3\nuntil 1206 movement");
    assert_eq!(ship(&g, "tiger").equipment.rudder_attempts, 1);
    cmds(
        &mut g,
        "dice 5\nuntil 1209 movement\ndice 7\nuntil 1212 movement",
    );
    let v = sview(&g, "tiger");
    assert_eq!(v.rudder, Some(RudderState::Stuck));
    assert_eq!(v.rudder_jam_if_evasive, Some("starboard"));
    assert!(!v.timers.iter().any(|t| t.what.contains("rudder")));
}

/// 8.3 Rudder, jam direction for an evasively steering ship: D6 1-2 port, 3-4 straight (the die
/// is logged with its purpose).
#[test]
fn rudder_jam_direction_die_8_3() {
    for (face, dir) in [
        (1, "port"),
        (2, "port"),
        (3, "straight"),
        (4, "straight"),
        (6, "starboard"),
    ] {
        let mut g = game("1200", "", TIGER);
        cmds(&mut g, &format!("dice 3 {face} 1\ncrit tiger rudder"));
        assert_eq!(
            sview(&g, "tiger").rudder_jam_if_evasive,
            Some(dir),
            "D6 {face}"
        );
        assert!(last_log(&g).contains("direction if steering evasively"));
    }
}

/// 8.3 Rudder: an unjam roll within the chance frees it.
#[test]
fn rudder_freed_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(
        &mut g,
        "dice 1 3 1\ncrit tiger rudder\ndice 5\nuntil 1203 movement\ndice 4\nuntil 1206 movement",
    );
    assert_eq!(sview(&g, "tiger").rudder, Some(RudderState::Freed));
}

/// 8.3 Rudder, D6 4-6 disabled: maximum speed 1/3 of undamaged (28 -> 9 kt).
#[test]
fn rudder_disabled_speed_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 6\ncrit tiger rudder");
    let v = sview(&g, "tiger");
    assert_eq!(v.rudder, Some(RudderState::Disabled));
    assert_eq!(v.speed_max, 9);
}

/// 8.3 Personnel: crew factors lost; the 3rd adds 2 to fire severity, the 4th 2 to the fire DC.
#[test]
fn personnel_losses_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(
        &mut g,
        "crit tiger personnel\ncrit tiger personnel\ncrit tiger personnel",
    );
    assert_eq!(sview(&g, "tiger").crew_factors_lost, 3);
    assert!(crit_detail(&g).contains("fire severity +2"));
    // a fire now: D6 1 +2 (1914) +2 (crew) = 5 %
    cmds(&mut g, "dice 1\ncrit tiger fire");
    assert_eq!(sview(&g, "tiger").fire_pct, 5);
    cmd(&mut g, "crit tiger personnel");
    assert!(sview(&g, "tiger")
        .timers
        .iter()
        .any(|t| t.what.contains("+2 4 crew factors lost")));
}

/// 8.3 Fuel Tank: 30 % chance of a fire (oil), severity D6+2.
#[test]
fn fuel_tank_fire_or_not_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 31\ncrit tiger fuel_tank");
    assert_eq!(sview(&g, "tiger").fire_pct, 0);
    cmds(&mut g, "dice 30 3\ncrit tiger fuel_tank");
    assert_eq!(sview(&g, "tiger").fire_pct, 5);
}

/// 8.3 Flotation: a small craft loses a speed level per hit; size G sinks at the 4th.
#[test]
fn flotation_small_craft_8_3() {
    let mut g = game("1200", "", TIGER);
    cmd(&mut g, "crit mtb flotation");
    let v = sview(&g, "mtb");
    assert_eq!((v.flotation_hits, v.speed_max), (1, 30));
    cmds(
        &mut g,
        "crit mtb flotation\ncrit mtb flotation\ncrit mtb flotation",
    );
    assert_eq!(ship(&g, "mtb").status, ShipStatus::Sunk);
}

/// 8.2: crews from a battery the ship does not have are refused; the sent battery falls silent.
#[test]
fn crews_silence_their_battery_8_2() {
    let mut g = game("1200", "", TIGER);
    cmd(&mut g, "crew tiger casemate");
    assert_eq!(mount(&g, "P1"), "crews at damage control");
    assert_eq!(mount(&g, "A turret"), "ok");
}

/// Every figure is an ESTIMATE for the test (aircraft, holds, tonnages), not Annex A data.
const AVIATION: &str = r#"
[[ship]]
id = "campania"
name = "HMS Campania"
side = "British"
type = "aviation"
size = "B"
dp = 200
speed = 20
in_service = 1915
aircraft = { hangar = 3, forward = 2, aft = 0 }

[[ship]]
id = "collier"
name = "SS Collier"
side = "British"
type = "merchant"
size = "C"
dp = 100
speed = 10
in_service = 1910
cargo = [
  { hold = "No. 1 hold", contents = "ammo", amount = 400 },
  { hold = "No. 2 hold", contents = "ammo", amount = 100 },
  { hold = "tanks", contents = "petroleum", product = "avgas", amount = 300 },
  { hold = "troop deck", contents = "troops", amount = 500 },
  { hold = "No. 3 hold", contents = "general_supplies", amount = 50 },
  { hold = "No. 4 hold", contents = "vehicles", amount = 10 },
  { hold = "No. 5 hold", contents = "aircraft", amount = 12 },
]
mounts = [
  { battery = "main", name = "4-inch gun", caliber = 102 },
  { battery = "aa", name = "AA gun" },
  { battery = "light", name = "machine guns" },
  { battery = "tertiary", name = "6-pounder" },
]

[[ship]]
id = "lighter"
name = "Lighter 7"
side = "British"
type = "small_cargo"
size = "F"
dp = 4
speed = 8
in_service = 1912
cargo = [{ hold = "well", contents = "general_supplies", amount = 10 }]

[[ship]]
id = "tiger"
name = "HMS Tiger"
side = "British"
size = "A"
dp = 501
speed = 28
in_service = 1914
"#;

fn av(g: &umpire::rulesets::fgdn::Game, id: &str) -> umpire::rulesets::fgdn::status::AircraftView {
    sview(g, id).aircraft.unwrap()
}

fn hold_left(g: &umpire::rulesets::fgdn::Game, id: &str, hold: &str) -> u32 {
    sview(g, id)
        .cargo
        .iter()
        .find(|h| h.hold == hold)
        .map(|h| h.left)
        .unwrap()
}

/// 8.3 Aircraft: one aircraft aboard destroyed, picked at random among those aboard (D100 in
/// five bands: 80 -> the 4th, parked forward); its fire D6-2: 5 -> 3 %.
#[test]
fn aircraft_destroyed_and_fire_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 80 5\ncrit campania aircraft");
    let a = av(&g, "campania");
    assert_eq!((a.hangar, a.forward, a.lost), (3, 1, 1));
    assert_eq!(sview(&g, "campania").fire_pct, 3);
    assert!(ship(&g, "campania").criticals.iter().any(|c| c
        .detail
        .contains("an aircraft destroyed (flight deck forward); 4 left aboard")));
    assert!(ship(&g, "campania").fires[0].aircraft);
}

/// 8.3 Aircraft: D6-2 below 1 means no fire.
#[test]
fn aircraft_fire_below_one_none_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 10 2\ncrit campania aircraft");
    assert_eq!(av(&g, "campania").hangar, 2);
    assert_eq!(sview(&g, "campania").fire_pct, 0);
    assert!(
        last_log(&g).contains("below 1 %, no fire"),
        "{}",
        last_log(&g)
    );
}

/// 8.3 Aircraft: none left aboard: the critical is ignored (no dice); a ship that gives no
/// aircraft: described for the umpire, the fire still rolled.
#[test]
fn aircraft_none_aboard_ignored_8_3() {
    let mut g = game("1200", "", AVIATION);
    for _ in 0..5 {
        cmd(&mut g, "crit campania aircraft");
    }
    assert_eq!(av(&g, "campania").lost, 5);
    let rolled = g.state.dice_rolled;
    cmd(&mut g, "crit campania aircraft");
    assert!(last_log(&g).contains("no aircraft left aboard"));
    assert_eq!(g.state.dice_rolled, rolled);
    cmds(&mut g, "dice 6\ncrit tiger aircraft");
    assert!(ship(&g, "tiger")
        .criticals
        .iter()
        .any(|c| c.detail.contains("aircraft not in the scenario")));
    assert_eq!(sview(&g, "tiger").fire_pct, 4);
}

/// 8.4 Fire: aircraft fires cannot restart after the battle (no restart check for them).
#[test]
fn aircraft_fire_does_not_restart_8_4() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 1 6\ncrit campania aircraft\nend-battle");
    assert!(!sview(&g, "campania")
        .timers
        .iter()
        .any(|t| t.what.contains("fire restart")));
}

/// 8.3 Ammo/Fuel, D10 1-3 the aviation ordnance magazine: D10 9-10 detonates (the ship is
/// destroyed); 1-8 holds.
#[test]
fn ammo_fuel_magazine_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 3 8\ncrit campania ammo_fuel");
    assert_eq!(ship(&g, "campania").status, ShipStatus::Afloat);
    assert!(last_critical(&g, "campania").contains("D10 8: no detonation"));
    cmds(&mut g, "dice 1 9\ncrit campania ammo_fuel");
    assert!(sunk_cause(&g, "campania").contains("aviation ordnance magazine"));
}

/// 8.3 Ammo/Fuel with the magazines flooded (8.2: aircraft ordnance lost): no detonation.
#[test]
fn ammo_fuel_magazine_flooded_no_detonation_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(
        &mut g,
        "magazines campania\ndice 2 10\ncrit campania ammo_fuel",
    );
    assert_eq!(ship(&g, "campania").status, ShipStatus::Afloat);
    assert!(last_critical(&g, "campania").contains("(magazines flooded)"));
}

/// 8.3 Ammo/Fuel, D10 4-10 the fuel storage: an aviation-fuel fire, +2 on the severity roll
/// (1915: D6+2; 3 + 2 + 2 = 7 %) and +2 on its reduction roll (8.2).
#[test]
fn ammo_fuel_aviation_fuel_fire_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 4 3\ncrit campania ammo_fuel");
    let v = sview(&g, "campania");
    assert_eq!(v.fire_pct, 7);
    assert_eq!(ship(&g, "campania").fires[0].reduction_mod, 2);
    assert!(
        v.timers
            .iter()
            .any(|t| t.what.contains("+2 fuel or ammunition fire")),
        "{:?}",
        v.timers
    );
}

/// 8.3 Flight Deck, D6 1-2 forward: launching restricted; the 2 aircraft parked forward are
/// hit (D6 5, capped at 2), each an aircraft critical (fires D6-2: 1, 1: none); hangar D10 7:
/// D6 1 aircraft hit, its fire 4 - 2 = 2 %.
#[test]
fn flight_deck_forward_parked_and_hangar_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 1 5 1 1 7 1 4\ncrit campania flight_deck");
    let v = sview(&g, "campania");
    assert_eq!(
        v.flight_deck,
        vec!["forward: launching aircraft restricted"]
    );
    let a = v.aircraft.unwrap();
    assert_eq!((a.hangar, a.forward, a.lost), (2, 0, 3));
    assert_eq!(v.fire_pct, 2);
    assert!(g.state.dice_queue.is_empty());
}

/// 8.3 Flight Deck, D6 3-4 amidships: no parked aircraft there; hangar D10 1-5: no damage.
#[test]
fn flight_deck_amidships_no_hangar_damage_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 4 5\ncrit campania flight_deck");
    let v = sview(&g, "campania");
    assert_eq!(v.flight_deck, vec!["amidships"]);
    assert_eq!(v.aircraft.unwrap().lost, 0);
    assert!(last_log(&g).contains("no hangar damage"));
}

/// 8.3 Flight Deck, D6 5-6 aft: aircraft cannot land; none parked aft (no D6 for them).
#[test]
fn flight_deck_aft_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 6 2\ncrit campania flight_deck");
    assert_eq!(
        sview(&g, "campania").flight_deck,
        vec!["aft: aircraft cannot land"]
    );
    assert!(g.state.dice_queue.is_empty());
}

/// 8.4 Flight Deck: its repair roll starts at the 12-hour mark; repaired, the deck is clear.
#[test]
fn flight_deck_repair_from_12_hours_8_4() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 6 2\ncrit campania flight_deck\nend-battle");
    let v = sview(&g, "campania");
    let r = v
        .repairs
        .iter()
        .find(|r| r.what.starts_with("flight deck"))
        .unwrap();
    assert_eq!(r.state, "open");
    // 6 h: no flight-deck roll (only the 12-hour mark onwards); 12 h: D100 1 repairs it
    cmds(&mut g, "next\ndice 1\nnext");
    let v = sview(&g, "campania");
    assert!(v.flight_deck.is_empty(), "{:?}", v.flight_deck);
}

/// 8.3 Bridge on a carrier: flight operations stop for D6/2 turns (D6 3 -> 2 turns).
#[test]
fn bridge_carrier_flight_operations_stop_8_3() {
    let mut g = game("1200", "", AVIATION);
    // re-man D6 2, bridge fire 1 + 2 - 2 = 1 %, flight ops D6 3
    cmds(&mut g, "dice 2 1 3\ncrit campania bridge");
    assert_eq!(
        sview(&g, "campania").flight_ops.as_deref(),
        Some("no flight operations until the end of 1203")
    );
    cmds(&mut g, "until 1206");
    assert_eq!(sview(&g, "campania").flight_ops, None);
}

/// 8.3 Cargo, ammunition D10 1-2: D100 % of the hold's ammunition lost (D100 in seven bands:
/// 10 -> No. 1 hold; 25 % of 400 = 100 tons).
#[test]
fn cargo_ammo_lost_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 10 2 25\ncrit collier cargo");
    assert_eq!(hold_left(&g, "collier", "No. 1 hold"), 300);
    assert_eq!(sview(&g, "collier").fire_pct, 0);
}

/// 8.3 Cargo, ammunition D10 3-7: D100 1 % of 400 tons lost (4) and a fire, +1 to its severity
/// (1910: D6+2; 4 + 2 + 1 = 7 %) and its reduction roll; 25 % explosion risk at each following
/// mark while it burns: D100 26 at 1230 holds, D100 25 at 1300 explodes (the ship is destroyed;
/// the other ammunition hold goes up too on D100 70: 396 + 100 tons, 79 + 20 DP at 500 yds).
#[test]
fn cargo_ammo_fire_and_explosion_risk_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 1 5 1 4\ncrit collier cargo");
    assert_eq!(hold_left(&g, "collier", "No. 1 hold"), 396);
    let v = sview(&g, "collier");
    assert_eq!(v.fire_pct, 7);
    assert_eq!(v.cargo[0].explosion_risk_pct, Some(25));
    assert_eq!(ship(&g, "collier").fires[0].reduction_mod, 1);
    let t = v
        .timers
        .iter()
        .find(|t| t.what.starts_with("cargo explosion risk"))
        .unwrap();
    assert_eq!(
        (t.due.as_str(), t.phase.to_string()),
        ("1230", "resolution".into())
    );
    // keep the fire burning: its 7 DP at 1209, 1230 and 1300 roll no critical (count D6 1)
    // and the DC rolls of 6 (+1 cargo = 7) change nothing
    cmds(&mut g, "dice 1 6\nuntil 1230\ndice 6 1 26\nuntil 1233");
    assert_eq!(ship(&g, "collier").status, ShipStatus::Afloat);
    cmds(&mut g, "dice 6 1 25 70\nuntil 1303");
    let lost = sunk_cause(&g, "collier");
    assert!(lost.contains("496 tons exploded"), "{lost}");
    assert!(lost.contains("500 yds 99 DP"), "{lost}");
}

/// 8.3 Cargo, ammunition D10 8-10: the hold explodes; each other ammunition hold explodes on
/// D100 <= 70 (71: it holds); nearby ships take tons / 5, / 25, / 200.
#[test]
fn cargo_ammo_explosion_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 1 9 71\ncrit collier cargo");
    let lost = sunk_cause(&g, "collier");
    assert!(
        lost.contains(
            "400 tons exploded, nearby ships take 500 yds 80 DP, 1000 yds 16 DP, 2000 yds 2 DP"
        ),
        "{lost}"
    );
    assert!(lost.contains("No. 2 hold holds (D100 71)"), "{lost}");
}

/// 8.3 Cargo, petroleum: a fire with the product's modifier (avgas +3) on the severity and
/// reduction rolls: 1 + 2 + 3 = 6 %.
#[test]
fn cargo_petroleum_fire_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 40 1\ncrit collier cargo");
    assert_eq!(sview(&g, "collier").fire_pct, 6);
    assert_eq!(ship(&g, "collier").fires[0].reduction_mod, 3);
}

/// 8.3 Cargo, troops: D10 casualties as a multiple of the hit's DP (D10 5: 2 x 20 DP = 40;
/// 10: 4 x = 80; 1: 1 x = 20); an umpire's critical has no hit DP: described for the umpire.
#[test]
fn cargo_troops_casualties_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 50 5\ncrit collier cargo");
    assert!(last_critical(&g, "collier").contains("no hit's DP"));
    assert_eq!(hold_left(&g, "collier", "troop deck"), 500);
    // a hit of 20 DP: ratio 20/80 = .25, D6 6: 6 + 2 - 5 = 3 criticals, each D20 1 (Merchant
    // column: Cargo) and D100 50 (the 4th of seven bands: the troop deck).
    cmds(
        &mut g,
        "next\nhit collier 20\ndice 6 1 50 5 1 50 10 1 50 1\nnext",
    );
    assert_eq!(hold_left(&g, "collier", "troop deck"), 500 - 40 - 80 - 20);
}

/// 8.3 Cargo: general supplies DP/2 tons, vehicles DP/2, aircraft DP/5 damaged.
#[test]
fn cargo_supplies_vehicles_aircraft_8_3() {
    let mut g = game("1200", "", AVIATION);
    // 30 DP: ratio 30/70 = .42, D6 3: 3 + 4 - 5 = 2 criticals; D20 1 cargo, D100 65 (5th band:
    // general supplies, 15 tons); D20 2 cargo, D100 75 (6th band: vehicles, 15 -> all 10).
    cmds(&mut g, "next\nhit collier 30\ndice 3 1 65 2 75\nnext");
    assert_eq!(hold_left(&g, "collier", "No. 3 hold"), 35);
    assert_eq!(hold_left(&g, "collier", "No. 4 hold"), 0);
    // the aircraft hold: 30 DP / 5 = 6 damaged
    cmds(
        &mut g,
        "until 1203 planned_fire\nhit collier 30\ndice 3 1 99 2 99\nnext",
    );
    assert_eq!(hold_left(&g, "collier", "No. 5 hold"), 0);
}

/// 8.3 Cargo on small craft: a quarter of the cargo destroyed, no dice.
#[test]
fn cargo_small_craft_quarter_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmd(&mut g, "crit lighter cargo");
    assert_eq!(hold_left(&g, "lighter", "well"), 8);
    assert!(g.state.dice_queue.is_empty());
}

/// 8.3 Cargo: a ship with no cargo in the scenario: described for the umpire, no dice.
#[test]
fn cargo_not_in_scenario_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmd(&mut g, "crit tiger cargo");
    assert!(last_critical(&g, "tiger").contains("no cargo in the scenario"));
}

/// 8.1.4, 8.3: hull penetration, hull deformation, battery and switchboard are submarine
/// criticals; `crit` refuses them for a surface ship, naming it, and changes nothing.
#[test]
fn submarine_criticals_refused_for_surface_ships_8_1_4() {
    let mut g = game("1200", "", AVIATION);
    for kind in [
        "hull_penetration",
        "hull_deformation",
        "battery",
        "switchboard",
    ] {
        let e = refused(&mut g, &format!("crit tiger {kind}"));
        assert!(
            e.contains(&format!(
                "{} is a submarine critical",
                kind.replace('_', " ")
            )) && e.contains("HMS Tiger (tiger) is a surface ship"),
            "{e}"
        );
    }
}

/// 8.1.3: a 12.7 mm gun's Other Weapon critical (its line lists AA and Light Battery, not Other
/// Weapon) picks among the AA and light battery mounts only: two bands, D100 60 -> the light
/// battery, which loses a third.
#[test]
fn light_weapon_other_weapon_picks_aa_and_light_only_8_1_3() {
    let ships = AVIATION.replace("type = \"merchant\"", "type = \"minor\"");
    let mut g = game("1200", "", &ships);
    // 10 DP: ratio 10/90 = .11, D6 6: 6 + 1 - 5 = 2 criticals; D20 4 (Other Wpn): D100 60;
    // D20 6 (Other Wpn): D100 10 -> the AA gun
    cmds(
        &mut g,
        "next\nhit collier 10 caliber 12.7\ndice 6 4 60 6 10\nnext",
    );
    let v = sview(&g, "collier");
    let thirds: Vec<(String, u32)> = v
        .mounts
        .iter()
        .map(|m| (m.name.clone(), m.thirds_lost))
        .collect();
    assert_eq!(
        thirds,
        vec![
            ("4-inch gun".to_string(), 0),
            ("AA gun".to_string(), 1),
            ("machine guns".to_string(), 1),
            ("6-pounder".to_string(), 0)
        ]
    );
    assert_eq!(v.mounts[3].status, "ok");
}

/// 8.1.3: a 20 mm gun's line lists Other Weapon: any weapon but the main battery and
/// casemates (three bands: D100 99 -> the 6-pounder, out).
#[test]
fn light_weapon_20mm_other_weapon_any_but_main_8_1_3() {
    let ships = AVIATION.replace("type = \"merchant\"", "type = \"minor\"");
    let mut g = game("1200", "", &ships);
    cmds(&mut g, "next\nhit collier 10 caliber 20\ndice 5 4 99\nnext");
    assert_eq!(sview(&g, "collier").mounts[3].status, "out");
}

/// 8.1.3: the Merchant column's Weapon location from a 7.62 mm gun is read as an AA or light
/// battery hit (two bands: D100 1 -> the AA gun).
#[test]
fn light_weapon_merchant_weapon_aa_or_light_8_1_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(
        &mut g,
        "next\nhit collier 10 caliber 7.62\ndice 5 8 1\nnext",
    );
    assert_eq!(sview(&g, "collier").mounts[1].thirds_lost, 1);
}

/// 8.3 Cargo Damage Table (Ammo): flooding a burning ammunition hold stops its fire and its
/// explosion risk, and all the cargo in that hold is lost. Any phase (rules-notes 8.3).
#[test]
fn flood_hold_stops_fire_and_explosion_risk_8_3() {
    let mut g = game("1200", "", AVIATION);
    // D10 5: lost and fire; D100 1 % of 400 = 4 tons; fire 4 + 2 + 1 = 7 %
    cmds(&mut g, "dice 1 5 1 4\ncrit collier cargo\nnext");
    assert_eq!(sview(&g, "collier").cargo[0].explosion_risk_pct, Some(25));
    cmd(&mut g, "flood-hold collier \"no. 1 HOLD\"");
    assert!(
        last_log(&g).contains("No. 1 hold FLOODED: all its ammunition lost (396 tons)"),
        "{}",
        last_log(&g)
    );
    let v = sview(&g, "collier");
    assert_eq!(hold_left(&g, "collier", "No. 1 hold"), 0);
    assert_eq!(v.cargo[0].explosion_risk_pct, None);
    assert_eq!(v.fire_pct, 0);
    assert!(!v.timers.iter().any(|t| t.what.contains("cargo explosion")));
    // the other holds keep their cargo
    assert_eq!(hold_left(&g, "collier", "No. 2 hold"), 100);
    // no explosion-risk D100 and no fire damage at the 1230 mark
    cmd(&mut g, "until 1233");
    assert_eq!(ship(&g, "collier").status, ShipStatus::Afloat);
    assert_eq!(ship(&g, "collier").damage, 0);
    assert!(!g.entries().iter().any(|e| e.events.iter().any(|ev| matches!(
        ev,
        umpire::rulesets::fgdn::event::Event::Rolled { roll, .. } if roll.purpose.contains("cargo explosion risk")
    ))));
}

/// 8.3 Cargo Damage Table: flooding is refused, changing nothing, for an unknown hold (the
/// holds are named), a hold that is not ammunition, an ammunition hold that is not burning, a
/// ship without holds, a hold already flooded.
#[test]
fn flood_hold_refused_8_3() {
    let mut g = game("1200", "", AVIATION);
    let e = refused(&mut g, "flood-hold collier \"No. 9 hold\"");
    assert!(e.contains("has no hold \"No. 9 hold\""), "{e}");
    assert!(
        e.contains("\"No. 1 hold\", \"No. 2 hold\", \"tanks\""),
        "{e}"
    );
    let e = refused(&mut g, "flood-hold collier tanks");
    assert!(e.contains("carries petroleum"), "{e}");
    let e = refused(&mut g, "flood-hold collier \"No. 2 hold\"");
    assert!(e.contains("is not burning (100 tons left)"), "{e}");
    let e = refused(&mut g, "flood-hold tiger aft");
    assert!(e.contains("has no cargo holds"), "{e}");
    cmds(
        &mut g,
        "dice 1 5 1 4\ncrit collier cargo\nflood-hold collier \"No. 1 hold\"",
    );
    let e = refused(&mut g, "flood-hold collier \"No. 1 hold\"");
    assert!(e.contains("is not burning (0 tons left)"), "{e}");
}

/// 8.3 Ammo/Fuel: flooding or gas-purging the stowage puts the aviation-fuel fire out at once;
/// the carrier cannot fuel or arm aircraft for the rest of the game (status, detail line).
#[test]
fn purge_puts_out_aviation_fuel_fire_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "dice 4 3\ncrit campania ammo_fuel");
    assert_eq!(sview(&g, "campania").fire_pct, 7);
    cmd(&mut g, "purge campania");
    assert!(
        last_log(&g).contains("the aviation fuel fire is out; no fueling or arming"),
        "{}",
        last_log(&g)
    );
    let v = sview(&g, "campania");
    assert_eq!(v.fire_pct, 0);
    assert!(v.aviation_purged);
    assert!(
        umpire::rulesets::fgdn::status::grounding_cargo_air_lines(&v)
            .iter()
            .any(|l| l.starts_with("Aviation ammo/fuel stowage purged"))
    );
    // 1209: the fire does no damage
    cmd(&mut g, "until 1212");
    assert_eq!(ship(&g, "campania").damage, 0);
}

/// 8.3 Ammo/Fuel after the purge (rules-notes 8.3): the flooded aviation magazine does not
/// detonate (D10 10) and the purged fuel storage does not burn.
#[test]
fn purged_stowage_no_detonation_no_fire_8_3() {
    let mut g = game("1200", "", AVIATION);
    cmds(&mut g, "purge campania\ndice 2 10\ncrit campania ammo_fuel");
    assert_eq!(ship(&g, "campania").status, ShipStatus::Afloat);
    assert!(last_critical(&g, "campania").contains("(aviation stowage flooded/purged)"));
    cmds(&mut g, "dice 7\ncrit campania ammo_fuel");
    assert!(last_critical(&g, "campania").contains("no fire"));
    assert!(ship(&g, "campania").fires.is_empty());
}

/// 8.3 Ammo/Fuel: `purge` is refused, changing nothing, for a ship that is no carrier (no
/// aviation column, no aircraft: a hold of aircraft cargo does not count) and a second time.
#[test]
fn purge_refused_8_3() {
    let mut g = game("1200", "", AVIATION);
    let e = refused(&mut g, "purge tiger");
    assert!(e.contains("is not an aircraft carrier"), "{e}");
    let e = refused(&mut g, "purge collier");
    assert!(e.contains("is not an aircraft carrier"), "{e}");
    cmd(&mut g, "purge campania");
    let e = refused(&mut g, "purge campania");
    assert!(e.contains("already flooded/purged"), "{e}");
}

/// 8.1.10: with 25 % of its original DP or less left a carrier cannot launch or land aircraft;
/// shown with the flight operations (51 of 200 left: not yet; 50: yes). Not for other ships.
#[test]
fn massive_damage_carrier_no_flight_operations_8_1_10() {
    let mut g = game("1200", "", AVIATION);
    cmd(&mut g, "adjust campania damage 149 \"test\"");
    assert_eq!(sview(&g, "campania").flight_ops, None);
    cmd(&mut g, "adjust campania damage 150 \"test\"");
    assert_eq!(
        sview(&g, "campania").flight_ops.as_deref(),
        Some("cannot launch or land aircraft: 50 of 200 DP left, 25 % or less (8.1.10)")
    );
    cmd(&mut g, "adjust tiger damage 400 \"test\"");
    assert_eq!(sview(&g, "tiger").flight_ops, None);
}

/// 8.3 Ammo/Fuel "for the rest of the game": a purged stowage is carried to the next battle
/// (`[ship.carried] aviation_purged`, rules-notes); a ship that is no carrier cannot carry it.
#[test]
fn purge_carried_to_the_next_battle_8_3() {
    let ships = AVIATION.replace(
        "aircraft = { hangar = 3, forward = 2, aft = 0 }\n",
        "aircraft = { hangar = 3, forward = 2, aft = 0 }\ncarried = { damage = 0, aviation_purged = true }\n",
    );
    let mut g = game("1200", "", &ships);
    assert!(sview(&g, "campania").aviation_purged);
    let e = refused(&mut g, "purge campania");
    assert!(e.contains("already flooded/purged"), "{e}");
    let bad = AVIATION.replace(
        "dp = 501\n",
        "dp = 501\ncarried = { damage = 0, aviation_purged = true }\n",
    );
    let text = format!(
        "[scenario]\nname = \"test\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\nseed = 7\n\n{bad}"
    );
    let e = format!(
        "{:?}",
        umpire::rulesets::fgdn::scenario::parse_scenario("test.toml", &text).unwrap_err()
    );
    assert!(e.contains("aviation_purged"), "{e}");
    assert!(e.contains("not an aircraft carrier"), "{e}");
}
