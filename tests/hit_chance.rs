//! FG&DN 1.1 Gunfire Hit Chance Modifiers Table, Gunnery Standards 1 & 2 (page 6-4; SPEC 3.9):
//! the calculator against the table's figures, line by line; the `chance` command in a battle
//! (round trip, D100 with provenance, the log, undo); and `umpire chance [--json]`.
//!
//! The text gives no worked hit-chance example; every expectation below is read off the table
//! (base chance by band and standard, every modifier line, the sea-state rows by size, and the
//! closing rule: final modifier x 3 % short/medium, x 2 % long/extreme, added to the base).
mod common;
mod rules_common;
use rules_common::*;
use umpire::core::dice::Provenance;
use umpire::rulesets::fgdn::chance::{
    hit_chance, ChanceInput, ChanceResult, TargetAspect, TargetMotion, SPECIAL_IDS,
};
use umpire::rulesets::fgdn::command::{Command, RangeBand};
use umpire::rulesets::fgdn::event::Event;
use umpire::rulesets::fgdn::kinds::SizeClass;
use umpire::rulesets::fgdn::tables::Tables;

use RangeBand::{Extreme, Long, Medium, Short};
use SizeClass::*;

fn calc(input: &ChanceInput) -> Result<ChanceResult, String> {
    hit_chance(&Tables::builtin().gunfire_hit_chance, input)
}

fn with_mods(gs: u32, range: RangeBand, size: SizeClass, mods: &[&str]) -> ChanceInput {
    let mut i = ChanceInput::new(gs, range, size);
    i.salvo.mods = mods.iter().map(|m| m.to_string()).collect();
    i
}

fn ok(input: &ChanceInput) -> ChanceResult {
    calc(input).unwrap_or_else(|e| panic!("{input:?}: {e}"))
}

fn refused(input: &ChanceInput) -> String {
    calc(input).expect_err(&format!("{input:?} is refused"))
}

/// The value of the line `id` (panics if it is not listed).
fn value(r: &ChanceResult, id: &str) -> i32 {
    r.modifiers
        .iter()
        .find(|l| l.id == id)
        .unwrap_or_else(|| panic!("no line {id}: {r:?}"))
        .value
}

/// Base Chance of a Hit: GS1 40/20/10/5 %, GS2 50/30/10/5 %; the final modifier counts 3 % at
/// short and medium, 2 % at long and extreme.
#[test]
fn base_chance_and_per_point_by_band_and_standard_p6_4() {
    for (range, gs1, gs2, per) in [
        (Short, 40, 50, 3),
        (Medium, 20, 30, 3),
        (Long, 10, 10, 2),
        (Extreme, 5, 5, 2),
    ] {
        for (gs, base) in [(1, gs1), (2, gs2)] {
            let r = ok(&ChanceInput::new(gs, range, A));
            assert_eq!(
                (r.base, r.per_point, r.chance),
                (base, per, base),
                "{range} GS{gs}"
            );
            assert!(r.modifiers.is_empty() && !r.no_fire);
        }
    }
    assert!(refused(&ChanceInput::new(3, Short, A)).contains("GS1 and GS2"));
}

/// Every simple modifier line of the table, with its value, in a band and standard where it
/// applies; the final chance is base + value x per-point %.
#[test]
fn every_simple_modifier_line_p6_4() {
    let lines: [(&str, i32); 17] = [
        ("visibility_25", -4),
        ("visibility_40", -2),
        ("in_line_with_sun", -2),
        ("in_line_with_twilight_sun", 1),
        ("silhouetted_by_starshell_or_fire", -1),
        ("illuminated_by_starshell_fire_or_own_searchlight", 0),
        ("illuminated_by_searchlight", 1),
        ("dead_reckoning_fire", -4),
        ("blind_fire", -6),
        ("not_fired_on", 1),
        ("first_salvo", -2),
        ("third_or_later_salvo", 1),
        ("coincidence_rangefinder_poor_visibility", -1),
        ("firing_ship_over_15_kts", -1),
        ("local_control", -2),
        ("course_change_45", -3),
        ("firing_ship_evasive", -4),
    ];
    for (id, v) in lines {
        // GS2 (local control), long range (first salvo, coincidence range finders): base 10 %,
        // 2 % a point.
        let r = ok(&with_mods(2, Long, C, &[id]));
        assert_eq!(value(&r, id), v, "{id}");
        assert_eq!(r.modifier_total, v, "{id}");
        assert_eq!(r.chance as i32, (10 + 2 * v).max(0), "{id}");
    }
    // Every line of the built-in table is covered (overconcentration is a count, below).
    let t = Tables::builtin().gunfire_hit_chance;
    for m in t.modifiers.iter().filter(|m| !m.per_ship_above_limit) {
        assert!(lines.iter().any(|(id, _)| *id == m.id), "{} untested", m.id);
    }
    for id in SPECIAL_IDS {
        assert!(t.modifier(id).is_some(), "{id} is in the table");
    }
}

/// Lines that apply only in some bands or to one standard are refused elsewhere, with the
/// reason: first salvo, overconcentration, coincidence range finders (long and extreme),
/// local control (GS2 guns only). Third or later salvo applies in all bands.
#[test]
fn band_and_standard_limits_are_refused_with_the_reason_p6_4() {
    for range in [Short, Medium] {
        for id in ["first_salvo", "coincidence_rangefinder_poor_visibility"] {
            let e = refused(&with_mods(1, range, A, &[id]));
            assert!(
                e.contains(&format!(
                    "applies only at long and extreme range, not {range}"
                )),
                "{e}"
            );
        }
        let mut i = ChanceInput::new(1, range, A);
        i.salvo.overconcentration = Some(1);
        assert!(refused(&i).contains("overconcentration"));
        assert_eq!(
            value(
                &ok(&with_mods(1, range, A, &["third_or_later_salvo"])),
                "third_or_later_salvo"
            ),
            1
        );
    }
    for range in [Long, Extreme] {
        ok(&with_mods(
            1,
            range,
            A,
            &["first_salvo", "coincidence_rangefinder_poor_visibility"],
        ));
    }
    let e = refused(&with_mods(1, Short, A, &["local_control"]));
    assert!(e.contains("applies to GS2 guns only, not GS1"), "{e}");
    assert_eq!(
        value(
            &ok(&with_mods(2, Short, A, &["local_control"])),
            "local_control"
        ),
        -2
    );
}

/// Sea State by target size (A&B, C&D, E-G): SS 3 NA/NA/-2, SS 4 NA/-2/-4 (the text's "4" read
/// as -4, docs/rules-notes.md), SS 5 -2/-4/-6, SS 6 -4/-6/NFP, no fire above sea state 6.
#[test]
fn sea_state_rows_by_size_p6_4() {
    const NFP: Option<i32> = None;
    let rows: [(u32, [Option<i32>; 3]); 10] = [
        (0, [Some(0), Some(0), Some(0)]),
        (1, [Some(0), Some(0), Some(0)]),
        (2, [Some(0), Some(0), Some(0)]),
        (3, [Some(0), Some(0), Some(-2)]),
        (4, [Some(0), Some(-2), Some(-4)]),
        (5, [Some(-2), Some(-4), Some(-6)]),
        (6, [Some(-4), Some(-6), NFP]),
        (7, [NFP, NFP, NFP]),
        (8, [NFP, NFP, NFP]),
        (9, [NFP, NFP, NFP]),
    ];
    for (ss, by_group) in rows {
        for (sizes, want) in [
            (&[A, B][..], by_group[0]),
            (&[C, D][..], by_group[1]),
            (&[E, F, G][..], by_group[2]),
        ] {
            for &size in sizes {
                let mut i = ChanceInput::new(1, Short, size);
                i.salvo.sea_state = Some(ss);
                let r = ok(&i);
                match want {
                    Some(v) => {
                        assert!(!r.no_fire, "SS {ss} size {size}");
                        assert_eq!(value(&r, "sea_state"), v, "SS {ss} size {size}");
                        assert_eq!(r.chance as i32, 40 + 3 * v);
                    }
                    None => {
                        assert!(r.no_fire, "SS {ss} size {size}: no fire possible");
                        assert_eq!(r.chance, 0);
                        assert!(r.modifiers[0].label.contains("no fire possible"));
                    }
                }
            }
        }
    }
    let mut i = ChanceInput::new(1, Short, A);
    i.salvo.sea_state = Some(10);
    assert!(refused(&i).contains("not a sea state"));
}

/// Overconcentration: -1 per ship above the limit, long and extreme only.
#[test]
fn overconcentration_counts_ships_above_the_limit_p6_4() {
    for (n, v) in [(1, -1), (2, -2), (3, -3), (5, -5)] {
        for (range, base) in [(Long, 10), (Extreme, 5)] {
            let mut i = ChanceInput::new(1, range, B);
            i.salvo.overconcentration = Some(n);
            let r = ok(&i);
            assert_eq!(value(&r, "overconcentration"), v);
            assert_eq!(r.chance as i32, (base + 2 * v).max(0), "{n} at {range}");
        }
    }
    // none above the limit: no line
    let mut i = ChanceInput::new(1, Long, B);
    i.salvo.overconcentration = Some(0);
    assert!(ok(&i).modifiers.is_empty());
    // it is a count, not a --mod
    assert!(
        refused(&with_mods(1, Long, B, &["overconcentration"])).contains("--overconcentration N")
    );
}

/// Firing beyond range finder capability: up to +3,000 yd -1, 3,001-6,000 -2, more -3.
#[test]
fn beyond_rangefinder_bands_p6_4() {
    for (yards, v) in [
        (1, -1),
        (3000, -1),
        (3001, -2),
        (6000, -2),
        (6001, -3),
        (12000, -3),
    ] {
        let mut i = ChanceInput::new(1, Medium, A);
        i.salvo.beyond_rangefinder = Some(yards);
        let r = ok(&i);
        assert_eq!(value(&r, "beyond_rangefinder"), v, "{yards}");
        assert_eq!(r.chance as i32, 20 + 3 * v);
    }
}

/// Number of barrels firing: 1-2 +0, 3-4 +1, 5-6 +2, 7-8 +3, 9-10 +4, 11+ +5.
#[test]
fn barrels_bands_p6_4() {
    for (n, v) in [
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 1),
        (5, 2),
        (6, 2),
        (7, 3),
        (8, 3),
        (9, 4),
        (10, 4),
        (11, 5),
        (16, 5),
    ] {
        let mut i = ChanceInput::new(2, Medium, A);
        i.salvo.barrels = Some(n);
        let r = ok(&i);
        assert_eq!(value(&r, "barrels"), v, "{n} barrels");
        assert_eq!(r.chance as i32, 30 + 3 * v);
    }
    let mut i = ChanceInput::new(2, Medium, A);
    i.salvo.barrels = Some(0);
    assert!(refused(&i).contains("at least 1 barrel"));
}

/// Target speed: 25 kt or more -3, 20-24 -2, 10 or less +1, stationary +2; 11-19 none.
#[test]
fn target_speed_bands_p6_4() {
    for (m, v) in [
        (TargetMotion::Stationary, 2),
        (TargetMotion::Knots(0), 2),
        (TargetMotion::Knots(1), 1),
        (TargetMotion::Knots(10), 1),
        (TargetMotion::Knots(11), 0),
        (TargetMotion::Knots(19), 0),
        (TargetMotion::Knots(20), -2),
        (TargetMotion::Knots(24), -2),
        (TargetMotion::Knots(25), -3),
        (TargetMotion::Knots(32), -3),
    ] {
        let mut i = ChanceInput::new(1, Extreme, A);
        i.salvo.target_motion = Some(m);
        let r = ok(&i);
        assert_eq!(value(&r, "target_speed"), v, "{m:?}");
        assert_eq!(r.chance as i32, (5 + 2 * v).max(0));
    }
}

/// Target steering evasively (20 kt or more): B -2, C & D -3, E-G -4; size A cannot.
#[test]
fn target_evasive_by_size_p6_4() {
    for (size, v) in [(B, -2), (C, -3), (D, -3), (E, -4), (F, -4), (G, -4)] {
        let mut i = ChanceInput::new(1, Short, size);
        i.salvo.target_evasive = true;
        assert_eq!(value(&ok(&i), "target_evasive"), v, "{size}");
        i.salvo.target_motion = Some(TargetMotion::Knots(20));
        assert_eq!(ok(&i).modifier_total, v - 2, "with 20 kt (-2)");
        i.salvo.target_motion = Some(TargetMotion::Knots(19));
        assert!(refused(&i).contains("needs at least 20 kt"));
        i.salvo.target_motion = Some(TargetMotion::Stationary);
        assert!(refused(&i).contains("stationary target cannot steer evasively"));
    }
    let mut i = ChanceInput::new(1, Short, A);
    i.salvo.target_evasive = true;
    assert!(refused(&i).contains("size A target cannot steer evasively"));
}

/// Target aspect broad/quarter/narrow: A +2/+1/+0, B +1/+0/-1, C & D +0/-1/-2, E-G -2/-3/-4.
#[test]
fn target_aspect_by_size_p6_4() {
    for (size, [b, q, n]) in [
        (A, [2, 1, 0]),
        (B, [1, 0, -1]),
        (C, [0, -1, -2]),
        (D, [0, -1, -2]),
        (E, [-2, -3, -4]),
        (F, [-2, -3, -4]),
        (G, [-2, -3, -4]),
    ] {
        for (a, v) in [
            (TargetAspect::Broad, b),
            (TargetAspect::Quarter, q),
            (TargetAspect::Narrow, n),
        ] {
            let mut i = ChanceInput::new(1, Short, size);
            i.salvo.aspect = Some(a);
            assert_eq!(value(&ok(&i), "target_aspect"), v, "{size} {a}");
        }
    }
}

/// The table's own words: the visibility lines are ignored when the target is illuminated or
/// silhouetted, and under blind fire; steering evasively takes precedence over the course
/// change. Ignored lines are shown with value 0 and the reason.
#[test]
fn ignored_lines_p6_4() {
    for lit in [
        "in_line_with_twilight_sun",
        "silhouetted_by_starshell_or_fire",
        "illuminated_by_starshell_fire_or_own_searchlight",
        "illuminated_by_searchlight",
    ] {
        for vis in ["visibility_25", "visibility_40"] {
            let r = ok(&with_mods(1, Short, A, &[vis, lit]));
            let l = r.modifiers.iter().find(|l| l.id == vis).unwrap();
            assert_eq!(l.value, 0, "{vis} with {lit}");
            assert!(l
                .ignored
                .as_deref()
                .unwrap()
                .contains("illuminated or silhouetted"));
            assert_eq!(r.modifier_total, value(&r, lit));
        }
    }
    let r = ok(&with_mods(1, Short, A, &["visibility_25", "blind_fire"]));
    assert_eq!(r.modifier_total, -6);
    assert!(r.modifiers.iter().any(|l| l
        .ignored
        .as_deref()
        .is_some_and(|w| w.contains("blind fire"))));
    assert_eq!(r.chance, 40 - 18);
    let r = ok(&with_mods(
        1,
        Short,
        A,
        &["course_change_45", "firing_ship_evasive"],
    ));
    assert_eq!(r.modifier_total, -4);
    assert_eq!(value(&r, "course_change_45"), 0);
}

/// Lines that cannot describe one salvo together, and bad ids, are refused.
#[test]
fn contradictions_and_unknown_ids_are_refused() {
    assert!(
        refused(&with_mods(1, Short, A, &["visibility_25", "visibility_40"]))
            .contains("one visibility")
    );
    assert!(refused(&with_mods(
        1,
        Long,
        A,
        &["first_salvo", "third_or_later_salvo"]
    ))
    .contains("not both"));
    assert!(refused(&with_mods(1, Long, A, &["not_fired_on", "not_fired_on"])).contains("twice"));
    let e = refused(&with_mods(1, Long, A, &["first_salvoo"]));
    assert!(
        e.contains("unknown modifier \"first_salvoo\" (did you mean \"first_salvo\"?)"),
        "{e}"
    );
}

/// A full salvo: GS1 at long range on a size B battlecruiser at 22 kt, broadside, sea state 5,
/// eight barrels, first salvo, not fired on, two ships too many, 4,000 yd past the range finder:
/// base 10 %; -2 (SS5 A&B) +1 -2 -2 (over) -2 (RF) +3 (barrels) -2 (speed) +1 (broad) = -5;
/// 10 - 10 = 0 %. The same at GS2 medium without the long-range lines: 30 + 3 x (-2 +1 +3 -2 -2
/// +1) = 30 - 3 = 27 %.
#[test]
fn a_whole_salvo_p6_4() {
    let mut i = with_mods(1, Long, B, &["first_salvo", "not_fired_on"]);
    i.salvo.sea_state = Some(5);
    i.salvo.barrels = Some(8);
    i.salvo.overconcentration = Some(2);
    i.salvo.beyond_rangefinder = Some(4000);
    i.salvo.target_motion = Some(TargetMotion::Knots(22));
    i.salvo.aspect = Some(TargetAspect::Broad);
    let r = ok(&i);
    assert_eq!((r.modifier_total, r.chance), (-5, 0));
    let mut i = with_mods(2, Medium, B, &["not_fired_on"]);
    i.salvo.sea_state = Some(5);
    i.salvo.barrels = Some(8);
    i.salvo.beyond_rangefinder = Some(4000);
    i.salvo.target_motion = Some(TargetMotion::Knots(22));
    i.salvo.aspect = Some(TargetAspect::Broad);
    let r = ok(&i);
    assert_eq!((r.modifier_total, r.chance), (-1, 27));
    // The chance never goes below 0 % (reading: a D100 cannot roll under 1).
    let r = ok(&with_mods(
        1,
        Extreme,
        G,
        &["blind_fire", "dead_reckoning_fire"],
    ));
    assert_eq!((r.modifier_total, r.chance), (-10, 0));
}

// ------------------------------------------------------------------ the `chance` command

const SHIPS: &str = r#"
[[ship]]
id = "lion"
name = "HMS Lion"
side = "British"
size = "A"
dp = 530
speed = 28
in_service = 1912
nation = "GB"

[[ship]]
id = "seydlitz"
name = "SMS Seydlitz"
side = "German"
size = "B"
dp = 450
speed = 27
in_service = 1913
nation = "DE"
"#;

fn rt(s: &str) -> Command {
    let c: Command = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
    assert_eq!(c.to_string().parse::<Command>().unwrap(), c, "{s}");
    c
}

/// SPEC 4: `chance` round-trips through its text, and bad words are named.
#[test]
fn chance_command_round_trips() {
    rt("chance gs 1 range long size B");
    rt("chance gs 2 range short target seydlitz firer lion roll");
    rt("chance gs 1 range long size c sea-state 4 barrels 8 target-speed 22 target-evasive aspect narrow beyond-rangefinder 3500 overconcentration 2 mod first_salvo mod not_fired_on roll");
    rt("chance gs 1 range medium size G target-stationary aspect quarter");
    rt("chance roll mod blind_fire size A range extreme gs 2");
    let c = rt("CHANCE GS 1 RANGE LONG TARGET Seydlitz");
    assert_eq!(c.to_string(), "chance gs 1 range long target seydlitz");
    let e = |s: &str| s.parse::<Command>().unwrap_err().message;
    assert!(e("chance range long size B").contains("missing gs"));
    assert!(e("chance gs 3 range long size B").contains("GS1 and GS2"));
    assert!(e("chance gs 1 size B").contains("missing range"));
    assert!(e("chance gs 1 range long").contains("size A-G) or the target ship"));
    assert!(e("chance gs 1 range long size B target x").contains("size and target together"));
    assert!(
        e("chance gs 1 range long size B target-speed 20 target-stationary").contains("give one")
    );
    assert!(e("chance gs 1 range long size B mod first_salvo mod first_salvo").contains("twice"));
    assert!(e("chance gs 1 range long size B sea-state 12").contains("not a valid sea-state"));
    assert!(e("chance gs 1 range long size B barrels 0").contains("at least 1 barrel"));
    assert!(e("chance gs 1 range long size B loud").contains("unknown chance option \"loud\""));
    assert!(e("chance gs 1 range far size B").contains("unknown range"));
}

fn gun_chance(g: &umpire::rulesets::fgdn::Game) -> (Option<u32>, u32, bool, Option<String>) {
    last_events(g)
        .iter()
        .find_map(|e| match e {
            Event::GunChance(g) => {
                Some((g.roll, g.result.chance, g.result.no_fire, g.firer.clone()))
            }
            _ => None,
        })
        .expect("a GunChance event")
}

/// In a battle: the size is the target ship's, the sea state the battle's; `roll` rolls the
/// salvo's D100 (queued here, with provenance) and the log says hit or miss; nothing else
/// changes, and undo takes it back.
#[test]
fn chance_in_a_battle_rolls_and_logs() {
    let mut g = game("1400", "", SHIPS);
    // default sea state 3: no modifier for size B; GS1 long: 10 % + 2 x (+1 not fired on) = 12 %
    cmds(
        &mut g,
        "dice 12\nchance gs 1 range long target seydlitz firer lion mod not_fired_on roll",
    );
    assert_eq!(gun_chance(&g), (Some(12), 12, false, Some("lion".into())));
    let rolled = last_events(&g).iter().find_map(|e| match e {
        Event::Rolled { roll, ship } => Some((roll.clone(), ship.clone())),
        _ => None,
    });
    let (roll, ship) = rolled.expect("a D100 was rolled");
    assert_eq!((roll.face, roll.provenance), (12, Provenance::Queued));
    assert_eq!(ship.as_deref(), Some("lion"));
    assert!(roll
        .purpose
        .contains("salvo to hit, lion at seydlitz: hits on 12 or less"));
    let log = last_log(&g);
    assert!(
        log.contains("HMS Lion fires at SMS Seydlitz: hit chance GS1 long, size B: base 10 %"),
        "{log}"
    );
    assert!(log.contains("D100 12: HIT"), "{log}");
    // 13 misses
    cmds(
        &mut g,
        "dice 13\nchance gs 1 range long target seydlitz firer lion mod not_fired_on roll",
    );
    assert!(last_log(&g).contains("D100 13: miss"));
    // without roll, no die; the battle's sea state counts (sea state 6: A&B -4)
    cmds(&mut g, "sea-state 6\nchance gs 2 range short size A");
    assert_eq!(gun_chance(&g), (None, 50 - 12, false, None));
    assert!(last_log(&g).contains("sea state -4"), "{}", last_log(&g));
    // no fire possible at sea state 7: no die rolled even with roll
    cmds(&mut g, "sea-state 7\nchance gs 2 range short size A roll");
    assert_eq!(gun_chance(&g), (None, 0, true, None));
    assert!(last_log(&g).contains("no fire possible"));
    // an explicit sea state wins
    cmds(&mut g, "chance gs 2 range short size A sea-state 3");
    assert_eq!(gun_chance(&g).1, 50);
    // the state is untouched by chance, and undo steps over it
    let before = g.state.clone();
    cmds(&mut g, "dice 1\nchance gs 1 range short target lion roll");
    assert_eq!(g.state.ships, before.ships);
    cmds(&mut g, "undo");
    assert_eq!(g.state.dice_queue.len(), 1, "the D100 is back in the queue");
}

/// A modifier that does not apply is refused by the command as by the calculator, and changes
/// nothing; a sunk or unknown ship too.
#[test]
fn chance_command_refusals_change_nothing() {
    let mut g = game("1400", "", SHIPS);
    let e = rules_common::refused(&mut g, "chance gs 1 range short size A mod first_salvo");
    assert!(
        e.contains("applies only at long and extreme range, not short"),
        "{e}"
    );
    let e = rules_common::refused(&mut g, "chance gs 1 range short size A mod local_control");
    assert!(e.contains("GS2 guns only"), "{e}");
    let e = rules_common::refused(&mut g, "chance gs 1 range short target hood");
    assert!(e.contains("\"hood\" is not in this scenario"), "{e}");
}

// ------------------------------------------------------------------ umpire chance

fn umpire_chance(args: &[&str]) -> std::process::Output {
    common::umpire().arg("chance").args(args).output().unwrap()
}

/// SPEC 3.9's headless contract: `--json` prints base, modifiers [{id, label, value}],
/// modifier_total, per_point, chance, no_fire.
#[test]
fn umpire_chance_json_contract() {
    let o = umpire_chance(&[
        "--gs",
        "1",
        "--range",
        "long",
        "--size",
        "B",
        "--sea-state",
        "4",
        "--barrels",
        "8",
        "--target-speed",
        "22",
        "--aspect",
        "broad",
        "--beyond-rangefinder",
        "2000",
        "--overconcentration",
        "1",
        "--mod",
        "first_salvo",
        "--mod",
        "not_fired_on",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    let mut want = vec![
        "base",
        "modifiers",
        "modifier_total",
        "per_point",
        "chance",
        "no_fire",
    ];
    let mut got = keys.clone();
    got.sort();
    want.sort();
    assert_eq!(got, want);
    assert_eq!(v["base"], 10);
    assert_eq!(v["per_point"], 2);
    // SS4 A&B none 0, first salvo -2, not fired on +1, over -1, RF -1, barrels +3, 22 kt -2,
    // broad +1 = -1 -> 8 %
    assert_eq!(v["modifier_total"], -1);
    assert_eq!(v["chance"], 8);
    assert_eq!(v["no_fire"], false);
    let mods = v["modifiers"].as_array().unwrap();
    assert_eq!(mods.len(), 8);
    for m in mods {
        assert!(
            m["id"].is_string() && m["label"].is_string() && m["value"].is_i64(),
            "{m}"
        );
    }
    let sum: i64 = mods.iter().map(|m| m["value"].as_i64().unwrap()).sum();
    assert_eq!(sum, -1);
    // text form
    let o = umpire_chance(&[
        "--gs",
        "2",
        "--range",
        "short",
        "--size",
        "A",
        "--target-stationary",
    ]);
    let t = String::from_utf8_lossy(&o.stdout);
    assert!(t.contains("56 %  chance to hit"), "{t}");
    // no fire possible
    let o = umpire_chance(&[
        "--gs",
        "1",
        "--range",
        "short",
        "--size",
        "E",
        "--sea-state",
        "6",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (v["no_fire"].clone(), v["chance"].clone()),
        (true.into(), 0.into())
    );
}

/// A modifier that does not apply is refused with the reason (exit 2); so are bad flags.
#[test]
fn umpire_chance_refusals() {
    let o = umpire_chance(&[
        "--gs",
        "1",
        "--range",
        "short",
        "--size",
        "A",
        "--mod",
        "local_control",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("local_control (Local control) applies to GS2 guns only, not GS1"),
        "{e}"
    );
    let o = umpire_chance(&[
        "--gs",
        "1",
        "--range",
        "medium",
        "--size",
        "A",
        "--overconcentration",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr)
        .contains("applies only at long and extreme range, not medium"));
    let o = umpire_chance(&[
        "--gs",
        "1",
        "--range",
        "short",
        "--size",
        "A",
        "--target-speed",
        "5",
        "--target-stationary",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = umpire_chance(&["--gs", "3", "--range", "short", "--size", "A"]);
    assert_eq!(o.status.code(), Some(2));
    let o = umpire_chance(&["--gs", "1", "--range", "short", "--size", "Q"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown size class"));
}

/// The README's example: GS1 long, size B, 8 barrels +3, 25 kt -3, first salvo -2: 10 % + 2 x
/// (-2) = 6 %.
#[test]
fn readme_example() {
    let o = umpire_chance(&[
        "--gs",
        "1",
        "--range",
        "long",
        "--size",
        "B",
        "--barrels",
        "8",
        "--target-speed",
        "25",
        "--mod",
        "first_salvo",
    ]);
    assert!(o.status.success());
    let t = String::from_utf8_lossy(&o.stdout);
    assert!(t.contains("modifier total -2 x 2 % = -4 %"), "{t}");
    assert!(t.contains("6 %  chance to hit"), "{t}");
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(readme.contains(
        "umpire chance --gs 1 --range long --size B --barrels 8 --target-speed 25 --mod first_salvo"
    ));
}

// ------------------------------------------------------------------ properties

mod props {
    use super::*;
    use proptest::prelude::*;
    use umpire::rulesets::fgdn::chance::{ChanceCommand, Salvo};

    fn motion() -> impl Strategy<Value = Option<TargetMotion>> {
        prop_oneof![
            Just(None),
            Just(Some(TargetMotion::Stationary)),
            (0u32..=80).prop_map(|k| Some(TargetMotion::Knots(k))),
        ]
    }

    fn salvo() -> impl Strategy<Value = Salvo> {
        let ids = Tables::builtin()
            .gunfire_hit_chance
            .modifiers
            .iter()
            .map(|m| m.id.clone())
            .collect::<Vec<_>>();
        (
            prop::option::of(0u32..=9),
            prop::option::of(1u32..=999),
            motion(),
            any::<bool>(),
            prop::option::of(prop::sample::select(vec![
                TargetAspect::Broad,
                TargetAspect::Quarter,
                TargetAspect::Narrow,
            ])),
            prop::option::of(0u32..=100_000),
            prop::option::of(0u32..=999),
            prop::sample::subsequence(ids.clone(), 0..=ids.len()),
        )
            .prop_map(
                |(
                    sea_state,
                    barrels,
                    target_motion,
                    target_evasive,
                    aspect,
                    beyond_rangefinder,
                    overconcentration,
                    mods,
                )| Salvo {
                    sea_state,
                    barrels,
                    target_motion,
                    target_evasive,
                    aspect,
                    beyond_rangefinder,
                    overconcentration,
                    mods,
                },
            )
    }

    fn range() -> impl Strategy<Value = RangeBand> {
        prop::sample::select(RangeBand::ALL.to_vec())
    }

    fn size() -> impl Strategy<Value = SizeClass> {
        prop::sample::select(SizeClass::ALL.to_vec())
    }

    proptest! {
        /// SPEC 4: parse(c.to_string()) == c for every `chance` command the parser can give.
        #[test]
        fn chance_commands_round_trip(
            gs in 1u32..=2,
            range in range(),
            by_target in any::<bool>(),
            size in size(),
            firer in prop::option::of("[a-z][a-z0-9_]{0,8}"),
            salvo in salvo(),
            roll in any::<bool>(),
        ) {
            let c = Command::Chance(ChanceCommand {
                gunnery_standard: gs,
                range,
                size: (!by_target).then_some(size),
                firer,
                target: by_target.then(|| "tiger".to_string()),
                salvo,
                roll,
            });
            let text = c.to_string();
            prop_assert_eq!(text.parse::<Command>().map_err(|e| e.message), Ok(c), "{}", text);
        }

        /// The calculator answers or refuses every input, never panics; an answer is within
        /// 0-100 %, its values add up to its total, and no fire means 0 %.
        #[test]
        fn the_calculator_is_total(gs in 1u32..=2, range in range(), size in size(), salvo in salvo()) {
            let input = ChanceInput { gunnery_standard: gs, range, size, salvo };
            if let Ok(r) = calc(&input) {
                prop_assert!(r.chance <= 100);
                prop_assert_eq!(r.modifiers.iter().map(|l| l.value).sum::<i32>(), r.modifier_total);
                if r.no_fire {
                    prop_assert_eq!(r.chance, 0);
                } else {
                    let raw = r.base as i32 + r.modifier_total * r.per_point as i32;
                    prop_assert_eq!(r.chance as i32, raw.clamp(0, 100));
                }
            }
        }
    }
}
