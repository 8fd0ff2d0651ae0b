//! FG&DN 1.1 8.1.6, 8.1.6.1, 8.1.10 and the 8.3 starred-location exceptions: armor, faulty
//! shells and massive damage, given / when / then, with every die queued.
#[macro_use]
mod rules_common;
use rules_common::*;

/// Moltke's belt 21 and deck 6 (FG&DN 8.1.6.1 example); other figures are ESTIMATES.
const MOLTKE: &str = r#"
[[ship]]
id = "moltke"
name = "SMS Moltke"
side = "German"
size = "A"
dp = 500
speed = 28
in_service = 1911
nation = "Germany"
armor = { belt = 21, deck = 6 }
directors = { main = 2 }
mounts = [
  { battery = "main", name = "A turret", caliber = 280, side = "centre", he_short = 20 },
  { battery = "casemate", name = "P1", caliber = 150, side = "port", he_short = 6 },
  { battery = "tertiary", name = "88 mm", caliber = 88, side = "port" },
  { battery = "aa", name = "AA battery" },
]
"#;

fn pending_damage(g: &umpire::rulesets::fgdn::Game) -> u32 {
    ship(g, "moltke").pending.last().map(|h| h.damage).unwrap()
}

/// FG&DN 8.1.6.1 example: Tiger's 343 mm APC (penetration 26) at Long range against Moltke's
/// belt of 21 (>= 34.3 / 3 = 11): 34 DP become 20.
#[test]
fn given_british_apc_at_long_range_when_the_belt_is_thick_then_damage_x0_6_34_to_20_8_1_6_1() {
    let mut g = game("1200", "faulty_british_apc = true", MOLTKE);
    // belt or deck D100 1: belt; 26 > 21 penetrates
    cmds(
        &mut g,
        "until 1200 planned_fire\ndice 1\nhit moltke 34 pen 26 range long caliber 343 british_apc",
    );
    assert_eq!(pending_damage(&g), 20);
    assert!(ship(&g, "moltke").pending[0]
        .explain
        .contains("x0.6 = 20 (8.1.6.1)"));
    // at Medium range the shell performs
    cmd(
        &mut g,
        "hit moltke 34 pen 30 range medium caliber 343 british_apc",
    );
    assert_eq!(pending_damage(&g), 34);
    // a shell that would not penetrate is halved normally (8.1.6)
    cmds(
        &mut g,
        "dice 1\nhit moltke 34 pen 20 range long caliber 343 british_apc",
    );
    assert_eq!(pending_damage(&g), 17);
    // a belt under a third of the diameter does not: 700 mm / 3 = 23 > 21
    cmds(
        &mut g,
        "dice 1\nhit moltke 34 pen 80 range extreme caliber 700 british_apc",
    );
    assert_eq!(pending_damage(&g), 34);
}

/// FG&DN 8.1.6.1 (optional): all gunfire damage x0.85, rounded down, before the halving.
#[test]
fn given_faulty_shells_for_all_when_a_shell_hits_then_damage_x0_85_8_1_6_1() {
    let mut g = game("1200", "faulty_shells_all = true", MOLTKE);
    cmds(&mut g, "until 1200 planned_fire\nhit moltke 34");
    assert_eq!(pending_damage(&g), 28);
    cmd(&mut g, "hit moltke 34 nopen");
    assert_eq!(pending_damage(&g), 14);
    // bombs are not gunfire
    cmd(&mut g, "hit moltke 34 weapon bomb");
    assert_eq!(pending_damage(&g), 34);
}

/// FG&DN 8.1.6.1: british_apc is refused without the option, without a calibre, off a shell.
#[test]
fn given_british_apc_when_the_rule_or_calibre_is_missing_then_it_is_refused_8_1_6_1() {
    let mut g = game("1200", "", MOLTKE);
    cmd(&mut g, "until 1200 planned_fire");
    assert!(refused(&mut g, "hit moltke 34 caliber 343 british_apc")
        .contains("faulty_british_apc = true"));
    let mut g = game("1200", "faulty_british_apc = true", MOLTKE);
    cmd(&mut g, "until 1200 planned_fire");
    assert!(refused(&mut g, "hit moltke 34 british_apc").contains("caliber MM"));
    assert!(refused(&mut g, "hit moltke 34 weapon bomb british_apc").contains("weapon shell"));
}

/// FG&DN 8.3 Main Battery: the fire-control result (D10 1-2) needs no armor penetration; a
/// non-penetrating hit that rolls the starred location still loses a director.
#[test]
fn given_no_penetration_when_main_battery_rolls_fire_control_then_it_applies_8_3() {
    let mut g = game("1200", "", MOLTKE);
    // 20 nopen -> 10 DP on 500: ratio 10/490 = .02: D6 6 -> 1 critical; D20 1: main battery*,
    // D10 2: fire control
    cmds(
        &mut g,
        "until 1200 planned_fire\nhit moltke 20 nopen\ndice 6 1 2\nnext",
    );
    assert_eq!(
        sview(&g, "moltke").fire_control,
        vec!["main: 1 director(s) lost"]
    );
    // a mount result (D10 5) is ignored without penetration
    cmds(
        &mut g,
        "until 1203 planned_fire\nhit moltke 20 nopen\ndice 6 1 5\nnext",
    );
    assert!(
        last_log(&g).contains("a main battery mount needs armor penetration"),
        "{}",
        last_log(&g)
    );
    assert_eq!(sview(&g, "moltke").mounts[0].status, "ok");
    assert_eq!(ship(&g, "moltke").criticals.len(), 1);
}

/// FG&DN 8.3 Casemate: likewise its fire-control result needs no penetration (D20 4 on the Major
/// column is the starred casemate location).
#[test]
fn given_no_penetration_when_casemate_rolls_fire_control_then_it_applies_8_3() {
    let mut g = game("1200", "", MOLTKE);
    cmds(
        &mut g,
        "until 1200 planned_fire\nhit moltke 20 nopen\ndice 6 4 1\nnext",
    );
    let v = sview(&g, "moltke");
    assert_eq!(v.criticals.len(), 1);
    assert!(
        v.fire_control.iter().any(|f| f.contains("casemate")),
        "{:?}",
        v.fire_control
    );
}

/// FG&DN 8.1.10: at 25 % DP left the main, secondary and tertiary batteries are out; at 10 % all
/// weapons are out (shown in each mount's status).
#[test]
fn given_massive_damage_when_dp_falls_to_25_and_10_percent_then_the_weapons_go_out_8_1_10() {
    let mut g = game("1200", "", MOLTKE);
    cmd(&mut g, "adjust moltke damage 374 \"hits\"");
    assert!(sview(&g, "moltke").mounts.iter().all(|m| m.status == "ok"));
    cmd(&mut g, "adjust moltke damage 375 \"hits\"");
    let st: Vec<String> = sview(&g, "moltke")
        .mounts
        .iter()
        .map(|m| m.status.clone())
        .collect();
    assert_eq!(
        st,
        [
            "out (massive damage)",
            "out (massive damage)",
            "out (massive damage)",
            "ok"
        ]
    );
    assert_eq!(
        sview(&g, "moltke").massive_damage,
        Some("main_secondary_tertiary_out")
    );
    cmd(&mut g, "adjust moltke damage 450 \"hits\"");
    assert!(sview(&g, "moltke")
        .mounts
        .iter()
        .all(|m| m.status == "out (massive damage)"));
}

/// Figures are ESTIMATES for the test.
const BEACH: &str = concat!(
    r#"
[[ship]]
id = "hulk"
name = "HMS Hulk"
side = "British"
size = "C"
dp = 40
speed = 20
in_service = 1915
"#,
    cmb4!()
);

/// 8.1.5: a beached ship is destroyed only by twice its DP: past its DP it does not sink (no
/// critical roll at 0 DP, a wreck where it lies), it cannot be refloated, and at 2 x DP it is
/// destroyed. It does not move; `expect` reads the new status fields.
#[test]
fn given_a_beached_ship_when_it_takes_more_than_its_dp_then_it_is_not_destroyed_8_1_5() {
    let mut g = game("1200", "", BEACH);
    cmds(
        &mut g,
        "beach hulk\nexpect hulk grounded beached\nexpect hulk destroyed_at 80",
    );
    assert_eq!(sview(&g, "hulk").speed_max, 0);
    cmds(&mut g, "until 1200 planned_fire\nhit hulk 50\nnext");
    let v = sview(&g, "hulk");
    assert_eq!((v.damage, v.dp_left, v.status), (50, 0, "afloat"));
    assert_eq!(v.can_refloat, Some(false));
    assert!(
        last_log(&g).contains("a wreck where it lies"),
        "{}",
        last_log(&g)
    );
    let e = refused(&mut g, "refloat hulk");
    assert!(
        e.contains("has taken 50 DP, more than its 40 DP: it cannot be refloated (8.1.5)"),
        "{e}"
    );
    cmds(&mut g, "until 1203 planned_fire\nhit hulk 30\nnext");
    assert!(sunk_cause(&g, "hulk")
        .contains("destroyed beached: 80 DP in all, twice what would sink it (80)"));
}

/// 8.1.5: ran aground and lightly damaged, it can be refloated; then it sinks at 0 DP again.
#[test]
fn given_a_grounded_ship_under_its_dp_when_refloated_then_it_floats_8_1_5() {
    let mut g = game("1200", "", BEACH);
    // 10 DP: ratio 10/30 = .33, D6 1: no criticals
    cmds(
        &mut g,
        "beach hulk aground\nuntil 1200 planned_fire\nhit hulk 10\ndice 1\nnext",
    );
    assert_eq!(sview(&g, "hulk").grounded, Some("aground"));
    cmd(&mut g, "refloat hulk");
    let v = sview(&g, "hulk");
    assert_eq!(
        (v.grounded, v.destroyed_at, v.speed_max > 0),
        (None, None, true)
    );
}

/// 8.1.5: flooding criticals on a beached ship subtract two from the severity roll (1915: D6+2,
/// 5 + 2 - 2 = 5 %; afloat the same die gives 7 %).
#[test]
fn given_a_beached_ship_when_flooding_then_severity_minus_two_8_1_5() {
    let mut g = game("1200", "", BEACH);
    cmds(&mut g, "dice 5\ncrit hulk flooding");
    assert_eq!(sview(&g, "hulk").flood_pct, 7);
    let mut g = game("1200", "", BEACH);
    cmds(&mut g, "beach hulk\ndice 5\ncrit hulk flooding");
    assert_eq!(sview(&g, "hulk").flood_pct, 5);
    assert!(
        last_log(&g).contains("-2 (beached or aground (8.1.5))"),
        "{}",
        last_log(&g)
    );
}

/// 8.1.5 on small craft: twice the 2 x DP of one turn that sinks them (3 DP: 12 in a turn);
/// 6 DP in a turn no longer starts the sinking roll (criticals may still sink it).
#[test]
fn given_a_beached_small_craft_then_four_times_dp_in_a_turn_destroys_it_8_1_5() {
    let mut g = game("1200", "", BEACH);
    cmds(
        &mut g,
        "beach mtb\nuntil 1200 planned_fire\nhit mtb 6\nnext",
    );
    let s = ship(&g, "mtb");
    assert_eq!(s.turn_damage, 6);
    assert_eq!(umpire::rulesets::fgdn::grounding::destroyed_at(s), 12);
    let sank_for_damage = g.entries().iter().flat_map(|e| &e.events).any(|e| {
        matches!(e, umpire::rulesets::fgdn::event::Event::SinkingStarted { cause, .. } if cause.contains("twice its"))
    });
    assert!(!sank_for_damage);
}

/// 8.1.5: bad orders change nothing: beaching twice, refloating a ship afloat, beaching a
/// ship that is sinking.
#[test]
fn beach_and_refloat_refusals_8_1_5() {
    let mut g = game("1200", "", BEACH);
    assert!(refused(&mut g, "refloat hulk").contains("is not beached or aground"));
    cmd(&mut g, "beach hulk");
    assert!(refused(&mut g, "beach hulk aground").contains("already beached; `refloat hulk` first"));
    let mut g = game("1200", "", BEACH);
    cmds(&mut g, "until 1200 planned_fire\nhit hulk 40\nnext");
    assert!(matches!(
        ship(&g, "hulk").status,
        umpire::rulesets::fgdn::state::ShipStatus::Sinking { .. }
    ));
    assert!(refused(&mut g, "beach hulk").contains("is sinking (8.1.8)"));
}

/// FG&DN 8.3 Casemate: "the armor protection for casemate weapons is 2/3's the belt armor
/// value". Moltke's belt 21: her casemates 14. A shell with penetration 15 on the belt does not
/// penetrate the belt (half damage, the belt's starred locations are ignored) but gets through
/// the casemates: a Casemate critical (starred) strikes.
#[test]
fn given_a_shell_through_the_casemates_but_not_the_belt_then_the_casemate_critical_counts_8_3() {
    let mut g = game("1200", "", MOLTKE);
    cmds(
        &mut g,
        "until 1200 planned_fire\nhit moltke 30 pen 15 range short",
    );
    assert_eq!(
        pending_damage(&g),
        15,
        "not through the belt: half damage (8.1.6)"
    );
    assert!(
        last_log(&g).contains(
            "pen 15 vs belt 21: does not penetrate; casemates (2/3 of belt = 14): penetrates (8.3)"
        ),
        "{}",
        last_log(&g)
    );
    // 15/485: the <.10 line, D6 6: 1 critical; D20 4: casemate; D10 5: a gun out (P1, the
    // only casemate gun: no die); its ready ammunition D10 1: no explosion
    cmds(&mut g, "dice 6 4 5 1\nnext");
    assert!(last_critical(&g, "moltke").contains("P1 (casemate battery) out of action"));
    let v = sview(&g, "moltke");
    assert_eq!(
        v.mounts.iter().find(|m| m.name == "P1").unwrap().status,
        "out"
    );
}

/// 8.3 Casemate, the other way: through the belt's two thirds but not the belt, the belt's own
/// starred locations (here the main battery's mount result) are still ignored (8.1.6).
#[test]
fn given_a_shell_through_the_casemates_only_then_the_main_battery_mount_is_ignored_8_3() {
    let mut g = game("1200", "", MOLTKE);
    // D6 6: 1 critical; D20 1: main battery; D10 5: a mount, which needs the belt penetrated
    cmds(
        &mut g,
        "until 1200 planned_fire\nhit moltke 30 pen 15 range short\ndice 6 1 5\nnext",
    );
    assert!(
        last_log(&g).contains("needs armor penetration"),
        "{}",
        last_log(&g)
    );
    assert!(sview(&g, "moltke").mounts.iter().all(|m| m.status == "ok"));
}

/// 8.3 Casemate: a shell that penetrates neither (15 > 14 is needed) leaves the Casemate
/// location ignored; one through the belt gets through the casemates too.
#[test]
fn given_a_shell_short_of_the_casemate_armor_then_the_casemate_critical_is_ignored_8_3() {
    let mut g = game("1200", "", MOLTKE);
    cmds(
        &mut g,
        "until 1200 planned_fire\nhit moltke 30 pen 14 range short\ndice 6 4\nnext",
    );
    assert!(
        !last_log(&g).contains("casemates (2/3"),
        "no casemate note when both agree"
    );
    assert!(
        last_log(&g).contains("critical casemate ignored"),
        "{}",
        last_log(&g)
    );
    let mut g = game("1200", "", MOLTKE);
    cmds(
        &mut g,
        "until 1200 planned_fire\nhit moltke 30 pen 22 range short\ndice 6 4 5 1\nnext",
    );
    assert!(last_critical(&g, "moltke").contains("P1 (casemate battery) out of action"));
}

/// 8.1.6 with 8.3 Casemate: a plunging shell that strikes the deck compares the deck for every
/// starred location, the casemates included (the casemate armor stands in for the belt only).
#[test]
fn given_a_deck_hit_then_the_casemate_location_reads_the_deck_8_1_6() {
    let mut g = game("1200", "", MOLTKE);
    // D100 80 at long range: the deck (6); 10 > 6 penetrates
    cmds(
        &mut g,
        "until 1200 planned_fire\ndice 80\nhit moltke 30 pen 10 range long\ndice 6 4 5 1\nnext",
    );
    assert!(last_critical(&g, "moltke").contains("P1 (casemate battery) out of action"));
}
