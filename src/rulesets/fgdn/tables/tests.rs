//! Tests of the rule tables against the rule text (FG&DN 1.1 chapter 8 and page 6-4).
//! Expected values are transcribed here independently of the TOML files.
use super::*;
use crate::rulesets::fgdn::kinds::{Column, CriticalKind as K, Location, SizeClass};

fn tables() -> Tables {
    match Tables::load(&[]) {
        Ok(t) => t,
        Err(errors) => panic!(
            "{}",
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ),
    }
}

#[test]
fn builtin_tables_parse_and_builtin_does_not_panic() {
    assert_eq!(tables(), Tables::builtin());
    assert_eq!(BUILTIN.len(), 17);
}

#[test]
fn every_table_cites_its_rule() {
    let t = tables();
    for rule in [
        &t.damage_ratio.rule,
        &t.critical_hit.rule,
        &t.light_weapons.rule,
        &t.severity_dice.rule,
        &t.severity_levels.rule,
        &t.reduction.rule,
        &t.shallow_torpedo.rule,
        &t.communications.rule,
        &t.sensors.rule,
        &t.sensor_comms.rule,
        &t.casemate_chain.rule,
        &t.cargo.rule,
        &t.magazine_modifiers.rule,
        &t.breakdown_repair.rule,
        &t.gunfire_hit_chance.rule,
        &t.turn_sequence.rule,
        &t.airship_critical.rule,
    ] {
        assert!(rule.starts_with("FG&DN 1.1 "), "{rule}");
    }
    assert_eq!(t.damage_ratio.rule, "FG&DN 1.1 8.1.2, Damage Ratio Table");
}

/// FG&DN 8.1.2 Damage Ratio Table, every row (blank cells = 0), and the extrapolation note.
#[test]
fn damage_ratio_8_1_2_matches_rule_text() {
    let t = tables().damage_ratio;
    let expected: [[u32; 6]; 11] = [
        [0, 0, 0, 0, 0, 1],
        [0, 0, 0, 0, 1, 2],
        [0, 0, 0, 1, 2, 3],
        [0, 0, 1, 2, 3, 4],
        [0, 1, 2, 3, 4, 5],
        [1, 2, 3, 4, 5, 6],
        [2, 3, 4, 5, 6, 7],
        [3, 4, 5, 6, 7, 8],
        [4, 5, 6, 7, 8, 9],
        [5, 6, 7, 8, 9, 10],
        [6, 7, 8, 9, 10, 11],
    ];
    assert_eq!(t.rows, expected.to_vec());
    // SPEC 3.3: count = max(0, d6 + k - 5) up to ratio 1.0.
    for (k, row) in t.rows.iter().enumerate() {
        for d6 in 1..=6u32 {
            let want = (d6 as i32 + k as i32 - 5).max(0) as u32;
            assert_eq!(row[d6 as usize - 1], want, "k={k} d6={d6}");
        }
    }
    assert_eq!(t.extra_step_hundredths, 20);
    assert_eq!(t.massive_ratio_hundredths, 300);
}

/// A book cell of the Critical Hit Table, as printed.
fn book_cell(s: &str) -> (Location, bool, u32, bool, bool) {
    let armored = s.ends_with('*');
    let s = s.trim_end_matches('*');
    let (s, count) = match s.strip_prefix("2 x ") {
        Some(rest) => (rest, 2),
        None => (s, 1),
    };
    let (s, half) = match s.strip_prefix("1/2 ") {
        Some(rest) => (rest, true),
        None => (s, false),
    };
    let (s, cargo) = match s.strip_suffix('†') {
        Some(rest) => (rest, true),
        None => (s, false),
    };
    let loc = match s {
        "Main Btry" => Location::Kind(K::MainBattery),
        "Casemate" => Location::Kind(K::Casemate),
        "Other Wpn" => Location::Kind(K::OtherWeapon),
        "Engineering" => Location::Kind(K::Engineering),
        "Flooding" => Location::Kind(K::Flooding),
        "Fire" => Location::Kind(K::Fire),
        "Snsr/Comms" => Location::SensorComms,
        "Bridge" => Location::Kind(K::Bridge),
        "Rudder" => Location::Kind(K::Rudder),
        "Flight Deck" => Location::Kind(K::FlightDeck),
        "Ammo/Fuel" => Location::Kind(K::AmmoFuel),
        "Aircraft" => Location::Kind(K::Aircraft),
        "Cargo" => Location::Kind(K::Cargo),
        "Weapon" => Location::Kind(K::Weapon),
        "Hull Pen" => Location::Kind(K::HullPenetration),
        "Hull Deform" => Location::Kind(K::HullDeformation),
        "Battery" => Location::Kind(K::Battery),
        "Switchboard" => Location::Kind(K::Switchboard),
        "Sensor" => Location::Kind(K::Sensor),
        "Comms" => Location::Kind(K::Communications),
        "Personnel" => Location::Kind(K::Personnel),
        "Fuel Tank" => Location::Kind(K::FuelTank),
        "Flotation" => Location::Kind(K::Flotation),
        other => panic!("no book name {other}"),
    };
    (loc, armored, count, half, cargo)
}

/// FG&DN 8.1.2 Critical Hit Table: every cell of every column, as printed in the book.
#[test]
fn critical_hit_8_1_2_matches_rule_text_every_cell() {
    let t = tables().critical_hit;
    let rows = [
        (1, 3),
        (4, 5),
        (6, 7),
        (8, 9),
        (10, 11),
        (12, 14),
        (15, 17),
        (18, 18),
        (19, 19),
        (20, 20),
    ];
    let book: [(Column, [&str; 10]); 10] = [
        (
            Column::Major,
            [
                "Main Btry*",
                "Casemate*",
                "Other Wpn*",
                "Other Wpn*",
                "Engineering*",
                "Flooding*",
                "Fire*",
                "Snsr/Comms",
                "Bridge*",
                "Rudder*",
            ],
        ),
        (
            Column::Minor,
            [
                "Main Btry*",
                "Other Wpn",
                "Other Wpn",
                "Other Wpn",
                "Engineering*",
                "Flooding*",
                "Fire*",
                "Snsr/Comms",
                "Bridge*",
                "Rudder*",
            ],
        ),
        (
            Column::Aviation,
            [
                "Flight Deck*",
                "Other Wpn",
                "Ammo/Fuel*",
                "Aircraft",
                "Engineering*",
                "Flooding",
                "Fire*",
                "Snsr/Comms*",
                "Bridge*",
                "Rudder*",
            ],
        ),
        (
            Column::Merchant,
            [
                "Cargo",
                "Cargo",
                "Cargo",
                "Weapon",
                "Engineering",
                "Flooding",
                "Fire",
                "Snsr/Comms",
                "Bridge",
                "Rudder",
            ],
        ),
        (
            Column::TorpMine,
            [
                "Weapon",
                "Flooding",
                "Flooding",
                "Flooding",
                "Engineering",
                "Engineering",
                "Fire",
                "Weapon",
                "Rudder",
                "Rudder",
            ],
        ),
        (
            Column::SubLethal,
            [
                "Hull Pen",
                "Hull Pen",
                "Hull Pen",
                "Hull Pen",
                "Hull Deform",
                "2 x Flooding",
                "2 x Flooding",
                "Hull Pen",
                "Hull Pen",
                "Hull Pen",
            ],
        ),
        (
            Column::SubMajor,
            [
                "Weapon",
                "Hull Deform",
                "Hull Deform",
                "Battery",
                "Engineering",
                "Flooding",
                "Fire",
                "Sensor",
                "Comms",
                "Rudder",
            ],
        ),
        (
            Column::SubMinor,
            [
                "Weapon",
                "Switchboard",
                "Switchboard",
                "Battery",
                "Engineering",
                "1/2 Flooding",
                "1/2 Fire",
                "Sensor",
                "Comms",
                "Rudder",
            ],
        ),
        (
            Column::Small,
            [
                "Weapon",
                "Weapon",
                "Personnel",
                "Fuel Tank",
                "Engineering",
                "Flotation",
                "Fire",
                "Snsr/Comms",
                "Bridge",
                "Personnel",
            ],
        ),
        (
            Column::SmallCargo,
            [
                "Weapon†",
                "Cargo",
                "Cargo",
                "Fuel Tank",
                "Engineering",
                "Flotation",
                "Fire",
                "Snsr/Comms",
                "Bridge",
                "Personnel",
            ],
        ),
    ];
    assert_eq!(t.columns.len(), 10);
    for (column, cells) in book {
        for ((lo, hi), name) in rows.iter().zip(cells) {
            let (location, armored, count, half, cargo) = book_cell(name);
            for d20 in *lo..=*hi {
                let cell = t.cell(column, d20).expect("cell");
                let got = (
                    cell.location,
                    cell.armored,
                    cell.count,
                    cell.half_severity,
                    cell.cargo_if_unarmed,
                );
                assert_eq!(
                    got,
                    (location, armored, count, half, cargo),
                    "{column} d20 {d20} ({name})"
                );
                assert_eq!(
                    (cell.range.lo, cell.range.hi),
                    (*lo, *hi),
                    "{column} d20 {d20}"
                );
            }
        }
    }
    // Spot checks named in the brief.
    let c = t.cell(Column::Major, 12).unwrap();
    assert_eq!((c.location, c.armored), (Location::Kind(K::Flooding), true));
    assert_eq!(t.cell(Column::SubLethal, 13).unwrap().count, 2);
    assert!(t.cell(Column::SubMinor, 14).unwrap().half_severity);
    assert!(t.cell(Column::SmallCargo, 2).unwrap().cargo_if_unarmed);
}

/// FG&DN 8.1.3 Light Weapons Critical Hit Table.
#[test]
fn light_weapons_8_1_3_matches_rule_text() {
    use LightAllowed::*;
    let t = tables().light_weapons;
    assert_eq!(t.applies_from, SizeClass::D);
    assert_eq!(t.max_light_mm, 65.0);
    let expected: Vec<(f64, f64, Vec<LightAllowed>, i32, i32)> = vec![
        (7.62, 9.0, vec![Kind(K::Bridge), Aa, LightBattery], 0, 0),
        (
            12.7,
            15.0,
            vec![
                Kind(K::Aircraft),
                Kind(K::Bridge),
                Aa,
                LightBattery,
                SensorCommsNotSonar,
                Kind(K::Cargo),
            ],
            0,
            0,
        ),
        (
            20.0,
            25.0,
            vec![
                Kind(K::Aircraft),
                Kind(K::Bridge),
                Kind(K::FireControl),
                Aa,
                Kind(K::OtherWeapon),
                SensorCommsNotSonar,
                Kind(K::Cargo),
                LightBattery,
            ],
            0,
            0,
        ),
        (
            37.0,
            45.0,
            vec![
                Kind(K::Aircraft),
                Kind(K::Bridge),
                Kind(K::Fire),
                Aa,
                Kind(K::OtherWeapon),
                LightBattery,
                SensorCommsNotSonar,
                Kind(K::Cargo),
            ],
            -2,
            0,
        ),
        (
            57.0,
            65.0,
            vec![
                Kind(K::Aircraft),
                Aa,
                Kind(K::Bridge),
                Kind(K::Fire),
                Kind(K::Flooding),
                LightBattery,
                Kind(K::OtherWeapon),
                Kind(K::Cargo),
                SensorCommsNotSonar,
            ],
            -2,
            -2,
        ),
    ];
    assert_eq!(t.rows.len(), expected.len());
    for (row, (min, max, allowed, fire, flood)) in t.rows.iter().zip(expected) {
        assert_eq!((row.min_mm, row.max_mm), (min, max));
        assert_eq!(row.allowed, allowed, "{min}-{max} mm");
        assert_eq!(
            (row.fire_severity_mod, row.flooding_severity_mod),
            (fire, flood)
        );
    }
}

/// FG&DN 8.2 severity dice: <=1907 2D6+2, 1908-1924 D6+2, 1925+ D6; halving modifiers.
#[test]
fn severity_dice_8_2_matches_rule_text() {
    let t = tables().severity_dice;
    let rows: Vec<_> = t
        .rows
        .iter()
        .map(|r| (r.from_year, r.to_year, r.dice, r.plus))
        .collect();
    assert_eq!(
        rows,
        vec![
            (None, Some(1907), 2, 2),
            (Some(1908), Some(1924), 1, 2),
            (Some(1925), None, 1, 0)
        ]
    );
    assert!(t.halve_non_penetrating);
    assert_eq!(t.halve_small_gun_mm, 76.0);
}

/// FG&DN 8.2 severity levels by size class and the in-service year shift (Hood 1920: -1).
#[test]
fn severity_levels_8_2_matches_rule_text() {
    let t = tables().severity_levels;
    let rows: Vec<_> = t
        .rows
        .iter()
        .map(|r| (r.sizes.clone(), [r.minor, r.major, r.severe, r.overwhelmed]))
        .collect();
    use SizeClass::*;
    assert_eq!(
        rows,
        vec![
            (vec![A, B], [1, 11, 16, 18]),
            (vec![C, D], [1, 9, 13, 15]),
            (vec![E, F, G], [1, 7, 11, 13]),
        ]
    );
    let shifts: Vec<_> = t
        .year_shift
        .iter()
        .map(|r| (r.from_year, r.to_year, r.shift))
        .collect();
    assert_eq!(
        shifts,
        vec![
            (None, Some(1907), -2),
            (Some(1908), Some(1924), -1),
            (Some(1925), Some(1941), 0),
            (Some(1942), Some(1959), 1),
            (Some(1960), None, 2),
        ]
    );
    let hood = t
        .year_shift
        .iter()
        .find(|r| r.from_year.is_none_or(|f| f <= 1920) && r.to_year.is_none_or(|y| 1920 <= y))
        .unwrap();
    assert_eq!(hood.shift, -1);
}

/// FG&DN 8.2 Fire and Flooding Reduction Table: every cell ("-2D6%" = -2, "NC" = 0).
#[test]
fn reduction_8_2_matches_rule_text_every_cell() {
    let t = tables().reduction;
    let book = [
        "-2D6% -2D6% -2D6% -D6%",
        "-2D6% -2D6% -D6% -D6%",
        "-2D6% -D6% -D6% -D6%",
        "-D6% -D6% -D6% NC",
        "-D6% -D6% NC NC",
        "-D6% NC NC +D6%",
        "NC NC +D6% +D6%",
        "NC +D6% +D6% +D6%",
        "+D6% +D6% +D6% +2D6%",
        "+D6% +D6% +2D6% +2D6%",
    ];
    let value = |s: &str| match s {
        "NC" => 0,
        "-D6%" => -1,
        "-2D6%" => -2,
        "+D6%" => 1,
        "+2D6%" => 2,
        other => panic!("{other}"),
    };
    assert_eq!(t.rows.len(), 10);
    for (i, line) in book.iter().enumerate() {
        let want: Vec<i32> = line.split(' ').map(value).collect();
        assert_eq!(t.rows[i].to_vec(), want, "d10 = {}", i + 1);
    }
    assert_eq!(t.rows[0], [-2, -2, -2, -1]);
    assert_eq!(t.rows[5], [-1, 0, 0, 1]);
}

/// FG&DN 8.1.7.1, with SPEC 3.8's ruling that a belt of 5 means no reduction.
#[test]
fn shallow_torpedo_8_1_7_1_matches_rule_text_and_spec_3_8() {
    let t = tables().shallow_torpedo;
    let rows: Vec<_> = t
        .rows
        .iter()
        .map(|r| (r.belt.lo, r.belt.hi, r.reduction_pct))
        .collect();
    assert_eq!(
        rows,
        vec![
            (0, 5, 0),
            (6, 10, 10),
            (11, 20, 25),
            (21, 30, 40),
            (31, 40, 50)
        ]
    );
}

fn die_rows(t: &DieTable) -> Vec<(u32, u32, &str)> {
    t.rows
        .iter()
        .map(|r| (r.range.lo, r.range.hi, r.outcome.as_str()))
        .collect()
}

/// FG&DN 8.3 Communications D10.
#[test]
fn communications_8_3_matches_rule_text() {
    let t = tables().communications;
    assert_eq!(t.die, "d10");
    assert_eq!(
        die_rows(&t),
        vec![
            (1, 2, "port_signal_lights"),
            (3, 4, "starboard_signal_lights"),
            (5, 6, "port_signal_halyards"),
            (7, 8, "starboard_signal_halyards"),
            (9, 9, "main_wireless"),
            (10, 10, "auxiliary_wireless"),
        ]
    );
    assert_eq!(t.lookup(1).unwrap().text, "Port signal lights destroyed");
}

/// FG&DN 8.3 Sensors D10 and the Sensor/Communications D6 (the 8.3 text, not the footnote).
#[test]
fn sensors_and_sensor_comms_8_3_match_rule_text() {
    let t = tables();
    assert_eq!(t.sensors.die, "d10");
    assert_eq!(
        die_rows(&t.sensors),
        vec![
            (1, 4, "forward_searchlight"),
            (5, 8, "after_searchlight"),
            (9, 10, "sonar")
        ]
    );
    assert_eq!(t.sensor_comms.die, "d6");
    assert_eq!(
        die_rows(&t.sensor_comms),
        vec![(1, 3, "sensor"), (4, 6, "communications")]
    );
}

/// FG&DN 8.3 casemate chain reaction 2D6.
#[test]
fn casemate_chain_8_3_matches_rule_text() {
    let t = tables().casemate_chain;
    assert_eq!(t.die, "2d6");
    let rows: Vec<_> = t
        .rows
        .iter()
        .map(|r| (r.range.lo, r.range.hi, r.value))
        .collect();
    assert_eq!(
        rows,
        vec![
            (2, 5, Some(0)),
            (6, 8, Some(1)),
            (9, 11, Some(2)),
            (12, 12, Some(3))
        ]
    );
}

/// FG&DN 8.3 Cargo Damage Table.
#[test]
fn cargo_8_3_matches_rule_text() {
    let t = tables().cargo;
    let ammo: Vec<_> = t
        .ammo
        .rows
        .iter()
        .map(|r| {
            (
                r.range.lo,
                r.range.hi,
                r.result,
                r.fire_mod,
                r.explosion_risk_pct,
            )
        })
        .collect();
    assert_eq!(
        ammo,
        vec![
            (1, 2, AmmoResult::Lost, 0, 0),
            (3, 7, AmmoResult::LostFire, 1, 25),
            (8, 10, AmmoResult::Explosion, 0, 0),
        ]
    );
    let blast: Vec<_> = t
        .ammo
        .blast
        .iter()
        .map(|b| (b.yards, b.tons_per_dp))
        .collect();
    assert_eq!(blast, vec![(500, 5), (1000, 25), (2000, 200)]);
    assert_eq!(t.ammo.chain_explosion_pct, 70);
    assert_eq!(t.petroleum_fire_mod("crude"), Some(1));
    assert_eq!(t.petroleum_fire_mod("refined"), Some(2));
    assert_eq!(t.petroleum_fire_mod("avgas"), Some(3));
    let troops: Vec<_> = t
        .troops
        .iter()
        .map(|r| (r.range.lo, r.range.hi, r.dp_multiple))
        .collect();
    assert_eq!(troops, vec![(1, 3, 1), (4, 6, 2), (7, 9, 3), (10, 10, 4)]);
    assert_eq!(t.general_supplies_dp_divisor, 2);
    assert_eq!(t.vehicles_dp_divisor, 2);
    assert_eq!(t.aircraft_dp_divisor, 5);
    assert_eq!(t.small_craft_destroyed_pct, 25);
}

fn ym(year: u32, month: u32) -> YearMonth {
    YearMonth { year, month }
}

/// FG&DN 8.3 optional magazine detonation modifiers (half-year reading: change in July).
#[test]
fn magazine_modifiers_8_3_matches_rule_text() {
    let t = tables().magazine_modifiers;
    use SizeClass::*;
    assert_eq!(t.sizes, vec![A, B, C]);
    let m = |n: &str, y, mo| t.modifier(navy(n), A, ym(y, mo));
    assert_eq!(m("Austria-Hungary", 1915, 6), Some(1));
    assert_eq!(m("Austria-Hungary", 1915, 7), Some(0));
    assert_eq!(m("France", 1918, 11), Some(1));
    assert_eq!(m("Germany", 1915, 1), Some(1));
    assert_eq!(m("Germany", 1916, 5), Some(0));
    assert_eq!(m("Great Britain", 1916, 5), Some(2)); // Jutland, 31 May 1916
    assert_eq!(m("Great Britain", 1917, 1), Some(1));
    assert_eq!(m("Great Britain", 1918, 1), Some(0));
    assert_eq!(m("Italy", 1917, 12), Some(1));
    assert_eq!(m("Italy", 1918, 1), Some(0));
    assert_eq!(m("Japan", 1914, 1), Some(1));
    assert_eq!(m("Russia", 1916, 1), Some(0));
    assert_eq!(m("United States", 1918, 1), Some(0));
    assert_eq!(
        t.modifier(navy("Great Britain"), D, ym(1916, 5)),
        None,
        "size D: no modifier"
    );
    // SPEC 3.8: the usual short forms name the same navy.
    assert_eq!(m("GB", 1916, 5), Some(2));
    assert_eq!(m("DE", 1915, 1), Some(1));
    assert_eq!(m("AH", 1915, 6), Some(1));
    assert_eq!(t.modifier(navy("Other"), A, ym(1916, 5)), None);
    assert_eq!(t.nations.len(), 8);
}

fn navy(n: &str) -> crate::rulesets::fgdn::nation::Navy {
    crate::rulesets::fgdn::nation::Navy::parse(n).unwrap_or_else(|| panic!("navy {n}"))
}

/// FG&DN 8.5 Breakdown Repair Table.
#[test]
fn breakdown_repair_8_5_matches_rule_text() {
    let t = tables().breakdown_repair;
    assert_eq!(t.hours, vec![6, 12, 24, 48]);
    assert_eq!(t.first_rank.repair_pct, vec![25, 30, 35, 40]);
    assert_eq!(t.second_rank.repair_pct, vec![15, 20, 25, 30]);
    assert_eq!(
        (t.first_rank.failure_pct, t.second_rank.failure_pct),
        (5, 10)
    );
    for n in [
        "United States",
        "Great Britain",
        "Germany",
        "Japan",
        "Russia",
        "US",
        "UK",
        "DE",
    ] {
        assert_eq!(t.rank(Some(navy(n))), NavyRank::First, "{n}");
    }
    for n in ["Austria-Hungary", "Turkey", "France", "Italy", "Other"] {
        assert_eq!(t.rank(Some(navy(n))), NavyRank::Second, "{n}");
    }
    assert_eq!(t.rank(None), NavyRank::Second, "no nation given");
    assert_eq!(t.repair_pct(Some(navy("Japan")), 24), Some(35));
    assert_eq!(t.repair_pct(Some(navy("Italy")), 48), Some(30));
    assert_eq!(
        (
            t.tender_bonus_pct,
            t.port_bonus_pct,
            t.land_aircraft_bonus_pct
        ),
        (20, 30, 10)
    );
}

/// Gunfire Hit Chance Modifiers Table (GS 1 & 2), every line.
#[test]
fn gunfire_hit_chance_matches_rule_text() {
    use RangeBand::*;
    use SeaStateEffect::*;
    use SizeClass::*;
    let t = tables().gunfire_hit_chance;
    let base: Vec<_> = [Short, Medium, Long, Extreme]
        .iter()
        .map(|r| (t.base_chance(*r, 1).unwrap(), t.base_chance(*r, 2).unwrap()))
        .collect();
    assert_eq!(base, vec![(40, 50), (20, 30), (10, 10), (5, 5)]);
    let mult: Vec<_> = RangeBand::ALL
        .iter()
        .map(|r| t.multiplier_pct(*r).unwrap())
        .collect();
    assert_eq!(mult, vec![3, 3, 2, 2]);
    let simple = [
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
        ("overconcentration", -1),
        ("coincidence_rangefinder_poor_visibility", -1),
        ("firing_ship_over_15_kts", -1),
        ("local_control", -2),
        ("course_change_45", -3),
        ("firing_ship_evasive", -4),
    ];
    assert_eq!(t.modifiers.len(), simple.len());
    for (id, v) in simple {
        assert_eq!(t.modifier(id).map(|m| m.value), Some(v), "{id}");
    }
    assert_eq!(
        t.modifier("first_salvo").unwrap().ranges,
        vec![Long, Extreme]
    );
    assert!(
        t.modifier("overconcentration")
            .unwrap()
            .per_ship_above_limit
    );
    assert_eq!(
        t.modifier("local_control").unwrap().gunnery_standards,
        vec![2]
    );
    // Sea state grid (SS 4 E-G read as -4, see the TOML comment).
    let grid = |ss| [A, C, E].map(|s| t.sea_state_effect(ss, s));
    assert_eq!(grid(2), [NotApplicable, NotApplicable, NotApplicable]);
    assert_eq!(grid(3), [NotApplicable, NotApplicable, Modifier(-2)]);
    assert_eq!(grid(4), [NotApplicable, Modifier(-2), Modifier(-4)]);
    assert_eq!(grid(5), [Modifier(-2), Modifier(-4), Modifier(-6)]);
    assert_eq!(grid(6), [Modifier(-4), Modifier(-6), NoFirePossible]);
    assert_eq!(grid(7), [NoFirePossible; 3]);
    assert_eq!(grid(8), [NoFirePossible; 3]);
    let rf: Vec<_> = [1, 3000, 3001, 6000, 6001, 20000]
        .iter()
        .map(|y| t.beyond_rangefinder_modifier(*y))
        .collect();
    assert_eq!(rf, vec![-1, -1, -2, -2, -3, -3]);
    let barrels: Vec<_> = (1..=12).map(|b| t.barrels_modifier(b).unwrap()).collect();
    assert_eq!(barrels, vec![0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    let speed: Vec<_> = [0, 1, 10, 11, 19, 20, 24, 25, 30]
        .iter()
        .map(|k| t.target_speed_modifier(*k))
        .collect();
    assert_eq!(speed, vec![2, 1, 1, 0, 0, -2, -2, -3, -3]);
    assert_eq!(t.target_evasive_min_kts, 20);
    let evasive: Vec<_> = SizeClass::ALL
        .iter()
        .map(|s| t.target_evasive_modifier(*s))
        .collect();
    assert_eq!(
        evasive,
        vec![
            None,
            Some(-2),
            Some(-3),
            Some(-3),
            Some(-4),
            Some(-4),
            Some(-4)
        ]
    );
    let aspect: Vec<_> = SizeClass::ALL
        .iter()
        .map(|s| {
            let r = t.target_aspect(*s).unwrap();
            (r.broad, r.quarter, r.narrow)
        })
        .collect();
    assert_eq!(
        aspect,
        vec![
            (2, 1, 0),
            (1, 0, -1),
            (0, -1, -2),
            (0, -1, -2),
            (-2, -3, -4),
            (-2, -3, -4),
            (-2, -3, -4)
        ]
    );
}

/// SPEC 3.1 phases; FG&DN 8.1 per-phase resolution.
#[test]
fn turn_sequence_spec_3_1_and_8_1() {
    use crate::rulesets::fgdn::clock::Phase::*;
    let t = tables().turn_sequence;
    assert_eq!(t.tactical.minutes, 3);
    assert_eq!(
        t.tactical.phase_names(),
        vec![
            Plotting,
            Movement,
            PlannedFire,
            Detection,
            ReactionFire,
            Resolution
        ]
    );
    assert_eq!(t.intermediate.minutes, 30);
    assert_eq!(
        t.intermediate.phase_names(),
        vec![Plotting, Movement, Resolution]
    );
    let detection = &t.tactical.phases[3];
    assert!(
        detection.resolves.is_empty(),
        "8.1: no combat resolution in the Detection Phase"
    );
    assert!(t.tactical.phases[1]
        .resolves
        .iter()
        .any(|r| r.contains("torpedo")));
}

/// SPEC 3.1: the clock walks the turn sequence the rules are built on. An owner's
/// `turn_sequence.toml` may reword what each phase resolves, but one that changes a turn's
/// length or its phases is refused with file, line and key, not loaded and ignored.
#[test]
fn turn_sequence_file_may_reword_resolves_but_not_change_the_sequence() {
    let builtin = BUILTIN
        .iter()
        .find(|(n, _)| *n == "turn_sequence.toml")
        .unwrap()
        .1;
    let load = |text: String| Tables::load(&[("mine/turn_sequence.toml".into(), text)]);
    let reworded = builtin.replace("torpedo and mine attacks", "torpedoes and mines");
    assert_ne!(reworded, builtin);
    let t = load(reworded).unwrap();
    assert!(t.turn_sequence.tactical.phases[1]
        .resolves
        .contains(&"torpedoes and mines".to_string()));
    let errors = |text: String| -> Vec<String> {
        load(text)
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect()
    };
    let e = errors(builtin.replacen("minutes = 3", "minutes = 5", 1));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with("mine/turn_sequence.toml:"), "{e:?}");
    assert!(
        e[0].contains("minutes") && e[0].contains("tactical turns last 3 minutes"),
        "{e:?}"
    );
    let no_detection = builtin.replace("  { phase = \"detection\", resolves = [] },\n", "");
    assert_ne!(no_detection, builtin);
    let e = errors(no_detection);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].contains("phases")
            && e[0]
                .contains("plotting, movement, planned_fire, detection, reaction_fire, resolution"),
        "{e:?}"
    );
}

#[test]
fn unknown_override_file_is_an_error() {
    let err = Tables::load(&[("mine/critcal_hit.toml".into(), String::new())]).unwrap_err();
    assert!(err[0]
        .to_string()
        .starts_with("mine/critcal_hit.toml: unknown table file \"critcal_hit.toml\" (expected one of: damage_ratio.toml,"));
}

#[test]
fn override_replaces_builtin_by_file_name() {
    let text = BUILTIN
        .iter()
        .find(|(n, _)| *n == "shallow_torpedo.toml")
        .unwrap()
        .1
        .replace("reduction_pct = 50", "reduction_pct = 55");
    let t = Tables::load(&[("/home/u/tables/shallow_torpedo.toml".into(), text)]).unwrap();
    assert_eq!(t.shallow_torpedo.rows[4].reduction_pct, 55);
}

/// FG&DN 8.8 Airship Critical Hit Table, the gondola column, every D10 face: "1-2 Engine,
/// 3 Engine*, 4 Fuel, 5 Fuel*, 6-7 Control, 8 Control, 9 Comm., 10 Weapons".
#[test]
fn airship_critical_gondola_8_8_matches_rule_text() {
    use crate::rulesets::fgdn::airship::{Part, Result8 as R};
    let t = tables().airship_critical;
    let expected = [
        (R::Engine, false),
        (R::Engine, false),
        (R::Engine, true),
        (R::Fuel, false),
        (R::Fuel, true),
        (R::Control, false),
        (R::Control, false),
        (R::Control, false),
        (R::Communications, false),
        (R::Weapons, false),
    ];
    for (k, want) in expected.iter().enumerate() {
        let d10 = k as u32 + 1;
        assert_eq!(
            t.cell(Part::Gondola, d10),
            Some(*want),
            "8.8 gondola D10 {d10}"
        );
    }
    assert_eq!(t.cell(Part::Gondola, 0), None);
    assert_eq!(t.cell(Part::Gondola, 11), None);
    assert_eq!(t.rule, "FG&DN 1.1 8.8, Airship Critical Hit Table");
}

/// FG&DN 8.8 Airship Critical Hit Table, the envelope column: "Gas Cell*" on 1-7, "Gas Cell"
/// on 8-10 (starred items start a fire).
#[test]
fn airship_critical_envelope_8_8_matches_rule_text() {
    use crate::rulesets::fgdn::airship::{Part, Result8 as R};
    let t = tables().airship_critical;
    for d10 in 1..=10 {
        assert_eq!(
            t.cell(Part::Envelope, d10),
            Some((R::GasCell, d10 <= 7)),
            "8.8 envelope D10 {d10}"
        );
    }
}

/// FG&DN 8.8 Control: "Roll D6. On a 1-2 the airship loses elevator control, on a 3-4 ...
/// rudder ..., on a 5 ... valving ..., on a 6 ... ballast control".
#[test]
fn airship_control_d6_8_8_matches_rule_text() {
    use crate::rulesets::fgdn::airship::Control as C;
    let t = tables().airship_critical;
    let expected = [
        C::Elevator,
        C::Elevator,
        C::Rudder,
        C::Rudder,
        C::Valving,
        C::Ballast,
    ];
    for (k, want) in expected.iter().enumerate() {
        assert_eq!(
            t.control(k as u32 + 1),
            Some(*want),
            "8.8 control D6 {}",
            k + 1
        );
    }
    assert_eq!(t.control(7), None);
}

fn airship_text() -> &'static str {
    BUILTIN
        .iter()
        .find(|(n, _)| *n == "airship_critical.toml")
        .unwrap()
        .1
}

/// SPEC 6: an owner's override of the airship table is what the engine reads.
#[test]
fn airship_critical_override_changes_a_cell_8_8() {
    use crate::rulesets::fgdn::airship::{Part, Result8 as R};
    let text = airship_text().replace(
        "{ roll = \"10\", result = \"weapons\" }",
        "{ roll = \"10\", result = \"gas_cell\", fire = true }",
    );
    let t = Tables::load(&[("house/airship_critical.toml".into(), text)]).unwrap();
    assert_eq!(
        t.airship_critical.cell(Part::Gondola, 10),
        Some((R::GasCell, true))
    );
}

/// A malformed airship table is refused with file:line:key, every problem reported.
#[test]
fn airship_critical_malformed_is_refused_with_file_line_key() {
    let text = airship_text()
        .replace("result = \"weapons\"", "result = \"wepons\"")
        .replace(
            "{ roll = \"8-10\", result = \"gas_cell\" }",
            "{ roll = \"8-9\", result = \"gas_cell\" }",
        )
        .replace("lost = \"valving\"", "lost = \"valve\"");
    let errs: Vec<String> = Tables::load(&[("house/airship_critical.toml".into(), text)])
        .unwrap_err()
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        errs,
        [
            "house/airship_critical.toml:22: key \"result\": unknown airship critical \"wepons\" (expected one of: engine, fuel, control, communications, weapons, gas_cell)",
            "house/airship_critical.toml:27: key \"cells\": 10 of the d10 is not covered (the rows must reach 10)",
            "house/airship_critical.toml:44: key \"lost\": unknown control \"valve\" (expected one of: elevator, rudder, valving, ballast)",
        ]
    );
}
