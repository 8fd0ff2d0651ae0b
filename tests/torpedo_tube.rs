//! FG&DN 1.1 8.3 Torpedo or ASW Weapon: a torpedo exploding in a tube below the waterline
//! inflicts an automatic flooding critical, and (SPEC 3.8) that flooding is torpedo flooding:
//! 8.2 makes flooding from torpedoes and mines do its first damage at once, not in the third
//! turn after.
#[macro_use]
mod rules_common;
use rules_common::*;

/// Figures are ESTIMATES for the test, not Annex A data.
const SHIP: &str = concat!(
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
mounts = [
  { battery = "main", name = "A turret", caliber = 343, side = "centre" },
  { battery = "torpedo", name = "submerged tubes", loads = 2, warhead = 20, submerged = true },
]
"#,
    cmb4!()
);

const ABOVE: &str = r#"
[[ship]]
id = "tiger"
name = "HMS Tiger"
side = "British"
size = "A"
dp = 501
speed = 28
in_service = 1914
mounts = [
  { battery = "torpedo", name = "deck tubes", loads = 2, warhead = 20 },
]
"#;

/// 8.3 + 8.2 (SPEC 3.8): the tube explodes (D10 10), 20 DP; its flooding (D6 1 + 2 = 3 % of
/// 501 = 15 DP) does its first damage in the phase being resolved, not at 1209.
#[test]
fn submerged_tube_flooding_is_immediate_8_3_8_2() {
    let mut g = game("1200", "", SHIP);
    cmds(&mut g, "dice 10 1 1\ncrit tiger torpedo_mount");
    let v = sview(&g, "tiger");
    assert_eq!(v.damage, 20);
    assert_eq!(v.floods.len(), 1);
    assert_eq!(v.floods[0].pct, 3);
    assert_eq!(v.floods[0].first_damage, "1200", "{:?}", v.floods[0]);
    let f = &ship(&g, "tiger").floods[0];
    assert!(f.immediate);
    assert_eq!(f.due_phase, umpire::rulesets::fgdn::clock::Phase::Plotting);
    // The end of the phase: 15 DP of flooding (its critical count D6 1: none).
    cmds(&mut g, "dice 1\nnext");
    let v = sview(&g, "tiger");
    assert_eq!(v.damage, 35, "20 DP explosion + 15 DP flooding");
    assert_eq!(v.floods[0].damage_done, 15);
    // Then at every intermediate mark (1230), not at 1209.
    assert_eq!(v.floods[0].next_damage.as_deref(), Some("1230"));
}

/// In a later phase (planned fire) the flooding is due at the end of that same phase: D10 9
/// explodes, D6 2 + 2 = 4 % of 501 = 20 DP at the end of planned fire.
#[test]
fn submerged_tube_flooding_in_planned_fire_8_3_8_2() {
    let mut g = game("1200", "", SHIP);
    cmds(&mut g, "next\nnext");
    cmds(&mut g, "dice 9 2 1\ncrit tiger torpedo_mount");
    assert_eq!(sview(&g, "tiger").floods[0].first_damage, "1200");
    assert_eq!(
        ship(&g, "tiger").floods[0].due_phase,
        umpire::rulesets::fgdn::clock::Phase::PlannedFire
    );
    cmds(&mut g, "dice 1\nnext");
    let v = sview(&g, "tiger");
    assert_eq!(v.floods[0].pct, 4);
    assert_eq!(v.damage, 20 + 20);
}

/// Above the waterline a tube explosion is a plain explosion: no flooding critical (8.3).
#[test]
fn tube_above_waterline_does_not_flood_8_3() {
    let mut g = game("1200", "", ABOVE);
    cmds(&mut g, "dice 10\ncrit tiger torpedo_mount");
    let v = sview(&g, "tiger");
    assert_eq!(v.damage, 20);
    assert!(v.floods.is_empty());
}
