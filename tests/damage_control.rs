//! FG&DN 1.1 8.2 "Controlling Fires and Flooding" and SPEC 3.4: reduction rolls, crews,
//! assisting ships, magazines, the Major-fire order, conflagration and capsize checks.
//! Given / when / then; every die is queued so every outcome is fixed (SPEC 4 dice order).
mod rules_common;
use rules_common::*;
use umpire::rulesets::fgdn::event::Event;
use umpire::rulesets::fgdn::kinds::SeverityLevel;
use umpire::rulesets::fgdn::state::ShipStatus;

/// Size B, 1905 (the 8.2 Devonshire-class example). 100 DP is an ESTIMATE for the test.
const DEVONSHIRE: &str = r#"
[[ship]]
id = "devonshire"
name = "HMS Devonshire"
side = "British"
size = "B"
dp = 100
speed = 22
in_service = 1905
nation = "Great Britain"
"#;

/// Size A, 1915 (the 8.2 Queen Elizabeth example) and two size C destroyers. DP are ESTIMATES.
const QE_AND_ESCORTS: &str = r#"
[[ship]]
id = "qe"
name = "HMS Queen Elizabeth"
side = "British"
size = "A"
dp = 600
speed = 24
in_service = 1915

[[ship]]
id = "d1"
name = "HMS Destroyer One"
side = "British"
size = "C"
dp = 40
speed = 34
in_service = 1915

[[ship]]
id = "d2"
name = "HMS Destroyer Two"
side = "British"
size = "C"
dp = 40
speed = 34
in_service = 1915

[[ship]]
id = "d3"
name = "HMS Destroyer Three"
side = "British"
size = "C"
dp = 40
speed = 34
in_service = 1915

[[ship]]
id = "tug"
name = "Fleet Tug"
side = "British"
size = "D"
dp = 20
speed = 12
in_service = 1915
tug = true
"#;

/// A big German ship (size A, 1915) for the national rule, the order, conflagration and capsize.
const GERMAN: &str = r#"
[[ship]]
id = "lutzow"
name = "SMS Lützow"
side = "German"
size = "A"
dp = 1000
speed = 26
in_service = 1915
nation = "Germany"
"#;

fn dc_events(g: &umpire::rulesets::fgdn::Game) -> Vec<(u32, u32, SeverityLevel, i64, i32, i32)> {
    last_events(g)
        .iter()
        .filter_map(|e| match e {
            Event::DamageControl {
                roll,
                modified,
                column,
                effective_pct,
                dice,
                amount,
                ..
            } => Some((*roll, *modified, *column, *effective_pct, *dice, *amount)),
            _ => None,
        })
        .collect()
}

/// FG&DN 8.2 Devonshire example: two fires (2 % + 3 % = 5 %) and a 4 % flood, 9 % in all: Major
/// for a 1905 size B ship. Fire D10 4 -> -D6 (D6 4: the 2 % fire goes out, the 3 % drops to 1 %,
/// the smallest first); flooding D10 9 -> +D6 (D6 3: 4 % -> 7 %). Both read the Major column.
#[test]
fn devonshire_damage_control_example_8_2() {
    // given
    let mut g = game("1200", "", DEVONSHIRE);
    cmds(
        &mut g,
        "fire devonshire 2
         fire devonshire 3
         flood devonshire 4
         until 1209 resolution",
    );
    let v = sview(&g, "devonshire");
    assert_eq!((v.dc_pct, v.dc_level), (9, SeverityLevel::Major));
    // when: count D6 1 for the 9 DP (none), fire D10 4, D6 4, flood D10 9, D6 3
    cmds(&mut g, "dice 1 4 4 9 3\nnext");
    // then
    let dc = dc_events(&g);
    assert_eq!(
        dc,
        vec![
            (4, 4, SeverityLevel::Major, 9, -1, -4),
            (9, 9, SeverityLevel::Major, 9, 1, 3)
        ]
    );
    let s = ship(&g, "devonshire");
    assert_eq!(pcts(s, true), vec![0, 1]);
    assert_eq!(pcts(s, false), vec![7]);
    assert_eq!(s.damage, 9);
    let log = last_log(&g);
    assert!(log.contains("D10 4: -D6% = 4 off %"), "{log}");
    assert!(log.contains("2 % -> out, 3 % -> 1 %"), "{log}");
    assert!(log.contains("D10 9: +D6% = 3 more %"), "{log}");
}

/// FG&DN 8.2 Queen Elizabeth example under SPEC 3.8: 16 % fire + 8 % flooding = 24 %,
/// Overwhelmed; the light battery's crews lend 5 % (19 %, still Overwhelmed); two destroyers lend
/// half their unshifted Minor rating, 4 % each: 11 %, Major. The rolls read the Major column.
#[test]
fn queen_elizabeth_crews_and_destroyers_8_2_spec_3_8() {
    // given
    let mut g = game("1200", "", QE_AND_ESCORTS);
    cmds(&mut g, "fire qe 16\nflood qe 8");
    assert_eq!(sview(&g, "qe").dc_level, SeverityLevel::Overwhelmed);
    // when: crews from the light battery
    cmd(&mut g, "crew qe light");
    let v = sview(&g, "qe");
    assert_eq!((v.dc_pct, v.dc_level), (19, SeverityLevel::Overwhelmed));
    assert_eq!(v.dc_crews.as_deref(), Some("light"));
    assert_eq!(v.dc_crew_bonus, 5);
    // and two destroyers assist
    cmds(&mut g, "assist d1 qe\nassist d2 qe");
    let v = sview(&g, "qe");
    assert_eq!((v.dc_pct, v.dc_level), (11, SeverityLevel::Major));
    assert_eq!(v.assisted_by.len(), 2);
    assert_eq!(v.assisted_by[0].bonus, 4);
    assert_eq!(sview(&g, "d1").assisting.as_deref(), Some("qe"));
    // the true totals are unchanged
    assert_eq!((v.fire_pct, v.flood_pct, v.severity_pct), (16, 8, 24));
    assert_eq!(v.severity, SeverityLevel::Overwhelmed);
    // then the first rolls (1209) read the Major column: 144 DP, count D6 1 (none); fire D10 3
    // -> -D6 (D6 5: 16 -> 11 %); flooding D10 7 -> no change
    cmds(&mut g, "until 1209 resolution\ndice 1 3 5 7\nnext");
    let dc = dc_events(&g);
    assert_eq!(
        dc,
        vec![
            (3, 3, SeverityLevel::Major, 11, -1, -5),
            (7, 7, SeverityLevel::Major, 11, 0, 0)
        ]
    );
    assert_eq!(pcts(ship(&g, "qe"), true), vec![11]);
}

/// FG&DN 8.2 note: a fleet tug lends its whole Minor rating (size D: 8 %).
#[test]
fn a_tug_lends_its_whole_minor_rating_8_2() {
    let mut g = game("1200", "", QE_AND_ESCORTS);
    cmds(&mut g, "fire qe 16\nassist tug qe");
    let v = sview(&g, "qe");
    assert_eq!(v.assisted_by[0].bonus, 8);
    assert_eq!(v.dc_pct, 8);
}

/// FG&DN 8.2: a helper that catches fire (or passes 50 % damage) stops counting; the view says why.
#[test]
fn a_helper_that_catches_fire_stops_counting_8_2() {
    let mut g = game("1200", "", QE_AND_ESCORTS);
    cmds(&mut g, "fire qe 16\nassist d1 qe");
    assert_eq!(sview(&g, "qe").dc_pct, 12);
    cmd(&mut g, "fire d1 2");
    let v = sview(&g, "qe");
    assert_eq!(v.dc_pct, 16);
    assert_eq!(v.assisted_by[0].bonus, 0);
    assert!(v.assisted_by[0]
        .problem
        .as_deref()
        .unwrap()
        .contains("has a fire"));
    cmd(&mut g, "release d1");
    assert_eq!(sview(&g, "qe").assisted_by.len(), 0);
    assert_eq!(sview(&g, "d1").assisting, None);
}

/// SPEC 4 / 3.7 quality bar: bad orders are refused with a clear message and change nothing.
#[test]
fn bad_damage_control_orders_are_refused_and_change_nothing_8_2() {
    let mut g = game("1200", "", QE_AND_ESCORTS);
    cmds(&mut g, "fire qe 16\nfire d3 2\nnext");
    // magazines outside the Plotting Phase
    assert!(refused(&mut g, "magazines qe").contains("plotting phase"));
    // assistance by a burning ship
    assert!(refused(&mut g, "assist d3 qe").contains("has a fire"));
    // a ship over 50 % damage
    cmd(&mut g, "adjust d2 damage 21 \"test\"");
    assert!(refused(&mut g, "assist d2 qe").contains("more than 50 % damage"));
    // crews sent twice
    cmd(&mut g, "crew qe main");
    assert!(refused(&mut g, "crew qe casemate").contains("once"));
    // unknown ship
    assert!(refused(&mut g, "crew qee light").contains("did you mean \"qe\""));
    assert!(refused(&mut g, "assist d1 nobody").contains("not in this scenario"));
    // itself, a third helper, twice, releasing a ship that assists nobody
    assert!(refused(&mut g, "assist qe qe").contains("itself"));
    cmds(&mut g, "assist d1 qe\nassist tug qe");
    cmd(&mut g, "adjust d2 damage 0 \"test\"");
    assert!(refused(&mut g, "assist d2 qe").contains("already has 2 ships"));
    assert!(refused(&mut g, "assist d1 qe").contains("already assisting"));
    assert!(refused(&mut g, "release d2").contains("not assisting"));
    // orders: already obeyed
    assert!(refused(&mut g, "orders qe obeyed").contains("already obeys"));
    // flooded twice
    cmds(&mut g, "turn\nmagazines qe");
    assert!(refused(&mut g, "magazines qe").contains("already flooded"));
}

/// FG&DN 8.2 National Effectiveness (optional): German crews -1 on the reduction D10; a natural
/// 10 stays 10.
#[test]
fn national_modifier_and_natural_ten_8_2() {
    // given the option and a 4 % fire (Minor)
    let mut g = game("1200", "national_damage_control = true", GERMAN);
    cmds(&mut g, "fire lutzow 4\nuntil 1209 resolution");
    // when: count D6 1; D10 5 -1 = 4: -D6 (D6 1)
    cmds(&mut g, "dice 1 5 1\nnext");
    assert_eq!(dc_events(&g), vec![(5, 4, SeverityLevel::Minor, 4, -1, -1)]);
    // then at the 1230 mark (Plotting Phase): a natural 10 stays 10: +D6 (D6 2)
    cmds(&mut g, "until 1230 plotting\ndice 10 2\nnext");
    assert_eq!(dc_events(&g), vec![(10, 10, SeverityLevel::Minor, 3, 1, 2)]);
    assert_eq!(pcts(ship(&g, "lutzow"), true), vec![5]);
    // without the option there is no modifier
    let mut g = game("1200", "", GERMAN);
    cmds(
        &mut g,
        "fire lutzow 4\nuntil 1209 resolution\ndice 1 5 1\nnext",
    );
    assert_eq!(dc_events(&g)[0].1, 5);
}

/// FG&DN 8.2: a ship with a Major fire that ignores the order adds 2 to the fire reduction roll.
#[test]
fn ignored_major_fire_order_adds_two_8_2() {
    let mut g = game("1200", "", GERMAN);
    // 12 % is Major for a 1915 size A ship (10-14 %)
    cmds(&mut g, "fire lutzow 12\norders lutzow ignored");
    let v = sview(&g, "lutzow");
    assert!(v.fire_orders_ignored);
    assert_eq!(v.speed_max, 26, "no 15 kt cap when the order is ignored");
    assert!(v.orders.iter().any(|o| o.contains("IGNORED")));
    // 120 DP: 120/880 = .13, count D6 1 (none); D10 6 + 2 = 8: Major column +D6 (D6 1)
    cmds(&mut g, "until 1209 resolution\ndice 1 6 1\nnext");
    assert_eq!(dc_events(&g), vec![(6, 8, SeverityLevel::Major, 12, 1, 1)]);
    assert_eq!(pcts(ship(&g, "lutzow"), true), vec![13]);
    cmd(&mut g, "orders lutzow obeyed");
    assert_eq!(sview(&g, "lutzow").speed_max, 15);
}

/// SPEC 3.4: only fires past their first damage take part: a fire inflicted later waits for its
/// own third turn, and its own first roll comes with a roll for all.
#[test]
fn only_casualties_past_their_first_damage_take_part_8_2() {
    let mut g = game("1200", "", GERMAN);
    cmds(
        &mut g,
        "fire lutzow 3\nturn\nfire lutzow 5\nuntil 1209 resolution",
    );
    // 1209: the first fire does 30 DP (count D6 1); its DC roll D10 1 -> -2D6 (1+1): only the
    // first fire (3 % -> 1 %) takes part, the second has not burned yet.
    cmds(&mut g, "dice 1 1 1 1\nnext");
    assert_eq!(pcts(ship(&g, "lutzow"), true), vec![1, 5]);
    // 1212: the second fire's damage and first roll: D10 1 -> -2D6 (2+2) over both: 1 % out,
    // 5 % -> 2 %.
    cmds(&mut g, "until 1212 resolution\ndice 1 1 2 2\nnext");
    assert_eq!(pcts(ship(&g, "lutzow"), true), vec![0, 2]);
}

/// FG&DN 8.2 Overwhelmed fires: a conflagration check at each mark, 25 % per consecutive mark;
/// the magazines explode and the ship is lost at once.
#[test]
fn conflagration_reaches_the_magazines_8_2() {
    // given a 17 % fire (Overwhelmed for 1915 size A: 17 %+) on a 1000 DP ship
    let mut g = game("1200", "", GERMAN);
    cmds(&mut g, "fire lutzow 17\nuntil 1209 resolution");
    // 1209: 170 DP (count D6 1), DC D10 4 on the Overwhelmed column: no change
    cmds(&mut g, "dice 1 4\nnext");
    let timers = sview(&g, "lutzow").timers;
    assert!(
        timers.iter().any(|t| t
            .what
            .contains("conflagration check D100: magazine explosion on 1-25")
            && t.due == "1230"
            && t.phase == umpire::rulesets::fgdn::clock::Phase::Resolution),
        "{timers:?}"
    );
    // 1230 plotting DC D10 4 (no change); resolution: 170 DP (count D6 1), conflagration 1
    // mark, 25 %: D100 30 holds
    cmds(&mut g, "dice 4 1 30\nuntil 1233 plotting");
    assert_eq!(ship(&g, "lutzow").conflagration_marks, 1);
    assert!(ship(&g, "lutzow").is_afloat());
    // 1300: DC D10 4; 170 DP (170/490, the .30 line) (count D6 1); 2 marks, 50 %: D100 40 explodes
    cmds(&mut g, "dice 4 1 40\nuntil 1303 plotting");
    let s = ship(&g, "lutzow");
    assert_eq!(s.status, ShipStatus::Sunk);
    assert!(s.lost.as_deref().unwrap().contains("magazine explosion"));
    assert_eq!(sview(&g, "lutzow").status, "sunk");
}

/// FG&DN 8.2: magazines flooded in a Plotting Phase prevent the explosion (no roll), at the cost
/// of the main and secondary ammunition.
#[test]
fn flooded_magazines_prevent_the_conflagration_explosion_8_2() {
    let mut g = game("1200", "", GERMAN);
    cmds(
        &mut g,
        "fire lutzow 20\nuntil 1209 resolution\ndice 1 4\nnext",
    );
    cmds(&mut g, "until 1230 plotting\nmagazines lutzow");
    assert!(sview(&g, "lutzow").magazines_flooded);
    // The check still comes at the mark (it is logged), but without a D100: nothing can explode.
    let listed: Vec<_> = sview(&g, "lutzow")
        .timers
        .into_iter()
        .filter(|t| t.what.contains("conflagration"))
        .collect();
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert!(listed[0].what.contains("no explosion"), "{listed:?}");
    assert!(!listed[0].what.contains("D100"), "{listed:?}");
    // DC D10 4; count D6 1; no D100
    cmds(&mut g, "dice 4 1\nuntil 1233 plotting");
    let checks: Vec<_> = g
        .entries()
        .last()
        .unwrap()
        .events
        .iter()
        .filter_map(|e| match e {
            Event::ConflagrationCheck { roll, marks, .. } => Some((*roll, *marks)),
            _ => None,
        })
        .collect();
    assert_eq!(checks, vec![(None, 1)]);
    assert!(ship(&g, "lutzow").is_afloat());
}

/// FG&DN 8.2: when the fires drop below Overwhelmed, the consecutive count starts again.
#[test]
fn the_conflagration_count_resets_when_no_longer_overwhelmed_8_2() {
    let mut g = game("1200", "", GERMAN);
    cmds(
        &mut g,
        "fire lutzow 20\nuntil 1209 resolution\ndice 1 4\nnext",
    );
    cmds(&mut g, "dice 4 1 30\nuntil 1233 plotting");
    assert_eq!(ship(&g, "lutzow").conflagration_marks, 1);
    // 1300 plotting DC: D10 1 on Overwhelmed: -D6 (6): 20 -> 14 % (Major); 1300: 140 DP, count
    // D6 1; no check, the count resets
    cmds(&mut g, "dice 1 6 1\nuntil 1303 plotting");
    assert_eq!(ship(&g, "lutzow").conflagration_marks, 0);
    assert!(ship(&g, "lutzow").is_afloat());
}

/// FG&DN 8.2 Overwhelmed flooding: a 25 % capsize check at each mark; the ship is lost at once.
#[test]
fn overwhelmed_flooding_capsize_check_8_2() {
    let mut g = game("1200", "", GERMAN);
    cmds(
        &mut g,
        "flood lutzow 18\nuntil 1209 resolution\ndice 1 4\nnext",
    );
    assert!(sview(&g, "lutzow")
        .timers
        .iter()
        .any(|t| t.what.contains("capsize check D100: capsizes on 1-25")));
    // 1230: DC D10 4 (no change); 180 DP, count D6 1; capsize D100 26: stays upright
    cmds(&mut g, "dice 4 1 26\nuntil 1233 plotting");
    assert!(ship(&g, "lutzow").is_afloat());
    // 1300: DC D10 4; count D6 1; capsize D100 25: capsizes
    cmds(&mut g, "dice 4 1 25\nuntil 1303 plotting");
    let s = ship(&g, "lutzow");
    assert_eq!(s.status, ShipStatus::Sunk);
    assert!(s.lost.as_deref().unwrap().contains("capsized"));
}

/// SPEC 3.5: the timers list every DC roll with its effective level and column.
#[test]
fn dc_timers_name_the_roll_and_its_column_spec_3_5() {
    let mut g = game("1200", "", QE_AND_ESCORTS);
    cmds(&mut g, "fire qe 12\ncrew qe main");
    let t = sview(&g, "qe").timers;
    let whats: Vec<(String, String, String)> = t
        .iter()
        .map(|t| (t.what.clone(), t.due.clone(), t.phase.to_string()))
        .collect();
    assert!(whats.contains(&(
        "fire DC roll D10 (effective 7 %, minor column)".into(),
        "1209".into(),
        "resolution".into()
    )));
    assert!(whats.contains(&(
        "fire DC roll D10 (effective 7 %, minor column)".into(),
        "1230".into(),
        "plotting".into()
    )));
    assert!(whats.contains(&(
        "fire 12 %: 72 DP damage".into(),
        "1209".into(),
        "resolution".into()
    )));
}

/// FG&DN 8.2 severity modifier 1 halves the severity "if the hit is non-penetrating". A fire
/// started by a critical from fire damage (no hit at all, nothing penetrated this turn) is not
/// halved: 20 % fire on a 1915 merchant (unstarred fire cell), D6 6 -> 3 criticals, D20 15 ->
/// fire, D6 4 -> D6+2 = 6 % (not 3 %).
#[test]
fn fires_started_by_fire_damage_are_not_halved_as_non_penetrating_8_2() {
    let mut g = game(
        "1200",
        "",
        r#"
[[ship]]
id = "collier"
name = "SS Collier"
side = "British"
type = "merchant"
size = "B"
dp = 100
speed = 12
in_service = 1915
"#,
    );
    cmds(
        &mut g,
        "fire collier 20\nuntil 1209 resolution\ndice 6 15 4 5 3\nnext",
    );
    assert_eq!(pcts(ship(&g, "collier"), true), vec![20, 6]);
    let log = last_log(&g);
    assert!(log.contains("fire 6 %: D6+2 = 4+2 = 6%"), "{log}");
}
