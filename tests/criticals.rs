//! FG&DN 1.1 8.3 "Effects of Other Critical Hits" for surface ships: one test per kind and per
//! sub-roll outcome, given / when / then, with every die queued. `crit SHIP KIND` rolls the
//! critical's own dice at once (SPEC 4).
mod rules_common;
use rules_common::*;
use umpire::core::fgdn::effects::RudderState;
use umpire::core::state::ShipStatus;

/// Every figure is an ESTIMATE for the test (mounts, directors, HE damage), not Annex A data.
const TIGER: &str = r#"
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

[[ship]]
id = "mtb"
name = "CMB 4"
side = "British"
size = "G"
dp = 3
speed = 40
in_service = 1916
"#;

fn crit_detail(g: &umpire::core::game::Game) -> String {
    ship(g, "tiger")
        .criticals
        .last()
        .map(|c| c.detail.clone())
        .unwrap_or_default()
}

fn mount(g: &umpire::core::game::Game, name: &str) -> String {
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
    let s = ship(&g, "tiger");
    assert_eq!(s.status, ShipStatus::Sunk);
    assert!(s
        .lost
        .as_deref()
        .unwrap()
        .contains("ships within 300 yards take 34 DP"));
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

/// 8.3 Rudder, D6 1-3 jammed: first attempt after D6 (2) turns at 20 % (D10 1-2), then 40 %,
/// 60 %; three failures leave it stuck for the battle.
#[test]
fn rudder_jammed_unjam_attempts_then_stuck_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(&mut g, "dice 2 2\ncrit tiger rudder");
    let v = sview(&g, "tiger");
    assert_eq!(v.rudder, Some(RudderState::Jammed));
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
    assert!(!v.timers.iter().any(|t| t.what.contains("rudder")));
}

/// 8.3 Rudder: an unjam roll within the chance frees it.
#[test]
fn rudder_freed_8_3() {
    let mut g = game("1200", "", TIGER);
    cmds(
        &mut g,
        "dice 1 1\ncrit tiger rudder\ndice 5\nuntil 1203 movement\ndice 4\nuntil 1206 movement",
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
