//! FG&DN 1.1 submarines: 8.1.2 (contact weapons breach the hull), 8.1.4 (surfaced: the Minor
//! column, torpedo tubes for the main battery; submerged: the Lethal/Major/Minor Damage columns
//! by the underwater attack), the Critical Hit Table's Submarine columns and their Minor Damage
//! note, 8.1.8 (submerged boats sink at once), 8.1.10 (must surface), 8.2 (fire and flooding
//! orders, severe flooding's one chance), 8.3 (hull penetration, hull deformation, battery,
//! switchboard, rudder = depth control, bridge), 8.4 (the flooding patch, repairs). Given /
//! when / then, every die queued.
#[macro_use]
mod rules_common;
use rules_common::*;
use umpire::rulesets::fgdn::kinds::{Column, CriticalKind};
use umpire::rulesets::fgdn::state::ShipStatus;
use umpire::rulesets::fgdn::submarine::DepthBand;

/// Every figure is an ESTIMATE for the test, not Annex A data.
const U9: &str = concat!(
    r#"
[[ship]]
id = "u9"
name = "U 9"
side = "German"
type = "submarine"
size = "D"
dp = 20
speed = 14
in_service = 1910
depth = "periscope"
max_depth = "intermediate_2"
mounts = [
  { battery = "torpedo", name = "bow tubes", loads = 2, warhead = 20, submerged = true },
  { battery = "torpedo", name = "stern tubes", loads = 2, warhead = 20, submerged = true },
  { battery = "main", name = "deck gun", caliber = 88 },
]
"#,
    cmb4!()
);

fn depth(g: &umpire::rulesets::fgdn::Game) -> DepthBand {
    ship(g, "u9").sub.as_ref().unwrap().depth()
}

fn u9(g: &umpire::rulesets::fgdn::Game) -> umpire::rulesets::fgdn::submarine::SubView {
    sview(g, "u9").submarine.unwrap()
}

fn last_crit(g: &umpire::rulesets::fgdn::Game) -> (CriticalKind, Option<Column>, String) {
    let c = ship(g, "u9").criticals.last().cloned().unwrap();
    (c.kind, c.column, c.detail)
}

/// `type = "submarine"` with `depth` and `max_depth`; the status gives `submarine` only for her.
#[test]
fn scenario_and_status_8_1_4() {
    let g = game("1200", "", U9);
    assert_eq!(depth(&g), DepthBand::Periscope);
    let v = sview(&g, "u9");
    assert_eq!(v.kind, "submarine");
    assert_eq!(
        v.submarine.as_ref().unwrap().max_depth.as_deref(),
        Some("intermediate_2")
    );
    let json = serde_json::to_value(sview(&g, "mtb")).unwrap();
    assert!(
        json.get("submarine").is_none(),
        "a surface ship's status is unchanged"
    );
    assert_eq!(v.status, "afloat");
}

#[test]
fn scenario_depth_keys_are_checked() {
    use umpire::rulesets::fgdn::scenario::parse_scenario;
    let bad = |ship: &str| {
        let text = format!(
            "[scenario]\nname = \"t\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\n\n[[ship]]\nid = \"u\"\nname = \"U\"\nside = \"G\"\nsize = \"D\"\ndp = 20\nspeed = 14\nin_service = 1910\n{ship}\n"
        );
        parse_scenario("t.toml", &text)
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(bad("depth = \"shallow\"").contains("key \"depth\": is for type = \"submarine\" only"));
    assert!(bad("type = \"submarine\"\ndepth = \"deep\"").contains("unknown depth \"deep\""));
    assert!(
        bad("type = \"submarine\"\ndepth = \"intermediate_3\"\nmax_depth = \"shallow\"")
            .contains("below max_depth")
    );
    assert!(bad("type = \"sub\"").contains("submarine"));
}

/// `depth SHIP BAND [speed KT]`; refused for a surface ship and below her max_depth.
#[test]
fn the_umpire_sets_the_depth() {
    let mut g = game("1200", "", U9);
    cmd(&mut g, "depth u9 intermediate_1 speed 5");
    assert_eq!(depth(&g), DepthBand::Intermediate(1));
    assert_eq!(u9(&g).speed, Some(5));
    assert!(refused(&mut g, "depth mtb shallow").contains("is not a submarine"));
    assert!(
        refused(&mut g, "depth u9 intermediate_3").contains("cannot go below Intermediate Zone II")
    );
    assert!(refused(&mut g, "depth u9 shallow speed 30").contains("more than"));
}

/// 8.1.4: surfaced, she is a minor surface combatant (Minor column) and her torpedo tubes take
/// the main battery result.
#[test]
fn surfaced_minor_column_torpedo_tubes_for_main_battery_8_1_4() {
    let mut g = game("1200", "", U9);
    cmds(
        &mut g,
        "depth u9 surfaced\nuntil 1200 planned_fire\nhit u9 4\n\
         dice 4 1 1 5\nnext",
    );
    let (kind, col, detail) = last_crit(&g);
    assert_eq!(kind, CriticalKind::TorpedoMount);
    assert_eq!(col, Some(Column::Minor));
    assert!(detail.contains("bow tubes"), "{detail}");
    let c = ship(&g, "u9").criticals.last().unwrap().cause.clone();
    assert!(c.contains("her torpedo tubes (8.1.4)"), "{c}");
}

/// 8.1.4: submerged, the umpire names the underwater attack; its column is read.
#[test]
fn submerged_attack_picks_the_submarine_column_8_1_4() {
    let mut g = game("1200", "", U9);
    cmd(&mut g, "until 1200 planned_fire");
    assert!(refused(&mut g, "hit u9 4").contains("attack lethal|major|minor"));
    assert!(refused(&mut g, "hit mtb 1 attack minor").contains("not a submarine"));
    // ratio 4/16 = .25, D6 4: 1 critical; D20 8 on Major Damage: battery, D6 3 -> 15 %
    cmds(&mut g, "hit u9 4 attack major\ndice 4 8 3\nnext");
    let (kind, col, detail) = last_crit(&g);
    assert_eq!((kind, col), (CriticalKind::Battery, Some(Column::SubMajor)));
    assert!(
        detail.contains("15 % of submerged endurance lost"),
        "{detail}"
    );
    assert_eq!(u9(&g).battery_lost_pct, 15);
    // the most severe attack of the phase's batch gives the column: D20 4 on Lethal = hull pen
    cmds(
        &mut g,
        "until 1203 planned_fire\nhit u9 1 attack minor\nhit u9 3 attack lethal\ndice 3 4 3\nnext",
    );
    let (kind, col, _) = last_crit(&g);
    assert_eq!(
        (kind, col),
        (CriticalKind::HullPenetration, Some(Column::SubLethal))
    );
}

/// 8.1.2: a torpedo (or other contact-fused weapon) breaches a submarine's pressure hull; 8.3
/// Hull Penetration at Shallow: D100 <= 50 she reaches the surface and sinks in D10 x 2 turns.
#[test]
fn contact_torpedo_breaches_the_hull_8_1_2_and_8_3() {
    let mut g = game("1200", "", U9);
    // flooding severity D6 2 (automatic, 8.1.2), D100 30 reaches the surface, D10 3 = 6 turns
    cmds(
        &mut g,
        "depth u9 shallow\nuntil 1200 movement\nhit u9 10 weapon torpedo attack major\n\
         dice 2 30 3\nnext",
    );
    let s = ship(&g, "u9");
    assert!(s.criticals.iter().any(|c| c.kind == CriticalKind::Flooding));
    assert_eq!(depth(&g), DepthBand::Surfaced);
    assert!(u9(&g).hull_breached);
    // 6 turns = 18 minutes: 1200 + 18 = 1218, gone in its movement phase
    assert_eq!(s.status, ShipStatus::Sinking { due: 12 * 60 + 18 });
    assert_eq!(sview(&g, "u9").sinks_at.as_deref(), Some("1218"));
}

/// 8.3 Hull Penetration: at Shallow or Intermediate Zone I a failed D100 (51+), or any deeper
/// zone, loses her with all hands at once; at periscope depth she is on the surface at once.
#[test]
fn hull_penetration_by_depth_8_3() {
    let mut g = game("1200", "", U9);
    cmds(
        &mut g,
        "depth u9 intermediate_1\ndice 51\ncrit u9 hull_penetration",
    );
    assert!(sunk_cause(&g, "u9").contains("lost with all hands"));
    let mut g = game("1200", "", U9);
    cmds(&mut g, "depth u9 intermediate_2\ncrit u9 hull_penetration");
    assert!(sunk_cause(&g, "u9").contains("at Intermediate Zone II"));
    let mut g = game("1200", "", U9);
    cmds(&mut g, "dice 1\ncrit u9 hull_penetration");
    assert_eq!(depth(&g), DepthBand::Surfaced);
    assert!(matches!(ship(&g, "u9").status, ShipStatus::Sinking { .. }));
    // a surface ship never suffers it
    assert!(refused(&mut g, "crit mtb hull_penetration").contains("surface ship"));
}

/// 8.3 Hull Deformation: the first limits her to Intermediate Zone I (25 % per zone below it at
/// each turn's end), the second to Shallow (30 % per zone below it), the third is a hull
/// penetration.
#[test]
fn hull_deformation_8_3() {
    let mut g = game("1200", "", U9);
    cmds(&mut g, "depth u9 intermediate_2\ncrit u9 hull_deformation");
    assert_eq!(u9(&g).hull_limit.as_deref(), Some("intermediate_1"));
    assert_eq!(u9(&g).hull_risk_pct, 25);
    assert!(sview(&g, "u9")
        .orders
        .iter()
        .any(|o| o.contains("come to Intermediate Zone I")));
    // end of the turn: D100 26 > 25 holds
    cmds(&mut g, "dice 26\nuntil 1203 plotting");
    assert!(
        last_log(&g).contains("D100 26 > 25: holds"),
        "{}",
        last_log(&g)
    );
    cmd(&mut g, "crit u9 hull_deformation");
    assert_eq!(u9(&g).hull_risk_pct, 60);
    // D100 60 fails: a hull penetration deeper than Zone I loses her
    cmds(&mut g, "dice 60\nuntil 1206 plotting");
    assert!(sunk_cause(&g, "u9").contains("hull penetration"));
    // the third deformation is a hull penetration
    let mut g = game("1200", "", U9);
    cmds(
        &mut g,
        "crit u9 hull_deformation\ncrit u9 hull_deformation\ndice 5\ncrit u9 hull_deformation",
    );
    assert!(u9(&g).hull_breached);
    assert_eq!(u9(&g).hull_deformations, 2);
}

/// 8.3 Switchboard: D6/2 turns (round up) with no depth change, speed 0; then restored.
#[test]
fn switchboard_8_3() {
    let mut g = game("1200", "", U9);
    cmds(&mut g, "dice 3\ncrit u9 switchboard");
    assert_eq!(u9(&g).switchboard_out_until.as_deref(), Some("1203"));
    assert_eq!(sview(&g, "u9").speed_max, 0);
    assert!(refused(&mut g, "depth u9 shallow").contains("cannot change depth"));
    assert!(sview(&g, "u9")
        .timers
        .iter()
        .any(|t| t.what == "switchboard fuses replaced" && t.due == "1203"));
    cmd(&mut g, "until 1206 plotting");
    assert_eq!(u9(&g).switchboard_out_until, None);
    assert_eq!(sview(&g, "u9").speed_max, 14);
    cmd(&mut g, "depth u9 shallow");
}

/// Critical Hit Table, Submarine Minor Damage note: sensor, rudder, weapon and engineering
/// criticals clear by themselves in D6 tactical turns; its engineering critical has no fire.
#[test]
fn minor_damage_clears_in_d6_turns() {
    let mut g = game("1200", "", U9);
    // 4/16 = .25, D6 5: 2 criticals; D20 10 engineering (D6 2 turns), D20 18 sensor D10 9
    // (sonar: not fitted, nothing to clear) ...; D20 1 weapon: D100 1 bow tubes, D10 1
    cmds(
        &mut g,
        "until 1200 planned_fire\nhit u9 4 attack minor\ndice 5 10 2 1 1 1 3\nnext",
    );
    let s = ship(&g, "u9");
    assert!(
        s.fires.is_empty(),
        "no fire with the minor engineering critical"
    );
    assert_eq!(sview(&g, "u9").speed_max, 11);
    assert_eq!(
        u9(&g).clearing,
        vec!["engineering at 1203", "weapon at 1206"]
    );
    cmd(&mut g, "until 1206 plotting");
    assert_eq!(sview(&g, "u9").speed_max, 14);
    assert!(sview(&g, "u9")
        .mounts
        .iter()
        .any(|m| m.name == "bow tubes" && m.status == "out"));
    cmd(&mut g, "until 1209 plotting");
    assert!(sview(&g, "u9").mounts.iter().all(|m| m.status == "ok"));
    assert!(u9(&g).clearing.is_empty());
}

/// Critical Hit Table, Submarine Minor Damage note, and SPEC 3.6: an engineering critical that
/// cleared by itself is not carried into the next battle (it no longer costs a speed level);
/// one still to clear at `end-battle` clears then, and is not carried either. Found by the
/// random battles on the demo (`tests/properties.rs`, `check_carry`) once UB 64 joined it.
#[test]
fn a_cleared_minor_damage_critical_is_not_carried() {
    use umpire::rulesets::fgdn::carry::carried_of;
    use umpire::rulesets::fgdn::kinds::CriticalKind;
    for (until, cleared_in_battle) in [("until 1206 plotting\n", true), ("", false)] {
        let mut g = game("1200", "", U9);
        cmds(
            &mut g,
            &format!(
                "until 1200 planned_fire\nhit u9 4 attack minor\ndice 5 10 2 1 1 1 3\nnext\n\
                 {until}end-battle"
            ),
        );
        let s = ship(&g, "u9");
        assert!(
            s.criticals
                .iter()
                .any(|c| c.kind == CriticalKind::Engineering && c.speed_levels > 0),
            "the minor engineering critical is in her record"
        );
        assert_eq!(
            sview(&g, "u9").speed_max,
            14,
            "cleared: {cleared_in_battle}"
        );
        let carried = carried_of(s, "t").unwrap();
        assert!(
            carried
                .criticals
                .iter()
                .all(|c| c.kind != CriticalKind::Engineering),
            "cleared: {cleared_in_battle}: {:?}",
            carried.criticals
        );
    }
}

/// 8.3 Rudder on a submerged submarine: depth control lost; before each Plotting Phase 5 % x
/// speed to change depth; D10 1-5 up, 6-10 down; up from periscope depth she broaches and dives
/// back the next turn unless another "up" comes.
#[test]
fn depth_control_8_3() {
    let mut g = game("1200", "", U9);
    cmds(&mut g, "depth u9 shallow speed 4\ncrit u9 rudder");
    assert!(u9(&g).depth_control_lost);
    assert_eq!(
        ship(&g, "u9").equipment.rudder,
        None,
        "not a surface rudder"
    );
    // 20 %: D100 20 changes, D10 6 down
    cmds(&mut g, "dice 20 6\nuntil 1203 plotting");
    assert_eq!(depth(&g), DepthBand::Intermediate(1));
    // D100 21 holds
    cmds(&mut g, "dice 21\nuntil 1206 plotting");
    assert_eq!(depth(&g), DepthBand::Intermediate(1));
    // up twice, then up from periscope: a broach
    cmds(&mut g, "dice 1 1 1 5 1 3\nuntil 1215 plotting");
    assert_eq!(depth(&g), DepthBand::Surfaced);
    assert!(u9(&g).broached);
    assert_eq!(sview(&g, "u9").status, "afloat");
    // no change at the next check: she dives back to periscope depth
    cmds(&mut g, "dice 90\nuntil 1218 plotting");
    assert_eq!(depth(&g), DepthBand::Periscope);
    assert!(!u9(&g).broached);
}

/// 8.3 Bridge on a submerged submarine: to periscope depth, fire control solutions lost, a
/// broach for the turn on D10 1 (after the bridge's own re-manning and fire, 8.3).
#[test]
fn bridge_on_a_submarine_8_3() {
    let mut g = game("1200", "", U9);
    // D6 2 (1 turn), bridge fire D6 1 (1+2-2 = 1 %), D10 1: broach
    cmds(
        &mut g,
        "depth u9 intermediate_1\ndice 2 1 1\ncrit u9 bridge",
    );
    assert_eq!(depth(&g), DepthBand::Surfaced);
    assert!(u9(&g).broached);
    assert!(last_log(&g).contains("all fire control solutions lost"));
    cmd(&mut g, "until 1203 plotting");
    assert_eq!(depth(&g), DepthBand::Periscope);
}

/// 8.2: fires make a submerged boat surface (Minor: to ventilate); Major flooding brings her
/// to Shallow; Severe flooding has one chance to be reduced, else she must surface.
#[test]
fn fire_and_flooding_orders_8_2() {
    let mut g = game("1200", "", U9);
    cmds(&mut g, "depth u9 intermediate_1\nfire u9 3");
    assert!(sview(&g, "u9")
        .orders
        .iter()
        .any(|o| o.contains("surface to ventilate")));
    let mut g = game("1200", "", U9);
    // C-D 1908-24: Major from 8 %, Severe from 12 %
    cmds(&mut g, "depth u9 intermediate_1\nflood u9 12");
    assert!(sview(&g, "u9")
        .orders
        .iter()
        .any(|o| o.contains("come to Shallow")));
    assert_eq!(
        sview(&g, "u9").speed_max,
        14,
        "no 15-knot order for a submarine"
    );
    // T+3: 2 DP (critical count D6 1: none), DC D10 7 on Severe: +D6 3 -> the chance failed
    cmds(&mut g, "until 1209 resolution\ndice 1 7 3\nnext");
    assert_eq!(u9(&g).flooding_chance, Some("failed"));
    assert!(sview(&g, "u9")
        .orders
        .iter()
        .any(|o| o.contains("MUST SURFACE")));
}

/// 8.1.8: a submerged boat reduced to 0 DP sinks at once; a surfaced one rolls D10 x 10.
#[test]
fn submerged_boats_sink_at_once_8_1_8() {
    let mut g = game("1200", "", U9);
    cmds(
        &mut g,
        "depth u9 shallow\nuntil 1200 planned_fire\nhit u9 20 attack major\nnext",
    );
    assert!(sunk_cause(&g, "u9").contains("she sinks at once (8.1.8)"));
    let mut g = game("1200", "", U9);
    cmds(
        &mut g,
        "depth u9 surfaced\nuntil 1200 planned_fire\nhit u9 20\ndice 2\nnext",
    );
    assert_eq!(
        ship(&g, "u9").status,
        ShipStatus::Sinking { due: 12 * 60 + 20 }
    );
}

/// 8.1.10: at 25 % of DP or less left, submarines must surface.
#[test]
fn massive_damage_must_surface_8_1_10() {
    let mut g = game("1200", "", U9);
    cmds(&mut g, "depth u9 shallow\nadjust u9 damage 15 \"test\"");
    assert!(sview(&g, "u9")
        .orders
        .iter()
        .any(|o| o.contains("(8.1.10)")));
}

/// 8.4: a submarine's flooding patch holds at periscope depth and pops below it; lost depth
/// control is repaired as the rudder.
#[test]
fn patch_and_repairs_8_4() {
    let mut g = game("1200", "", U9);
    cmds(
        &mut g,
        "depth u9 shallow\ncrit u9 rudder\nflood u9 5\nuntil 1209 resolution\ndice 1 9 1\nnext\n\
         depth u9 periscope\nend-battle",
    );
    assert!(sview(&g, "u9")
        .repairs
        .iter()
        .any(|r| r.what == "depth control"));
    // 6 h: repair D100 1, patch holds at periscope depth (no roll)
    cmds(&mut g, "dice 1\nnext");
    assert!(!u9(&g).depth_control_lost);
    assert!(last_log(&g).contains("the patch holds"), "{}", last_log(&g));
    // below periscope depth the patch pops: a new flooding critical (D6 1)
    cmds(&mut g, "depth u9 shallow\ndice 1\nnext");
    assert!(last_log(&g).contains("PATCH POPS"), "{}", last_log(&g));
}
