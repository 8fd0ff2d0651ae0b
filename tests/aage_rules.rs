//! The A&A Game Engineering fast-play quick reference (2020), driven through `decide` and
//! `end_phase` with fixed dice. Each test names the card it checks (2.2, 2.4, 5.3, 5.4, 5.5,
//! 5.7, 5.10, 5.12, 5.16, 5.17; the text has no worked examples, so its printed values are
//! checked). Every step also checks that replaying the events with `apply` gives the live
//! state, and that every queued die was used.
mod common;
mod ruleset_common;

use ruleset_common::step;
use umpire::core::dice::Die;
use umpire::core::tables::RuleTables;
use umpire::rulesets::aage::event::Ev;
use umpire::rulesets::aage::game::Aage;
use umpire::rulesets::aage::ship::{CritColumn, CritResult, CritTable, Location, UNDEFINED};
use umpire::rulesets::aage::timers::{schedule, TimerKind};
use umpire::rulesets::aage::view::{describe, status_json};
use umpire::rulesets::aage::{apply, decide, end_phase, AaState, Command, Cx, Phase, Tables};

const SCENARIO: &str = include_str!("scenarios/aage_rules.toml");

struct Game {
    st: AaState,
    t: Tables,
    turn: u32,
    phase: Phase,
    dice: Vec<Die>,
    purposes: Vec<String>,
    chart_lines: Vec<String>,
}

impl Game {
    fn new() -> Game {
        Game::from(SCENARIO, Tables::builtin().unwrap())
    }

    fn from(text: &str, t: Tables) -> Game {
        let (_, st) = AaState::from_scenario("aage_rules.toml", text).unwrap();
        Game {
            st,
            t,
            turn: 1,
            phase: Phase::OngoingDamage,
            dice: vec![],
            purposes: vec![],
            chart_lines: vec![],
        }
    }

    fn at(mut self, phase: Phase) -> Game {
        self.phase = phase;
        self
    }

    fn go(&mut self, text: &str, faces: &[u32], charts: &[&str]) -> Result<Vec<Ev>, String> {
        let cmd: Command = text.parse()?;
        let (turn, phase) = (self.turn, self.phase);
        self.step(faces, charts, |cx| decide(cx, turn, phase, &cmd))
    }

    fn end(&mut self, faces: &[u32]) -> Vec<Ev> {
        let (turn, phase) = (self.turn, self.phase);
        let evs = self
            .step(faces, &[], |cx| end_phase(cx, turn, phase))
            .unwrap();
        let i = Phase::ALL.iter().position(|p| *p == phase).unwrap();
        if i == 5 {
            self.turn += 1;
            self.phase = Phase::OngoingDamage;
        } else {
            self.phase = Phase::ALL[i + 1];
        }
        evs
    }

    fn step(
        &mut self,
        faces: &[u32],
        charts: &[&str],
        f: impl FnOnce(&mut Cx<'_>) -> Result<(), String>,
    ) -> Result<Vec<Ev>, String> {
        let (events, o) = step::<Aage>(&mut self.st, &self.t, faces, charts, f)?;
        self.dice.extend(o.dice);
        self.purposes.extend(o.purposes);
        self.chart_lines.extend(o.lines);
        Ok(events)
    }

    fn ship(&self, id: &str) -> &umpire::rulesets::aage::Ship {
        self.st.ship(id).unwrap()
    }
}

fn lines(g: &AaState, evs: &[Ev]) -> Vec<String> {
    let mut st = g.clone();
    let mut out = vec![];
    for e in evs {
        out.extend(describe(&st, e));
        apply(&mut st, e);
    }
    out
}

/// The modifier and its reasons of the first fire event.
fn fired(evs: &[Ev]) -> (i32, Vec<String>) {
    evs.iter()
        .find_map(|e| match e {
            Ev::AAGunFire { modifier, why, .. } | Ev::AATorpedoFire { modifier, why, .. } => {
                Some((*modifier, why.clone()))
            }
            Ev::AAMineTest { modifier, why, .. } => Some((*modifier, why.clone())),
            _ => None,
        })
        .expect("a fire event")
}

// ---- 2.2 Game Sequence

#[test]
fn game_sequence_2_2_puts_each_command_in_its_phase() {
    let mut g = Game::new();
    let err = g
        .go("gun king at czar dice 1 range short", &[], &["d12"])
        .unwrap_err();
    assert!(err.contains("firing phase (2.2 Game Sequence)"), "{err}");
    let err = g.go("mine czar", &[], &[]).unwrap_err();
    assert!(err.contains("movement phase"), "{err}");
    let err = g.go("repair king fire ok", &[], &[]).unwrap_err();
    assert!(err.contains("repairs phase"), "{err}");
    let err = g.go("initiative", &[], &[]).unwrap_err();
    assert!(err.contains("initiative phase"), "{err}");
    // Crits, typed damage, sinking tests, settings, weather and night: any phase.
    g.go("set king evasive on", &[], &[]).unwrap();
    g.go("weather gale", &[], &[]).unwrap();
    assert!(
        g.go("weather gale", &[], &[]).is_err(),
        "no change is refused"
    );
}

// ---- 2.4 Initiative Modifiers

#[test]
fn initiative_2_4_adds_each_squadrons_modifiers_and_the_highest_wins() {
    let mut g = Game::new();
    g.end(&[]); // ongoing damage: nothing due
                // Blue: battle squadron superior +2; destroyers standard +1 and without a flagship -2.
                // Red: inferior +0.
    g.go("set czar command out", &[], &[]).unwrap(); // Red: -1, ships out of command
    let evs = g.go("initiative", &[4, 6], &[]).unwrap();
    let Ev::AAInitiative { throws, first, .. } = &evs[0] else {
        panic!("{evs:?}")
    };
    assert_eq!(throws[0].side, "Blue");
    assert_eq!(throws[0].modifier, 1, "{:?}", throws[0].why);
    assert_eq!(throws[1].modifier, -1, "{:?}", throws[1].why);
    assert_eq!((throws[0].total(), throws[1].total()), (5, 5));
    assert_eq!(*first, None, "a tie: the text does not settle it");
    let l = lines(&g.st, &evs).join("\n");
    assert!(l.contains("a tie: the rules do not say"), "{l}");
    // A tie may be rolled again; a winner may not.
    let evs = g.go("initiative", &[9, 2], &[]).unwrap();
    assert!(matches!(&evs[0], Ev::AAInitiative { first: Some(s), .. } if s == "Blue"));
    assert!(g.go("initiative", &[1, 1], &[]).is_err());
}

#[test]
fn initiative_2_4_a_large_squadron_of_7_is_minus_1_and_a_contact_marker_squadron_adds_no_crew() {
    let mut text = SCENARIO.replace("crew = \"inferior\"", "crew = \"inferior\"\nmodels = false");
    for k in 0..5 {
        text.push_str(&format!(
            "\n[[ship]]\nid = \"r{k}\"\nname = \"R{k}\"\nsquadron = \"red\"\ntype = \"CL\"\nspeed = 20\n"
        ));
    }
    let mut g = Game::from(&text, Tables::builtin().unwrap()).at(Phase::Initiative);
    // Red: 8 vessels (-1), a flagship, inferior but not deployed as models (no crew line).
    let evs = g.go("initiative", &[5, 5], &[]).unwrap();
    let Ev::AAInitiative { throws, .. } = &evs[0] else {
        panic!()
    };
    assert_eq!(throws[1].modifier, -1, "{:?}", throws[1].why);
    assert!(throws[1].why[0].contains("7 or more vessels"));
}

#[test]
fn initiative_is_rolled_at_the_end_of_its_phase_if_the_umpire_has_not() {
    let mut g = Game::new().at(Phase::Initiative);
    let due = schedule(&g.st, &g.t, 1, Phase::Initiative);
    assert!(due.iter().any(|d| d.kind == TimerKind::Initiative));
    let evs = g.end(&[3, 8]);
    assert!(matches!(&evs[0], Ev::AAInitiative { first: Some(s), .. } if s == "Red"));
    assert_eq!(g.dice, vec![Die::D10, Die::D10]);
}

// ---- 5.3 Gunnery Modifiers, evasion, 5.4 location, 5.5 armour, 5.2 damage (chart read)

#[test]
fn gunnery_5_3_short_range_and_a_superior_crew_are_plus_1_each_and_8_plus_hits() {
    let mut g = Game::new().at(Phase::Firing);
    // Faces 6 (8: hit) and 5 (7: miss). The hit: location 7 on a B is main (5.4), armour 9
    // (5.5); the 5.2 cell (class G, Short Range) is a chart read: d12, rolled 11: 11 - 9 = 2.
    // 5.7 B, CB column: 14 is rudder disabled.
    let evs = g
        .go(
            "gun king at czar dice 2 range short",
            &[6, 5, 7, 11, 14],
            &["d12"],
        )
        .unwrap();
    let (m, why) = fired(&evs);
    assert_eq!(m, 2, "{why:?}");
    assert_eq!(why, vec!["+1 Short range band", "+1 Superior crew"]);
    assert_eq!(
        g.chart_lines,
        vec!["5.2 Gun Classes, Ranges and Damage: class G, Short Range"]
    );
    assert_eq!(g.ship("czar").damage.main, 2);
    assert!(g.ship("czar").rudder_disabled);
    assert_eq!(
        g.dice,
        vec![Die::D10, Die::D10, Die::D10, Die::D12, Die::D20]
    );
    let l = lines(&g.st, &evs).join("\n");
    assert!(
        l.contains("location 7, main (armour 9); damage d12 11: 2 points to the main"),
        "{l}"
    );
    assert!(l.contains(&format!("rudder disabled: {UNDEFINED}")), "{l}");
    // The cell is read once a battle.
    g.go("gun king at czar dice 1 range short", &[1], &[])
        .unwrap();
    assert_eq!(g.chart_lines.len(), 1);
    let s = status_json(&g.st, &g.t, 1, Phase::Firing);
    assert_eq!(s["charted"]["class G, Short Range"], "d12");
}

#[test]
fn gunnery_5_3_each_listed_condition_has_its_cells_value() {
    let mut g = Game::new().at(Phase::Firing);
    g.go("chart d8", &[], &[]).unwrap();
    // Czar (inferior) at Long range at Dart (DD, fast 30 kts) with a splash marker, at night
    // in a gale: -1 inferior, -1 long, -1 fast, -1 DD or TB, -1 splash, -1 gale, -2 night.
    g.go("splash dart", &[], &[]).unwrap();
    g.go("night on", &[], &[]).unwrap();
    g.go("weather gale", &[], &[]).unwrap();
    let evs = g
        .go("gun czar at dart dice 1 range long", &[10], &[])
        .unwrap();
    let (m, why) = fired(&evs);
    assert_eq!(m, -8, "{why:?}");
    assert_eq!(why.len(), 7, "{why:?}");
    assert!(why.contains(&"-2 shooting at night".to_string()));
    assert!(why.contains(&"-1 shooting in a Gale".to_string()));
    // A DD shooting in a gale is -2; in Fresh to Strong -1. Stopped target +2 (not also slow);
    // a slow firer +1; a slow target +1.
    g.go("night off", &[], &[]).unwrap();
    g.go("chart d4", &[], &[]).unwrap();
    let evs = g
        .go("gun dart at czar dice 1 range med1", &[1], &[])
        .unwrap();
    assert_eq!(fired(&evs).0, -2, "{:?}", fired(&evs).1);
    g.go("weather strong", &[], &[]).unwrap();
    let evs = g
        .go("gun dart at czar dice 1 range med1", &[1], &[])
        .unwrap();
    assert_eq!(fired(&evs).0, -1, "{:?}", fired(&evs).1);
    g.go("weather moderate", &[], &[]).unwrap();
    g.go("set czar stopped on", &[], &[]).unwrap();
    g.go("set king speed 10", &[], &[]).unwrap();
    g.go("chart d10", &[], &[]).unwrap();
    let evs = g
        .go("gun king at czar dice 1 range med2", &[1], &[])
        .unwrap();
    let (m, why) = fired(&evs);
    assert_eq!(m, 4, "{why:?}"); // +1 firer slow, +1 superior, +2 stopped
    g.go("set czar stopped off", &[], &[]).unwrap();
    g.go("set czar speed 9", &[], &[]).unwrap();
    let evs = g
        .go("gun king at czar dice 1 range med2", &[1], &[])
        .unwrap();
    assert_eq!(fired(&evs).0, 3, "{:?}", fired(&evs).1); // slow target +1 instead of +2
    assert!(
        g.go("set czar speed 18", &[], &[]).is_err(),
        "above her maximum"
    );
}

#[test]
fn gunnery_5_3_a_gunboat_is_not_a_dd_or_tb_unless_the_option_says_so() {
    let mut g = Game::new().at(Phase::Firing);
    g.go("chart d8", &[], &[]).unwrap();
    let evs = g
        .go("gun czar at gnat dice 1 range med1", &[1], &[])
        .unwrap();
    // -1 inferior only (the gunboat is 12 kts: neither slow nor fast).
    assert_eq!(fired(&evs).0, -1, "{:?}", fired(&evs).1);
    let text = SCENARIO.replace("[[squadron]]\nid = \"bs\"", "[options]\ngunboat_small = true\ngunboat_criticals = \"dd_tb\"\n\n[[squadron]]\nid = \"bs\"");
    let mut g = Game::from(&text, Tables::builtin().unwrap()).at(Phase::Firing);
    g.go("chart d8", &[], &[]).unwrap();
    let evs = g
        .go("gun czar at gnat dice 1 range med1", &[1], &[])
        .unwrap();
    assert_eq!(fired(&evs).0, -2, "{:?}", fired(&evs).1);
    // ... and reads the DD, TB critical column: 8 is rudder disabled there, no effect in Other.
    let evs = g.go("crit gnat gunnery", &[8], &[]).unwrap();
    assert!(matches!(
        evs[0],
        Ev::AACritical {
            column: CritColumn::DdTb,
            result: CritResult::Rudder,
            ..
        }
    ));
}

#[test]
fn gunnery_5_3_evasion_rerolls_the_dice_that_hit_and_both_evasive_rerolls_a_hit_again() {
    let mut g = Game::new().at(Phase::Firing);
    g.go("chart d12", &[], &[]).unwrap();
    g.go("set czar evasive on", &[], &[]).unwrap();
    // One evasive: 9 hits (+2 = 11), re-rolled: 3 (5) misses. A miss is not re-rolled.
    let evs = g
        .go("gun king at czar dice 2 range short", &[9, 3, 2], &[])
        .unwrap();
    let hits: Vec<(Vec<u32>, bool)> = evs
        .iter()
        .filter_map(|e| match e {
            Ev::AAToHit { faces, hit, .. } => Some((faces.clone(), *hit)),
            _ => None,
        })
        .collect();
    assert_eq!(hits, vec![(vec![9, 3], false), (vec![2], false)]);
    // Both evasive: the first re-roll hits, so it is rolled again: 8, 8, 7 -> a hit.
    g.go("set king evasive on", &[], &[]).unwrap();
    let evs = g
        .go(
            "gun king at czar dice 1 range short",
            &[8, 8, 7, 1, 4, 2],
            &[],
        )
        .unwrap();
    assert!(evs
        .iter()
        .any(|e| matches!(e, Ev::AAToHit { faces, hit: true, .. } if faces == &vec![8, 8, 7])));
    // Location 1 (hull, armour 8); d12 4: nothing gets through; d20 2: no effect.
    assert_eq!(g.ship("czar").damage.hull, 0);
    let l = lines(&g.st, &evs).join("\n");
    assert!(
        l.contains("8 (10) then 8 (10) then 7 (9) (evasive re-roll): hit"),
        "{l}"
    );
}

#[test]
fn armour_5_5_options_subtract_penetrate_or_ignore() {
    for (option, damage) in [("subtract", 2), ("penetrate", 11), ("ignore", 11)] {
        let text = SCENARIO.replace(
            "[[squadron]]\nid = \"bs\"",
            &format!("[options]\narmour = \"{option}\"\ncriticals = \"command\"\n\n[[squadron]]\nid = \"bs\""),
        );
        let mut g = Game::from(&text, Tables::builtin().unwrap()).at(Phase::Firing);
        g.go("gun king at czar dice 1 range short", &[9, 7, 11], &["d12"])
            .unwrap();
        assert_eq!(g.ship("czar").damage.main, damage, "{option}");
    }
    // penetrate: a roll at or below the armour does nothing.
    let text = SCENARIO.replace("[[squadron]]\nid = \"bs\"", "[options]\narmour = \"penetrate\"\ncriticals = \"damaging_hit\"\n\n[[squadron]]\nid = \"bs\"");
    let mut g = Game::from(&text, Tables::builtin().unwrap()).at(Phase::Firing);
    g.go("gun king at czar dice 1 range short", &[9, 7, 9], &["d12"])
        .unwrap();
    assert_eq!(
        g.ship("czar").damage.main,
        0,
        "9 does not exceed armour 9; no critical"
    );
}

#[test]
fn hit_location_5_4_by_type() {
    let t = Tables::builtin().unwrap();
    use umpire::rulesets::aage::ShipType::*;
    let rows = [
        (B, [6, 1, 3]),
        (CB, [6, 1, 3]),
        (ACL, [5, 2, 3]),
        (TSL, [5, 2, 3]),
        (AC, [5, 2, 3]),
        (C, [5, 2, 3]),
        (TS, [5, 2, 3]),
        (CL, [5, 2, 3]),
        (DD, [6, 2, 2]),
        (GB, [5, 3, 2]),
        (TB, [7, 1, 2]),
    ];
    for (kind, [h, m, s]) in rows {
        let loc = t.of(kind).location;
        let count = |l: Location| loc.iter().filter(|x| **x == l).count();
        assert_eq!(
            (
                count(Location::Hull),
                count(Location::Main),
                count(Location::Secondary)
            ),
            (h, m, s),
            "{kind}"
        );
        assert_eq!(loc[0], Location::Hull);
        assert_eq!(loc[9], Location::Secondary);
    }
}

#[test]
fn gun_damage_5_2_na_means_no_fire_and_3d10_sums_three_dice() {
    let mut g = Game::new().at(Phase::Firing);
    let evs = g
        .go("gun king at czar dice 2 range long", &[], &["n/a"])
        .unwrap();
    assert!(lines(&g.st, &evs).join("\n").contains("5.2 reads n/a"));
    assert!(!evs.iter().any(|e| matches!(e, Ev::AAToHit { .. })));
    // 3d10: three faces summed; secondary of class I.
    let evs = g
        .go(
            "gun king at tb1 dice 1 range med1 class I",
            &[10, 8, 4, 5, 6, 1],
            &["3d10"],
        )
        .unwrap();
    // to hit 10 -1 TB +1 superior = 10: hit; location 8 on a TB is main (armour 1); 4+5+6 = 15
    // - 1 = 14; d20 1 no effect.
    assert_eq!(g.ship("tb1").damage.main, 14);
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::AAHit {
            roll: 15,
            damage: 14,
            ..
        }
    )));
}

#[test]
fn an_owner_filled_5_2_table_is_used_and_named_in_the_log() {
    let filled = include_str!("../tables/aage-qr-2020/gun_damage.toml").replace(
        "class = \"G\"\nband = \"short\"\nprovenance = \"unknown\"\ndamage = \"\"",
        "class = \"G\"\nband = \"short\"\nprovenance = \"text\"\ndamage = \"d10\"",
    );
    let t = Tables::with_overrides(&[("gun_damage.toml".into(), filled)]).unwrap();
    assert_eq!(t.non_text_cells().len(), 35);
    let mut g = Game::from(SCENARIO, t).at(Phase::Firing);
    let evs = g
        .go("gun king at czar dice 1 range short", &[9, 7, 10, 1], &[])
        .unwrap();
    assert!(g.chart_lines.is_empty(), "no chart read");
    assert!(lines(&g.st, &evs)
        .join("\n")
        .contains("damage d10 per hit (5.2, table, text)"));
    assert_eq!(g.ship("czar").damage.main, 1);
}

// ---- 5.7, 5.12 criticals

#[test]
fn criticals_5_7_and_5_12_read_the_column_of_the_type() {
    let mut g = Game::new();
    let cases = [
        (
            "czar",
            CritTable::Gunnery,
            18,
            CritColumn::BCb,
            CritResult::Fire,
        ),
        (
            "ac1",
            CritTable::Gunnery,
            15,
            CritColumn::Other,
            CritResult::Bridge,
        ),
        (
            "gnat",
            CritTable::Gunnery,
            11,
            CritColumn::Other,
            CritResult::Rudder,
        ),
        (
            "dart",
            CritTable::Gunnery,
            12,
            CritColumn::DdTb,
            CritResult::EngineRoom,
        ),
        (
            "czar",
            CritTable::Underwater,
            17,
            CritColumn::BCb,
            CritResult::Flood,
        ),
        (
            "ac1",
            CritTable::Underwater,
            18,
            CritColumn::Other,
            CritResult::CatFlooding,
        ),
        (
            "tb1",
            CritTable::Underwater,
            7,
            CritColumn::DdTb,
            CritResult::NoEffect,
        ),
    ];
    for (ship, table, face, col, result) in cases {
        let evs = g.go(&format!("crit {ship} {table}"), &[face], &[]).unwrap();
        assert!(
            matches!(&evs[0], Ev::AACritical { column, result: r, .. } if *column == col && *r == result),
            "{ship} {table} {face}: {evs:?}"
        );
    }
    assert_eq!(g.ship("czar").fires, 1);
    assert_eq!(g.ship("czar").floods, 1);
    assert_eq!(g.ship("ac1").bridge_hits, 1);
    assert!(g.ship("ac1").catastrophic_flooding);
    let s = status_json(&g.st, &g.t, 1, Phase::OngoingDamage);
    let ac1 = &s["ships"][4];
    assert_eq!(ac1["undefined_effects"][0], "bridge hit ×1");
    assert_eq!(ac1["undefined_effect"], UNDEFINED);
}

// ---- 2.2 Ongoing damage: fire and flood d4, sinking tests (5.17)

#[test]
fn ongoing_damage_fire_and_flood_do_d4_each_and_catastrophic_ships_test_for_sinking_5_17() {
    let mut g = Game::new();
    g.go("crit czar gunnery", &[18], &[]).unwrap(); // fire
    g.go("crit czar underwater", &[17], &[]).unwrap(); // flood
    g.go("crit ac1 gunnery", &[19], &[]).unwrap(); // catastrophic explosion
    g.go("crit ac1 underwater", &[19], &[]).unwrap(); // and catastrophic flooding
    let due = schedule(&g.st, &g.t, 1, Phase::OngoingDamage);
    assert_eq!(
        due.iter()
            .filter(|d| d.kind == TimerKind::SinkingTest)
            .count(),
        1,
        "one test, not one per critical"
    );
    // Fire d4 3, flood d4 4 on Czar; Admiral's sinking test: d8 5, +1 Calm to Moderate, -2
    // critical = 4: afloat.
    let evs = g.end(&[3, 4, 5]);
    assert_eq!(g.ship("czar").damage.hull, 7);
    assert_eq!(
        g.dice,
        vec![
            Die::D20,
            Die::D20,
            Die::D20,
            Die::D20,
            Die::D4,
            Die::D4,
            Die::D8
        ]
    );
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::AASinkingTest {
            face: 5,
            modifier: -1,
            sinks: false,
            ..
        }
    )));
    // Next turn, in a storm (-2): 5 - 2 - 2 = 1: she sinks.
    g.go("weather storm", &[], &[]).unwrap();
    while g.phase != Phase::OngoingDamage {
        let faces: &[u32] = if g.phase == Phase::Initiative {
            &[5, 5]
        } else {
            &[]
        };
        g.end(faces);
    }
    g.end(&[1, 1, 5]);
    assert!(!g.ship("ac1").afloat());
    assert_eq!(g.ship("ac1").sunk_turn, Some(2));
    assert_eq!(g.ship("czar").damage.hull, 9);
}

#[test]
fn sinking_5_17_dice_by_type_and_a_modified_1_to_3_sinks() {
    let mut g = Game::new();
    for (ship, die) in [
        ("king", Die::D10),
        ("ac1", Die::D8),
        ("gnat", Die::D8),
        ("dart", Die::D6),
        ("tb1", Die::D6),
    ] {
        g.dice.clear();
        g.go(&format!("sinking {ship}"), &[3], &[]).unwrap(); // 3 + 1 (moderate) = 4: afloat
        assert_eq!(g.dice, vec![die], "{ship}");
        assert!(g.ship(ship).afloat());
    }
    g.go("weather fresh", &[], &[]).unwrap();
    g.go("sinking tb1", &[3], &[]).unwrap(); // no weather modifier in Fresh: 3 sinks
    assert!(!g.ship("tb1").afloat());
    let err = g.go("sinking tb1", &[], &[]).unwrap_err();
    assert!(err.contains("has sunk"), "{err}");
    g.go("weather gale", &[], &[]).unwrap();
    let evs = g.go("sinking king critical", &[6], &[]).unwrap(); // 6 - 1 - 2 = 3: sinks
    assert!(matches!(
        &evs[0],
        Ev::AASinkingTest {
            modifier: -3,
            sinks: true,
            ..
        }
    ));
}

// ---- 5.10 torpedoes, 5.16 mines, 5.12 after them

#[test]
fn torpedoes_5_10_modifiers_and_typed_damage_then_an_underwater_critical() {
    let mut g = Game::new().at(Phase::Firing);
    // Dart (standard) at Czar: no modifier... outside the arcs -1, Fresh -1.
    g.go("weather fresh", &[], &[]).unwrap();
    let evs = g
        .go(
            "torpedo dart at czar dice 2 outside_arc",
            &[10, 4, 16],
            &["6"],
        )
        .unwrap();
    let (m, why) = fired(&evs);
    assert_eq!(m, -2, "{why:?}");
    assert_eq!(g.ship("czar").damage.hull, 6);
    assert!(g.chart_lines[0].starts_with("torpedo damage (absent from the text)"));
    assert_eq!(g.ship("czar").floods, 0);
    assert_eq!(
        g.ship("czar").engine_room_hits,
        1,
        "16 on B, CB underwater: engine room"
    );
    // At night in a gale at a TB: -2, -2, -1.
    g.go("weather gale", &[], &[]).unwrap();
    g.go("night on", &[], &[]).unwrap();
    let evs = g.go("torpedo czar at tb1 dice 1", &[1], &[]).unwrap();
    assert_eq!(fired(&evs).0, -7, "{:?}", fired(&evs).1); // + inferior -1, fast (26 kts) -1
}

#[test]
fn mines_5_16_a_ship_crossing_tests_with_its_own_modifiers() {
    let mut g = Game::new().at(Phase::Movement);
    // Dart: fast +2, DD -1 -> +1; 7 + 1 = 8: struck. Damage typed 3 (to the hull), then a d20
    // underwater (DD, TB column) 13: flood.
    let evs = g.go("mine dart", &[7, 13], &["3"]).unwrap();
    assert!(matches!(
        &evs[0],
        Ev::AAMineTest {
            modifier: 1,
            hit: true,
            ..
        }
    ));
    assert_eq!(g.ship("dart").damage.hull, 3);
    assert_eq!(g.ship("dart").floods, 1);
    // Czar: inferior +1; stopped -2 -> -1; 8 - 1 = 7: clear.
    g.go("set czar stopped on", &[], &[]).unwrap();
    let evs = g.go("mine czar", &[8], &[]).unwrap();
    assert!(matches!(
        &evs[0],
        Ev::AAMineTest {
            modifier: -1,
            hit: false,
            ..
        }
    ));
}

// ---- 2.2 Repairs, morale, splash markers, capacity

#[test]
fn repairs_and_morale_are_the_umpires_results_and_the_log_says_so() {
    let mut g = Game::new();
    g.go("crit czar gunnery", &[18], &[]).unwrap();
    g.phase = Phase::Repairs;
    let err = g.go("repair czar flood ok", &[], &[]).unwrap_err();
    assert!(err.contains("no flood to repair"), "{err}");
    let evs = g.go("repair czar fire fail", &[], &[]).unwrap();
    assert_eq!(g.ship("czar").fires, 1);
    assert!(lines(&g.st, &evs)[0].contains("not in the rules"));
    g.go("repair czar fire ok", &[], &[]).unwrap();
    assert_eq!(g.ship("czar").fires, 0);
    g.phase = Phase::Initiative;
    let evs = g.go("morale red fail", &[], &[]).unwrap();
    assert!(lines(&g.st, &evs)[0].contains(UNDEFINED));
}

#[test]
fn splash_markers_are_removed_in_the_initiative_phase_and_half_strength_asks_for_morale() {
    let mut g = Game::new().at(Phase::Initiative);
    g.go("splash czar 2", &[], &[]).unwrap();
    g.go("sinking dart", &[1], &[]).unwrap(); // the destroyers: 0 of 1 afloat
    g.go("sinking gnat", &[1], &[]).unwrap(); // the battle squadron: 1 of 2: half strength
    let due = schedule(&g.st, &g.t, 1, Phase::Initiative);
    let morale: Vec<_> = due.iter().filter(|d| d.kind == TimerKind::Morale).collect();
    assert_eq!(morale.len(), 1, "{due:?}");
    assert!(morale[0].what.contains("Blue battle squadron"));
    g.end(&[5, 5]);
    assert_eq!(g.ship("czar").splash, 0);
}

#[test]
fn damage_reaching_the_scenarios_capacity_is_recorded_as_undefined() {
    let mut g = Game::new();
    let evs = g.go("damage dart hull 4", &[], &[]).unwrap();
    assert!(matches!(&evs[1], Ev::AACapacity { capacity: 4, .. }));
    assert!(lines(&g.st, &evs)[1].contains(UNDEFINED));
    assert!(g
        .ship("dart")
        .undefined_effects()
        .contains(&"hull damage at its capacity".to_string()));
}

#[test]
fn a_bad_command_changes_nothing() {
    let mut g = Game::new().at(Phase::Firing);
    let before = g.st.clone();
    for bad in [
        "gun king at king dice 1 range short",
        "gun nobody at czar dice 1 range short",
        "gun gnat at czar dice 1 range short class",
        "torpedo king at king dice 1",
        "set king speed 19",
        "splash king 100",
        "morale nobody pass",
    ] {
        assert!(g.go(bad, &[], &[]).is_err(), "{bad}");
        assert_eq!(g.st, before, "{bad}");
    }
}

#[test]
fn spotting_reveals_a_contact_marker_and_its_squadron_then_counts_its_crew_2_4() {
    let text = SCENARIO.replace("crew = \"inferior\"", "crew = \"inferior\"\nmodels = false");
    let mut g = Game::from(&text, Tables::builtin().unwrap()).at(Phase::Spotting);
    assert!(g.go("reveal nobody", &[], &[]).is_err());
    let evs = g.go("reveal red", &[], &[]).unwrap();
    assert!(lines(&g.st, &evs)[0].contains("contact marker revealed"));
    assert!(g.st.squadron("red").unwrap().spec.models);
    assert!(g.go("reveal red", &[], &[]).is_err(), "already revealed");
    g.phase = Phase::Initiative;
    let evs = g.go("initiative", &[5, 5], &[]).unwrap();
    let Ev::AAInitiative { throws, .. } = &evs[0] else {
        panic!()
    };
    assert_eq!(throws[1].why[0], "+0 Red squadron: Inferior crews");
}
