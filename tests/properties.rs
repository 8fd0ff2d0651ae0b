//! Property tests: the command language round-trips, no text makes a parser panic, and random
//! battles against the demo scenario keep the engine's promises (replay == live, verify finds
//! nothing, undo/redo are exact, refused commands change nothing, FG&DN invariants hold).

mod common;
mod ruleset_common;
use common::CARRIED_FIELDS;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::collections::BTreeMap;
use umpire::core::dice::SeededDice;
use umpire::rulesets::fgdn::clock::{Phase, Scale};
use umpire::rulesets::fgdn::command::{
    Aspect, BombWeight, Command, CrewBattery, Depth, HitOpts, Penetration, RangeBand, Side, Weapon,
    ADJUST_FIELDS, MAX_HIT_DP,
};
use umpire::rulesets::fgdn::event::{Casualty, Event};
use umpire::rulesets::fgdn::kinds::CriticalKind;
use umpire::rulesets::fgdn::scenario::{parse_scenario, Scenario};
use umpire::rulesets::fgdn::state::{GameState, ShipStatus};
use umpire::rulesets::fgdn::submarine::{Attack, DepthBand};
use umpire::rulesets::fgdn::tables::Tables;
use umpire::rulesets::fgdn::{Entry, Game};
use umpire::store::{parse_save, save_text};

// ---------------------------------------------------------------------------------------------
// Strategies for the command language

fn ship_id() -> impl Strategy<Value = String> {
    // "clock" is reserved by the scenario loader (it would read as `expect clock ...`).
    "[a-z][a-z0-9_-]{0,8}".prop_filter("clock is reserved", |s| s != "clock")
}

/// Free text with the characters that stress quoting: quotes, backslashes, `#`, newlines,
/// tabs and multi-byte unicode.
fn text() -> impl Strategy<Value = String> {
    let ch = prop_oneof![
        6 => prop::char::range('a', 'z'),
        2 => Just(' '),
        1 => Just('"'),
        1 => Just('\\'),
        1 => Just('#'),
        1 => Just('\n'),
        1 => Just('\t'),
        1 => Just('é'),
        1 => Just('🚢'),
        1 => Just('°'),
        1 => any::<char>(),
    ];
    prop::collection::vec(ch, 0..24).prop_map(|v| v.into_iter().collect())
}

fn phase() -> impl Strategy<Value = Phase> {
    prop::sample::select(Phase::ALL.to_vec())
}

fn crit_kind() -> impl Strategy<Value = CriticalKind> {
    prop::sample::select(CriticalKind::ALL.to_vec())
}

fn crew_battery() -> impl Strategy<Value = CrewBattery> {
    prop::sample::select(vec![
        CrewBattery::Main,
        CrewBattery::Casemate,
        CrewBattery::Light,
    ])
}

fn hhmm() -> impl Strategy<Value = u32> {
    0u32..1440
}

fn caliber() -> impl Strategy<Value = f64> {
    prop_oneof![
        (1u32..=1000).prop_map(f64::from),
        (1u32..=100_000).prop_map(|c| f64::from(c) / 100.0),
        (0.0f64..=1000.0).prop_filter("a calibre is positive", |c| *c > 0.0),
    ]
}

fn hit_opts() -> impl Strategy<Value = HitOpts> {
    (
        prop_oneof![
            Just(Penetration::Full),
            Just(Penetration::NoPen),
            any::<u32>().prop_map(Penetration::Pen),
        ],
        prop::option::of(prop::sample::select(vec![
            RangeBand::Short,
            RangeBand::Medium,
            RangeBand::Long,
            RangeBand::Extreme,
        ])),
        prop::sample::select(vec![
            Weapon::Shell,
            Weapon::Torpedo,
            Weapon::Mine,
            Weapon::Bomb,
            Weapon::SkipBomb,
            Weapon::Rocket,
            Weapon::Strafing,
        ]),
        prop::option::of(caliber()),
        prop::option::of(prop::sample::select(vec![Side::Port, Side::Starboard])),
        prop::option::of(prop::sample::select(vec![Depth::Shallow, Depth::Deep])),
        prop::option::of(prop::sample::select(vec![
            Aspect::Broad,
            Aspect::Bow,
            Aspect::Stern,
        ])),
        any::<bool>(),
        prop::option::of(prop::sample::select(vec![
            Attack::Lethal,
            Attack::Major,
            Attack::Minor,
        ])),
        prop::option::of(prop_oneof![
            (1u32..=100_000).prop_map(BombWeight::Lb),
            (1u32..=100_000).prop_map(BombWeight::Kg),
        ]),
    )
        .prop_map(
            |(
                penetration,
                range,
                weapon,
                caliber,
                side,
                depth,
                aspect,
                british_apc,
                attack,
                bomb,
            )| {
                HitOpts {
                    bomb,
                    penetration,
                    range,
                    weapon,
                    caliber,
                    side,
                    depth,
                    aspect,
                    british_apc,
                    attack,
                }
            },
        )
}

/// Every variant of `Command`, well formed (what the parser could have produced).
fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        prop::collection::vec(0u32..=100, 1..8).prop_map(Command::Dice),
        Just(Command::Next),
        Just(Command::Turn),
        (hhmm(), prop::option::of(phase())).prop_map(|(time, phase)| Command::Until {
            time,
            phase,
            day: None
        }),
        prop::sample::select(vec![Scale::Tactical, Scale::Intermediate]).prop_map(Command::Scale),
        (ship_id(), 0..=MAX_HIT_DP, hit_opts()).prop_map(|(ship, dp, opts)| Command::Hit {
            ship,
            dp,
            opts
        }),
        (ship_id(), crit_kind()).prop_map(|(ship, kind)| Command::Crit { ship, kind }),
        (ship_id(), 1u32..=100).prop_map(|(ship, pct)| Command::Fire { ship, pct }),
        (ship_id(), 1u32..=100).prop_map(|(ship, pct)| Command::Flood { ship, pct }),
        (
            ship_id(),
            prop::sample::select(ADJUST_FIELDS.to_vec()),
            any::<i64>(),
            text().prop_filter("a reason is not blank", |r| !r.trim().is_empty()),
        )
            .prop_map(|(ship, field, value, reason)| Command::Adjust {
                ship,
                field: field.to_string(),
                value,
                reason,
            }),
        (ship_id(), crew_battery()).prop_map(|(ship, battery)| Command::Crew { ship, battery }),
        (ship_id(), ship_id()).prop_map(|(helper, ship)| Command::Assist { helper, ship }),
        ship_id().prop_map(|helper| Command::Release { helper }),
        ship_id().prop_map(|ship| Command::Magazines { ship }),
        (ship_id(), any::<bool>()).prop_map(|(ship, ignored)| Command::Orders { ship, ignored }),
        (ship_id(), any::<bool>()).prop_map(|(ship, aground)| Command::Beach { ship, aground }),
        ship_id().prop_map(|ship| Command::Refloat { ship }),
        (
            ship_id(),
            prop_oneof![
                Just(DepthBand::Surfaced),
                Just(DepthBand::Periscope),
                Just(DepthBand::Shallow),
                (1u8..=9).prop_map(DepthBand::Intermediate),
            ],
            prop::option::of(0u32..=80)
        )
            .prop_map(|(ship, depth, speed)| Command::SubDepth { ship, depth, speed }),
        (ship_id(), prop::option::of(ship_id()))
            .prop_map(|(ship, from)| Command::Rescue { ship, from }),
        (ship_id(), ship_id(), 0u32..=80).prop_map(|(from, to, speed)| Command::Transfer {
            from,
            to,
            speed
        }),
        text().prop_map(Command::Note),
        Just(Command::EndBattle),
        (0u32..=9).prop_map(Command::SeaState),
        Just(Command::Serviceability),
        Just(Command::Undo),
        Just(Command::Redo),
        (
            ship_id(),
            "[a-z_][a-z0-9_.]{0,12}",
            prop_oneof![
                "[a-z0-9_-]{1,8}",
                any::<i32>().prop_map(|n| n.to_string()),
                any::<f64>().prop_map(|n| n.to_string()),
                text(),
            ]
        )
            .prop_map(|(ship, field, value)| Command::Expect { ship, field, value }),
        (hhmm(), phase()).prop_map(|(time, phase)| Command::ExpectClock { time, phase }),
    ]
}

/// Edits of a text: insert, delete, replace or duplicate characters, cut it short.
#[derive(Debug, Clone)]
enum Edit {
    Insert(usize, char),
    Delete(usize, usize),
    Replace(usize, char),
    Duplicate(usize, usize),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let ch = prop_oneof![
        Just('"'),
        Just('\\'),
        Just('#'),
        Just(' '),
        Just('\n'),
        Just('='),
        Just('['),
        Just(']'),
        Just('{'),
        Just('}'),
        Just('0'),
        Just('9'),
        Just('-'),
        prop::char::range('a', 'z'),
        any::<char>(),
    ];
    prop_oneof![
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        (any::<usize>(), 1usize..12).prop_map(|(i, n)| Edit::Delete(i, n)),
        (any::<usize>(), ch).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), 1usize..40).prop_map(|(i, n)| Edit::Duplicate(i, n)),
        any::<usize>().prop_map(Edit::Truncate),
    ]
}

fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut v: Vec<char> = text.chars().collect();
    for e in edits {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % (len + 1) };
        match *e {
            Edit::Insert(i, c) => {
                let i = at(i, v.len());
                v.insert(i, c);
            }
            Edit::Delete(i, n) => {
                let i = at(i, v.len());
                let end = (i + n).min(v.len());
                v.drain(i..end);
            }
            Edit::Replace(i, c) => {
                if !v.is_empty() {
                    let i = i % v.len();
                    v[i] = c;
                }
            }
            Edit::Duplicate(i, n) => {
                let i = at(i, v.len());
                let end = (i + n).min(v.len());
                let copy: Vec<char> = v[i..end].to_vec();
                v.splice(end..end, copy);
            }
            Edit::Truncate(i) => {
                let i = at(i, v.len());
                v.truncate(i);
            }
        }
    }
    v.into_iter().collect()
}

// ---------------------------------------------------------------------------------------------
// The demo battle

fn demo() -> Scenario {
    parse_scenario(umpire::cli::DEMO_NAME, umpire::cli::DEMO).expect("the demo scenario parses")
}

/// The demo, or a variant of it: starting just before midnight (the day rolls over), and/or
/// with the torpedo boat S53 as a size E small craft (DP not reduced, sinks at 2 x DP in one
/// turn, fire and flooding do their first damage at once), and/or with the optional equipment
/// serviceability rule (FG&DN 8.5) on, so `serviceability` can be typed.
fn demo_variant(late: bool, small_craft: bool, serviceability: bool) -> String {
    let mut text = umpire::cli::DEMO.to_string();
    if serviceability {
        text = text.replace(
            "[options]\n",
            "[options]\nequipment_serviceability = true\n",
        );
    }
    if late {
        text = text.replace("start = \"1200\"", "start = \"2339\"");
    }
    if small_craft {
        text = text.replace(
            "size = \"D\"                     # ESTIMATE\ndp = 25",
            "size = \"E\"                     # ESTIMATE\ndp = 25",
        );
    }
    text
}

fn demo_ids() -> Vec<String> {
    demo().ships.iter().map(|s| s.id.clone()).collect()
}

/// One step of a random battle. Ship indices are taken modulo the demo's ship count; index
/// `UNKNOWN` names a ship that is not in the scenario.
#[derive(Debug, Clone)]
enum Op {
    Next,
    Turn,
    Hit(usize, u32, HitOpts),
    Crit(usize, CriticalKind),
    Fire(usize, u32),
    Flood(usize, u32),
    Adjust(usize, &'static str, i64),
    Note(String),
    Dice(Vec<u32>),
    Undo,
    Redo,
    /// `until` the turn `turns` turns from now (plus `skew` minutes, usually 0), at a phase.
    Until(u32, u32, Option<Phase>),
    /// `until` the next intermediate mark, at a phase (reaches "each Intermediate Turn" work).
    UntilMark(Option<Phase>),
    Scale(Scale),
    /// Damage control (FG&DN 8.2): crews, assistance (helper, ship), magazines, fire orders.
    Crew(usize, CrewBattery),
    Assist(usize, usize),
    Release(usize),
    Magazines(usize),
    Orders(usize, bool),
    /// FG&DN 8.1.5: `beach SHIP [aground]`, `refloat SHIP`.
    Beach(usize, bool),
    Refloat(usize),
    /// FG&DN 8.4, 8.5: the end of the battle (one time in four; `next` otherwise, so that
    /// most battles still have a battle) and the post-battle marks, the sea state (10-12 are
    /// refused), the serviceability roll (refused unless the option is on).
    EndBattle(u8),
    SeaState(u32),
    Serviceability,
}

const UNKNOWN: usize = usize::MAX;

fn engine_hit_opts() -> impl Strategy<Value = HitOpts> {
    let shell = (
        prop_oneof![
            3 => Just(Penetration::Full),
            2 => Just(Penetration::NoPen),
            3 => (0u32..40).prop_map(Penetration::Pen),
        ],
        prop::option::of(prop::sample::select(vec![
            RangeBand::Short,
            RangeBand::Medium,
            RangeBand::Long,
            RangeBand::Extreme,
        ])),
        prop_oneof![4 => Just(Weapon::Shell), 1 => Just(Weapon::Bomb), 1 => Just(Weapon::SkipBomb), 1 => Just(Weapon::Rocket), 1 => Just(Weapon::Strafing)],
        prop::option::of(prop_oneof![
            3 => prop::sample::select(vec![
                7.62, 40.0, 76.0, 102.0, 152.0, 280.0, 305.0, 343.0, 381.0,
            ]),
            // Any calibre, to its last bit, survives the save
            // (`a_hit_caliber_survives_the_save_format`).
            1 => caliber(),
        ]),
        prop::option::of(prop::sample::select(vec![Side::Port, Side::Starboard])),
    )
        .prop_map(|(penetration, range, weapon, caliber, side)| HitOpts {
            penetration,
            range,
            weapon,
            caliber,
            side,
            depth: None,
            aspect: None,
            british_apc: false,
            attack: None,
            bomb: None,
        });
    let torpedo = (
        prop_oneof![3 => Just(Weapon::Torpedo), 1 => Just(Weapon::Mine)],
        prop::option::of(prop::sample::select(vec![Side::Port, Side::Starboard])),
        prop::option::of(prop::sample::select(vec![Depth::Shallow, Depth::Deep])),
        prop::option::of(prop::sample::select(vec![
            Aspect::Broad,
            Aspect::Bow,
            Aspect::Stern,
        ])),
    )
        .prop_map(|(weapon, side, depth, aspect)| HitOpts {
            weapon,
            side,
            depth,
            aspect,
            ..HitOpts::default()
        });
    prop_oneof![5 => shell, 1 => torpedo]
}

/// Every demo ship (the U-boat UB 64 included: she found the carry of a minor-damage critical
/// that had cleared), or one that is not in the scenario.
fn ship_index() -> impl Strategy<Value = usize> {
    prop_oneof![30 => 0usize..10, 1 => Just(UNKNOWN)]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        8 => Just(Op::Next),
        4 => Just(Op::Turn),
        12 => (ship_index(), 0u32..=400, engine_hit_opts()).prop_map(|(s, dp, o)| Op::Hit(s, dp, o)),
        3 => (ship_index(), crit_kind()).prop_map(|(s, k)| Op::Crit(s, k)),
        3 => (ship_index(), 1u32..=30).prop_map(|(s, p)| Op::Fire(s, p)),
        3 => (ship_index(), 1u32..=30).prop_map(|(s, p)| Op::Flood(s, p)),
        2 => (ship_index(), prop::sample::select(ADJUST_FIELDS.to_vec()), -5i64..700)
            .prop_map(|(s, f, v)| Op::Adjust(s, f, v)),
        1 => text().prop_map(Op::Note),
        3 => prop::collection::vec(1u32..=6, 1..5).prop_map(Op::Dice),
        3 => Just(Op::Undo),
        2 => Just(Op::Redo),
        2 => (0u32..6, prop_oneof![6 => Just(0u32), 1 => 1u32..3], prop::option::of(phase()))
            .prop_map(|(t, s, p)| Op::Until(t, s, p)),
        2 => prop_oneof![Just(None), prop::option::of(phase())].prop_map(Op::UntilMark),
        2 => prop::sample::select(vec![Scale::Tactical, Scale::Intermediate]).prop_map(Op::Scale),
        1 => (ship_index(), crew_battery()).prop_map(|(s, b)| Op::Crew(s, b)),
        1 => (ship_index(), ship_index()).prop_map(|(h, s)| Op::Assist(h, s)),
        1 => ship_index().prop_map(Op::Release),
        1 => ship_index().prop_map(Op::Magazines),
        1 => (ship_index(), any::<bool>()).prop_map(|(s, i)| Op::Orders(s, i)),
        1 => (ship_index(), any::<bool>()).prop_map(|(s, a)| Op::Beach(s, a)),
        1 => ship_index().prop_map(Op::Refloat),
        1 => (0u8..4).prop_map(Op::EndBattle),
        1 => (0u32..=12).prop_map(Op::SeaState),
        1 => Just(Op::Serviceability),
    ]
}

/// The command for a step, in the game's current state.
fn to_command(op: &Op, state: &GameState, ids: &[String]) -> Command {
    let ship = |i: usize| {
        if i == UNKNOWN {
            "bismarck".to_string()
        } else {
            ids[i % ids.len()].clone()
        }
    };
    let pick = |i: usize, which: &dyn Fn(&umpire::rulesets::fgdn::state::ShipState) -> bool| {
        let fit: Vec<&str> = state
            .ships
            .iter()
            .filter(|s| which(s))
            .map(|s| s.id())
            .collect();
        if i == UNKNOWN || fit.is_empty() {
            ship(i)
        } else {
            fit[i % fit.len()].to_string()
        }
    };
    match op {
        Op::Next => Command::Next,
        Op::Turn => Command::Turn,
        Op::Hit(s, dp, opts) => Command::Hit {
            ship: ship(*s),
            dp: *dp,
            opts: opts.clone(),
        },
        Op::Crit(s, kind) => Command::Crit {
            ship: ship(*s),
            kind: *kind,
        },
        Op::Fire(s, pct) => Command::Fire {
            ship: ship(*s),
            pct: *pct,
        },
        Op::Flood(s, pct) => Command::Flood {
            ship: ship(*s),
            pct: *pct,
        },
        Op::Adjust(s, field, value) => Command::Adjust {
            ship: ship(*s),
            field: field.to_string(),
            // Underwater protection is at most 105 DP in the demo.
            value: if field.starts_with("tds") {
                value % 120
            } else {
                *value
            },
            reason: "umpire ruling".into(),
        },
        Op::Note(t) => Command::Note(t.clone()),
        Op::Dice(faces) => Command::Dice(faces.clone()),
        Op::Undo => Command::Undo,
        Op::Redo => Command::Redo,
        Op::Until(turns, skew, phase) => {
            let c = state.clock;
            let t = c.turn + turns * c.scale.turn_minutes() + skew;
            Command::Until {
                time: t % 1440,
                phase: *phase,
                day: None,
            }
        }
        Op::UntilMark(phase) => Command::Until {
            time: state.clock_options.next_mark_after(state.clock.turn) % 1440,
            phase: *phase,
            day: None,
        },
        Op::Scale(s) => Command::Scale(*s),
        Op::Crew(s, battery) => Command::Crew {
            ship: ship(*s),
            battery: *battery,
        },
        Op::Assist(h, s) => Command::Assist {
            helper: ship(*h),
            ship: ship(*s),
        },
        // Mostly a helper that is assisting (or a ship that is grounded, for `refloat`), so the
        // command is accepted more often than a ship picked blindly would be.
        Op::Release(h) => Command::Release {
            helper: pick(*h, &|s| s.assisting.is_some()),
        },
        Op::Magazines(s) => Command::Magazines { ship: ship(*s) },
        Op::Orders(s, ignored) => Command::Orders {
            ship: ship(*s),
            ignored: *ignored,
        },
        Op::Beach(s, aground) => Command::Beach {
            ship: ship(*s),
            aground: *aground,
        },
        Op::Refloat(s) => Command::Refloat {
            ship: pick(*s, &|s| s.grounded.is_some()),
        },
        Op::EndBattle(0) => Command::EndBattle,
        Op::EndBattle(_) => Command::Next,
        Op::SeaState(n) => Command::SeaState(*n),
        Op::Serviceability => Command::Serviceability,
    }
}

fn is_history(c: &Command) -> bool {
    matches!(c, Command::Undo | Command::Redo)
}

/// Where the clock stands, comparable: (turn start, phase in turn order).
fn clock_key(s: &GameState) -> (u32, Phase) {
    (s.clock.turn, s.clock.phase)
}

/// FG&DN invariants of one state (SPEC 3.2, 3.4, 5).
fn check_state(game: &Game) -> Result<(), TestCaseError> {
    let status = umpire::rulesets::fgdn::status::status(&game.state, &game.tables);
    for (s, v) in game.state.ships.iter().zip(&status.ships) {
        let id = s.id();
        if !s.is_small_craft() {
            // A beached or grounded ship takes damage on to twice its DP (FG&DN 8.1.5).
            let limit = umpire::rulesets::fgdn::grounding::damage_limit(s);
            prop_assert!(
                s.damage <= limit,
                "{id}: damage {} > {limit} (dp {})",
                s.damage,
                s.spec.dp
            );
            prop_assert_eq!(v.dp_left, v.dp.saturating_sub(v.damage), "{}: dp_left", id);
        }
        prop_assert_eq!(
            v.severity_pct,
            v.fire_pct + v.flood_pct,
            "{}: severity_pct",
            id
        );
        prop_assert!(
            v.speed_max <= v.speed,
            "{id}: speed_max {} > speed {}",
            v.speed_max,
            v.speed
        );
        prop_assert!(v.tds.port <= s.spec.armor.tds && v.tds.starboard <= s.spec.armor.tds);
        // A casualty still burning is at least 1 %; damage control takes one to 0 % and ends it.
        for f in s.fires.iter().chain(&s.floods) {
            if f.next_due.is_some() {
                prop_assert!(f.pct >= 1, "{id}: a casualty of {} %", f.pct);
            }
        }
        // Nothing may be due before the current turn without having fired.
        for f in s.fires.iter().chain(&s.floods) {
            if let (Some(due), true) = (f.next_due, s.is_afloat()) {
                prop_assert!(
                    due >= game.state.clock.turn,
                    "{id}: a {} is overdue (due {due}, clock {})",
                    f.casualty.name(),
                    game.state.clock
                );
            }
        }
    }
    Ok(())
}

/// Walk an entry's events over the state before it, checking what must hold at each event:
/// - no fire or flood does damage twice in one phase (at most one `CasualtyDamage` per
///   (ship, casualty, index) between two `PhaseEnded` events);
/// - a fire or flood does damage in the phase and turn it is due (SPEC 3.4), never early;
/// - when a phase ends (`ClockMoved`), no hit is left pending (SPEC 3.2), no size A-D ship at
///   0 DP is still afloat, and a sinking ship whose time has come has sunk in the Movement
///   Phase (8.1.8).
fn check_entry_events(before: &GameState, entry: &Entry) -> Result<GameState, TestCaseError> {
    let mut state = before.clone();
    let mut seen: BTreeMap<(String, bool, usize), usize> = BTreeMap::new();
    let mut phase_no = 0;
    let cmd = &entry.cmd;
    for e in &entry.events {
        match e {
            Event::PhaseEnded { .. } => phase_no += 1,
            Event::CasualtyDamage {
                ship,
                casualty,
                index,
                ..
            } => {
                let key = (ship.clone(), *casualty == Casualty::Fire, *index);
                let before = seen.insert(key, phase_no);
                prop_assert!(
                    before != Some(phase_no),
                    "\"{}\": {} {} #{} did damage twice in one phase",
                    cmd,
                    ship,
                    casualty.name(),
                    index
                );
                let s = state.ship(ship).expect("a ship of the scenario");
                let f = &s.casualties(*casualty)[*index];
                let clock = state.clock;
                if !f.immediate || f.damage_done > 0 {
                    let due = f.next_due;
                    prop_assert!(
                        due.is_some_and(|d| clock.reached(d)),
                        "\"{}\": {} {} #{} did damage at {} but is due {:?}",
                        cmd,
                        ship,
                        casualty.name(),
                        index,
                        clock,
                        due
                    );
                    prop_assert_eq!(
                        f.due_phase,
                        clock.phase,
                        "\"{}\": {} {} #{} did damage in the wrong phase",
                        cmd,
                        ship,
                        casualty.name(),
                        index
                    );
                }
            }
            Event::ClockMoved { .. } => {
                for s in &state.ships {
                    prop_assert!(
                        s.pending.is_empty(),
                        "\"{}\": {} has hits pending after {} ended",
                        cmd,
                        s.id(),
                        state.clock
                    );
                    // A grounded ship at 0 DP rests on the bottom (8.1.5).
                    if !s.is_small_craft() && s.dp_left() == 0 && s.grounded.is_none() {
                        prop_assert!(
                            !s.is_afloat(),
                            "\"{}\": {} is at 0 DP and afloat after {} ended",
                            cmd,
                            s.id(),
                            state.clock
                        );
                    }
                    if let ShipStatus::Sinking { due } = s.status {
                        prop_assert!(
                            !(state.clock.phase == Phase::Movement && state.clock.turn >= due),
                            "\"{}\": {} (due to sink at {}) is still afloat after {} ended",
                            cmd,
                            s.id(),
                            due,
                            state.clock
                        );
                    }
                }
            }
            _ => {}
        }
        state.apply(e);
    }
    Ok(state)
}

/// Run a battle, checking every step; returns the game.
fn run_battle(scenario: &Scenario, ops: &[Op]) -> Result<Game, TestCaseError> {
    let ids: Vec<String> = scenario.ships.iter().map(|s| s.id.clone()).collect();
    let mut game = Game::new(scenario, Tables::builtin());
    for op in ops {
        let cmd = to_command(op, &game.state, &ids);
        let before = game.clone();
        let result = game
            .execute(&cmd, &mut SeededDice)
            .map(|e| e.cloned())
            .map_err(|e| e.to_string());
        match result {
            Err(_) => {
                prop_assert_eq!(
                    &game.state,
                    &before.state,
                    "refused \"{}\" changed the state",
                    cmd
                );
                prop_assert_eq!(
                    game.entries(),
                    before.entries(),
                    "refused \"{}\" was logged",
                    cmd
                );
            }
            Ok(None) => prop_assert_eq!(&game.state, &before.state),
            Ok(Some(entry)) => {
                check_state(&game)?;
                if !is_history(&cmd) {
                    let walked = check_entry_events(&before.state, &entry)?;
                    prop_assert_eq!(
                        &walked,
                        &game.state,
                        "events of \"{}\" over the state before it",
                        cmd
                    );
                }
                prop_assert_eq!(
                    entry.cmd.parse::<Command>().ok(),
                    Some(cmd.clone()),
                    "the logged text reads back as the command"
                );
                if !is_history(&cmd) {
                    prop_assert!(
                        clock_key(&game.state) >= clock_key(&before.state),
                        "\"{}\" moved the clock back from {} to {}",
                        cmd,
                        before.state.clock,
                        game.state.clock
                    );
                    for (a, b) in before.state.ships.iter().zip(&game.state.ships) {
                        if a.status == ShipStatus::Sunk {
                            prop_assert_eq!(b.status, ShipStatus::Sunk, "{} rose again", a.id());
                        }
                    }
                    let mut undone = game.clone();
                    prop_assert!(undone.execute(&Command::Undo, &mut SeededDice).is_ok());
                    prop_assert_eq!(&undone.state, &before.state, "undo of \"{}\"", cmd);
                    prop_assert!(undone.execute(&Command::Redo, &mut SeededDice).is_ok());
                    prop_assert_eq!(&undone.state, &game.state, "redo of \"{}\"", cmd);
                }
            }
        }
    }
    Ok(game)
}

fn check_replay(scenario: &Scenario, text: &str, game: &Game) -> Result<(), TestCaseError> {
    let entries = game.entries().to_vec();
    let replayed = Game::replay(scenario, Tables::builtin(), entries.clone())
        .map_err(|e| TestCaseError::fail(format!("replay failed: {e}")))?;
    prop_assert_eq!(
        &replayed.state,
        &game.state,
        "replay differs from the live game"
    );

    let text = save_text("demo.toml", text, &entries)
        .map_err(|e| TestCaseError::fail(format!("save_text: {e}")))?;
    let loaded = parse_save::<Entry>("demo.toml", &text)
        .map_err(|e| TestCaseError::fail(format!("parse_save: {e}")))?;
    prop_assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    prop_assert_eq!(&loaded.entries, &entries, "entries through the save format");
    let from_save = Game::replay(scenario, Tables::builtin(), loaded.entries)
        .map_err(|e| TestCaseError::fail(format!("replay from save failed: {e}")))?;
    prop_assert_eq!(&from_save.state, &game.state, "replay from save differs");

    let problems = Game::verify(scenario, Tables::builtin(), &entries);
    prop_assert!(problems.is_empty(), "verify: {:?}", problems);
    Ok(())
}

/// Undo all the way back reaches the scenario's initial state, redoing as many commands
/// brings back the final one, and that longer log still replays and verifies. The same commands with the same
/// seed give the same log (no hidden randomness or iteration order).
fn check_history(scenario: &Scenario, game: &Game) -> Result<(), TestCaseError> {
    let mut g = game.clone();
    let mut undone = 0;
    while g.execute(&Command::Undo, &mut SeededDice).is_ok() {
        undone += 1;
    }
    prop_assert_eq!(&g.state, &GameState::new(scenario), "undo all the way back");
    for _ in 0..undone {
        prop_assert!(g.execute(&Command::Redo, &mut SeededDice).is_ok());
    }
    prop_assert_eq!(&g.state, &game.state, "redo of everything undone");
    let replayed = Game::replay(scenario, Tables::builtin(), g.entries().to_vec())
        .map_err(|e| TestCaseError::fail(format!("replay after undo/redo: {e}")))?;
    prop_assert_eq!(&replayed.state, &g.state);
    // A run of undos the length of the log, then as many redos: every entry worded as a walk
    // of the history words it.
    ruleset_common::words_agree_with_a_walk(scenario, Tables::builtin(), &g)?;
    let problems = Game::verify(scenario, Tables::builtin(), g.entries());
    prop_assert!(
        problems.is_empty(),
        "verify after undo/redo: {:?}",
        problems
    );

    let mut again = Game::new(scenario, Tables::builtin());
    for e in game.entries() {
        let cmd: Command = e
            .cmd
            .parse()
            .map_err(|e| TestCaseError::fail(format!("{e}")))?;
        let _ = again.execute(&cmd, &mut SeededDice);
    }
    prop_assert_eq!(
        again.entries(),
        game.entries(),
        "the same commands give the same log"
    );
    Ok(())
}

/// Campaign carry-over (issue 5 item 4, FG&DN 8.4): the battle is ended and its repair day
/// walked; `carry` then writes a scenario that loads, whose ships start with the state they
/// ended with, and whose carried blocks come back the same from that starting state. Only a
/// battle with no ship left to carry is refused.
fn check_carry(text: &str, scenario: &Scenario, game: &Game) -> Result<(), TestCaseError> {
    use umpire::rulesets::fgdn::carry::{carried_of, carry, CarryOptions, Source};
    let mut g = game.clone();
    if g.state.post_battle.is_none() {
        if g.state.ships.iter().any(|s| !s.pending.is_empty()) {
            let _ = g.execute(&Command::Next, &mut SeededDice);
        }
        if g.execute(&Command::EndBattle, &mut SeededDice).is_err() {
            return Ok(());
        }
    }
    for _ in 0..4 {
        let _ = g.execute(&Command::Next, &mut SeededDice);
    }
    prop_assert!(g.state.post_battle.is_some_and(|p| p.finished));
    let src = Source {
        file: "battle.toml",
        crc32: 0,
        last_seq: 0,
        scenario_text: text,
        scenario,
        state: &g.state,
        tables: &g.tables,
    };
    let carried = match carry(&src, &CarryOptions::default()) {
        Ok(c) => c,
        Err(e) => {
            prop_assert!(
                e.0.starts_with("battle.toml: no ship is afloat")
                    && !g
                        .state
                        .ships
                        .iter()
                        .any(|s| s.is_afloat() && s.grounded.is_none()),
                "carry refused: {}",
                e
            );
            return Ok(());
        }
    };
    let next = Game::new(&carried.scenario, Tables::builtin());
    for s in &next.state.ships {
        let mut end = g
            .state
            .ship(s.id())
            .expect("a carried ship was in the battle")
            .clone();
        // Crews sent to damage control are back at their guns in a new battle (once per battle).
        end.dc_crews = None;
        // A rudder freed in the battle is simply a working rudder in the next one.
        if end.equipment.rudder == Some(umpire::rulesets::fgdn::effects::RudderState::Freed) {
            end.equipment.rudder = None;
        }
        let end = &end;
        let a = serde_json::to_value(umpire::rulesets::fgdn::status::ship_view(
            &g.state, &g.tables, end,
        ))
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let b = serde_json::to_value(umpire::rulesets::fgdn::status::ship_view(
            &next.state,
            &next.tables,
            s,
        ))
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
        for f in CARRIED_FIELDS {
            prop_assert_eq!(&b[*f], &a[*f], "{}.{} carried\n{}", s.id(), f, carried.text);
        }
        if let Some(block) = &s.spec.carried {
            let mut again =
                carried_of(s, "again").map_err(|e| TestCaseError::fail(e.to_string()))?;
            again.not_repairable_at_sea = block.not_repairable_at_sea.clone();
            prop_assert_eq!(&again, block, "{} carried again", s.id());
        }
    }
    Ok(())
}

/// `expect` agrees with the status (SPEC 5): the value shown holds, another value fails, and
/// neither changes the game.
fn check_expect(game: &Game) -> Result<(), TestCaseError> {
    let status = umpire::rulesets::fgdn::status::status(&game.state, &game.tables);
    let mut g = game.clone();
    for v in &status.ships {
        let fields: [(&str, String, String); 6] = [
            ("damage", v.damage.to_string(), (v.damage + 1).to_string()),
            (
                "dp_left",
                v.dp_left.to_string(),
                (v.dp_left + 1).to_string(),
            ),
            (
                "speed_max",
                v.speed_max.to_string(),
                (v.speed_max + 1).to_string(),
            ),
            ("status", v.status.to_uppercase(), "capsized".into()),
            (
                "fire_pct",
                v.fire_pct.to_string(),
                (v.fire_pct + 1).to_string(),
            ),
            (
                "criticals",
                v.criticals.len().to_string(),
                (v.criticals.len() + 1).to_string(),
            ),
        ];
        for (field, holds, fails) in fields {
            let expect = |value: &str| Command::Expect {
                ship: v.id.to_uppercase(),
                field: field.into(),
                value: value.into(),
            };
            let ok = g
                .execute(&expect(&holds), &mut SeededDice)
                .map(|e| e.is_none());
            prop_assert_eq!(ok, Ok(true), "expect {} {} {}", v.id, field, holds);
            let bad = g.execute(&expect(&fails), &mut SeededDice);
            prop_assert!(bad.is_err(), "expect {} {} {} held", v.id, field, fails);
        }
    }
    let clock = Command::ExpectClock {
        time: game.state.clock.turn % 1440,
        phase: game.state.clock.phase,
    };
    prop_assert_eq!(
        g.execute(&clock, &mut SeededDice).map(|e| e.is_none()),
        Ok(true)
    );
    prop_assert_eq!(&g.state, &game.state, "expect changed the state");
    prop_assert_eq!(g.entries(), game.entries(), "expect was logged");
    Ok(())
}

/// A random scenario within what the loader accepts: odd sizes, types, years, DP from 1,
/// speed 0, heavy underwater protection, unarmed craft, marks anchored before the start.
fn scenario_text() -> impl Strategy<Value = String> {
    let ship = (
        prop::sample::select(vec![
            "major",
            "minor",
            "aviation",
            "merchant",
            "small",
            "small_cargo",
        ]),
        prop::option::of(Just(())),
        prop::sample::select(vec!["A", "B", "C", "D", "E", "F", "G"]),
        prop_oneof![1u32..=60, 1u32..=1000, Just(100_000u32)],
        0u32..=80,
        1850u32..=2100,
        prop::option::of(1850u32..=2100),
        (0u32..=40, 0u32..=20, prop_oneof![Just(0u32), 0u32..=300]),
        any::<bool>(),
        // Holds and aircraft aboard (FG&DN 8.3 Cargo, Aircraft, Flight Deck): bit 1, bit 2.
        0u32..4,
    );
    (
        hhmm(),
        // Any interval the loader accepts: marks inside an intermediate turn collapse into the
        // next one (`fire_damage_once_per_phase_with_short_interval`).
        (1u32..=480).prop_map(|k| k * 3),
        1u32..=20,
        any::<u64>(),
        prop::collection::vec(ship, 1..5),
        prop::option::of(0u32..40),
    )
        .prop_map(|(start, interval, delay, seed, ships, anchor_turns)| {
            let mut t = format!(
                "[scenario]\nname = \"random\"\nruleset = \"fgdn-1.1\"\nstart = \"{:02}{:02}\"\nseed = {}\n\n\
                 [options]\nfire_flood_delay_turns = {delay}\nintermediate_interval = {interval}\n",
                start / 60,
                start % 60,
                seed % (1 << 53),
            );
            if let Some(k) = anchor_turns.filter(|k| k * 3 <= start) {
                let a = start - k * 3;
                t.push_str(&format!("mark_anchor = \"{:02}{:02}\"\n", a / 60, a % 60));
            }
            for (
                k,
                (kind, typed, size, dp, speed, year, rebuilt, (belt, deck, tds), armed, extras),
            ) in ships.into_iter().enumerate()
            {
                t.push_str(&format!(
                    "\n[[ship]]\nid = \"s{k}\"\nname = \"Ship {k}\"\nside = \"{}\"\nsize = \"{size}\"\n\
                     dp = {dp}\nspeed = {speed}\nin_service = {year}\narmed = {armed}\n\
                     armor = {{ belt = {belt}, deck = {deck}, tds = {tds} }}\n",
                    if k % 2 == 0 { "Blue" } else { "Red" },
                ));
                if typed.is_some() {
                    t.push_str(&format!("type = \"{kind}\"\n"));
                }
                if let Some(r) = rebuilt {
                    t.push_str(&format!("rebuilt = {r}\n"));
                }
                if extras & 1 != 0 {
                    t.push_str(
                        "cargo = [\n  { hold = \"No. 1\", contents = \"ammo\", amount = 400 },\n  \
                         { hold = \"No. 2\", contents = \"petroleum\", product = \"avgas\", amount = 90 },\n  \
                         { hold = \"No. 3\", contents = \"troops\", amount = 600 },\n]\n",
                    );
                }
                if extras & 2 != 0 {
                    t.push_str("aircraft = { hangar = 3, forward = 2, aft = 1 }\n");
                }
            }
            t
        })
}

// ---------------------------------------------------------------------------------------------
// Properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// SPEC 4: `parse(print(c)) == c` for every well-formed command.
    #[test]
    fn commands_round_trip_through_text(c in command()) {
        let line = c.to_string();
        let back = line.parse::<Command>();
        prop_assert_eq!(back.as_ref().ok(), Some(&c), "{:?} printed as {:?}: {:?}", c, line, back);
    }

    /// The printed command is one line, so it fits the log and the prompt.
    #[test]
    fn printed_commands_are_one_line(c in command()) {
        prop_assert!(!c.to_string().contains('\n'));
    }

    #[test]
    fn the_parser_never_panics_on_any_text(s in any::<String>()) {
        let _ = s.parse::<Command>();
    }

    #[test]
    fn the_parser_never_panics_on_command_like_text(
        s in "(dice|next|turn|until|scale|hit|crit|fire|flood|adjust|note|undo|redo|expect|crew|assist|release|magazines|orders|beach|refloat|end-battle|sea-state|serviceability)( [a-z0-9_.\"#\\\\-]{0,10}){0,8}"
    ) {
        let _ = s.parse::<Command>();
    }

    /// Mutated valid lines parse or fail cleanly; whatever parses prints back to itself.
    #[test]
    fn the_parser_never_panics_on_mutated_commands(
        c in command(),
        edits in prop::collection::vec(edit(), 1..5),
    ) {
        let line = mutate(&c.to_string(), &edits);
        if let Ok(parsed) = line.parse::<Command>() {
            let again = parsed.to_string().parse::<Command>();
            prop_assert_eq!(again.as_ref().ok(), Some(&parsed), "{:?} -> {:?}", line, parsed);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn the_scenario_parser_never_panics_on_any_text(s in any::<String>()) {
        let _ = parse_scenario("any.toml", &s);
    }

    #[test]
    fn the_scenario_parser_never_panics_on_mutated_scenarios(
        edits in prop::collection::vec(edit(), 1..6),
    ) {
        let text = mutate(umpire::cli::DEMO, &edits);
        if let Ok(s) = parse_scenario("demo.toml", &text) {
            // Whatever loads must start a game that takes a phase without trouble.
            let mut game = Game::new(&s, Tables::builtin());
            let _ = game.execute(&Command::Next, &mut SeededDice);
        }
    }

    #[test]
    fn the_save_parser_never_panics_on_mutated_saves(
        ops in prop::collection::vec(op(), 0..12),
        edits in prop::collection::vec(edit(), 1..6),
    ) {
        let scenario = demo();
        let game = run_battle(&scenario, &ops)?;
        let text = save_text("demo.toml", umpire::cli::DEMO, game.entries())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let text = mutate(&text, &edits);
        if let Ok(loaded) = parse_save::<Entry>("demo.toml", &text) {
            // Decoded entries replay or fail cleanly.
            if let Ok(s) = parse_scenario("demo.toml", &loaded.scenario_text) {
                let _ = Game::replay(&s, Tables::builtin(), loaded.entries.clone());
                let _ = Game::verify(&s, Tables::builtin(), &loaded.entries);
            }
        }
    }

    /// Edits inside an entry's JSON with a recomputed checksum: the line is intact, so it must
    /// decode or be reported, never panic; what decodes must replay or fail cleanly.
    #[test]
    fn the_save_parser_never_panics_on_re_checksummed_entries(
        ops in prop::collection::vec(op(), 1..12),
        which in any::<usize>(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let scenario = demo();
        let game = run_battle(&scenario, &ops)?;
        if game.entries().is_empty() {
            return Ok(());
        }
        let mut text = format!("{}{}\n", umpire::cli::DEMO, umpire::store::LOG_MARKER);
        for (k, e) in game.entries().iter().enumerate() {
            let json = serde_json::to_string(e).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let json = if k == which % game.entries().len() {
                mutate(&json, &edits).replace('\n', " ")
            } else {
                json
            };
            text.push_str(&umpire::store::format::entry_line(&json));
        }
        if let Ok(loaded) = parse_save::<Entry>("demo.toml", &text) {
            let _ = Game::replay(&scenario, Tables::builtin(), loaded.entries.clone());
            let _ = Game::verify(&scenario, Tables::builtin(), &loaded.entries);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Random battles: every step keeps the invariants, undo/redo are exact, refused commands
    /// change nothing; the log replays (live and through the save format) to the same state and
    /// verifies against the rules.
    #[test]
    fn random_battles_replay_verify_and_undo_exactly(ops in prop::collection::vec(op(), 1..40)) {
        let scenario = demo();
        let game = run_battle(&scenario, &ops)?;
        check_replay(&scenario, umpire::cli::DEMO, &game)?;
        check_history(&scenario, &game)?;
        check_expect(&game)?;
    }

    /// The same on variants of the demo: across midnight, and with a small craft.
    #[test]
    fn random_battles_on_demo_variants(
        late in any::<bool>(),
        small_craft in any::<bool>(),
        serviceability in any::<bool>(),
        ops in prop::collection::vec(op(), 1..40),
    ) {
        let text = demo_variant(late, small_craft, serviceability);
        // With the option on, the roll comes first (FG&DN 8.5: before the battle).
        let ops: Vec<Op> = if serviceability {
            std::iter::once(Op::Serviceability).chain(ops).collect()
        } else {
            ops
        };
        let scenario = parse_scenario("variant.toml", &text)
            .map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        prop_assert_eq!(scenario.ships[8].size.is_small_craft(), small_craft);
        let game = run_battle(&scenario, &ops)?;
        check_replay(&scenario, &text, &game)?;
        check_history(&scenario, &game)?;
        check_expect(&game)?;
        check_carry(&text, &scenario, &game)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// The same on random scenarios the loader accepts.
    #[test]
    fn random_battles_on_random_scenarios(
        text in scenario_text(),
        ops in prop::collection::vec(op(), 1..40),
    ) {
        let scenario = parse_scenario("random.toml", &text)
            .map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
        let game = run_battle(&scenario, &ops)?;
        check_replay(&scenario, &text, &game)?;
        check_history(&scenario, &game)?;
        check_expect(&game)?;
        check_carry(&text, &scenario, &game)?;
    }
}

#[test]
fn demo_has_the_ships_the_strategies_expect() {
    assert_eq!(demo_ids().len(), 10);
}

/// Found by `random_battles_replay_verify_and_undo_exactly` with an arbitrary calibre: the save
/// writes the f64 with all 17 digits and must read back the same bits (serde_json's
/// `float_roundtrip`), or replay from the save differs from the live game and `verify` fails.
#[test]
fn a_hit_caliber_survives_the_save_format() {
    let scenario = demo();
    let mut game = Game::new(&scenario, Tables::builtin());
    for line in ["next", "hit tiger 0 caliber 13.235314906746797"] {
        let cmd: Command = line.parse().unwrap();
        game.execute(&cmd, &mut SeededDice).unwrap();
    }
    let text = save_text("demo.toml", umpire::cli::DEMO, game.entries()).unwrap();
    let loaded = parse_save::<Entry>("demo.toml", &text).unwrap();
    let Event::HitEntered { hit, .. } = &loaded.entries[1].events[0] else {
        panic!("the hit is the second entry's first event");
    };
    assert_eq!(
        hit.caliber,
        Some(13.235314906746797),
        "read back from the save"
    );
    let replayed = Game::replay(&scenario, Tables::builtin(), loaded.entries.clone()).unwrap();
    assert_eq!(replayed.state, game.state);
    assert_eq!(
        Game::verify(&scenario, Tables::builtin(), &loaded.entries),
        Vec::<String>::new()
    );
}

/// Found by `random_battles_on_random_scenarios` (interval 3, intermediate scale), minimised.
/// With marks closer together than an intermediate turn, the marks inside a turn collapse into
/// the next turn: a fire does its damage once per Resolution Phase (it once did it 10 times).
#[test]
fn fire_damage_once_per_phase_with_short_interval() {
    let text = umpire::cli::DEMO.replace("intermediate_interval = 30", "intermediate_interval = 6");
    let scenario = parse_scenario("demo6.toml", &text).unwrap();
    let mut game = Game::new(&scenario, Tables::builtin());
    for line in [
        "fire tiger 10",
        "until 1212",
        "scale intermediate",
        "until 1242",
    ] {
        let cmd: Command = line.parse().unwrap();
        game.execute(&cmd, &mut SeededDice).unwrap();
    }
    let last = game.entries().last().unwrap();
    let in_resolution = last
        .events
        .iter()
        .skip_while(
            |e| !matches!(e, Event::PhaseEnded { clock } if clock.phase == Phase::Resolution),
        )
        .take_while(|e| !matches!(e, Event::ClockMoved { .. }))
        .filter(|e| matches!(e, Event::CasualtyDamage { .. }))
        .count();
    assert_eq!(
        in_resolution, 1,
        "fire damage events in the 1212 resolution phase"
    );
}

/// Found by `check_carry` (the carried block did not load): FG&DN 8.3 Fire Control removes one
/// director per hit; with all of a battery's directors lost a further hit loses nothing (it once
/// counted a director that was not there, and repaired it after the battle).
#[test]
fn a_fire_control_hit_after_the_last_director_loses_nothing_more_8_3() {
    let text = "[scenario]\nname = \"t\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\n\n[[ship]]\nid = \"a\"\nname = \"A\"\nside = \"X\"\nsize = \"B\"\ndp = 100\nspeed = 24\nin_service = 1912\ndirectors = { main = 1 }\nmounts = [{ battery = \"main\", name = \"A turret\" }]\n";
    let scenario = parse_scenario("t.toml", text).unwrap();
    let mut game = Game::new(&scenario, Tables::builtin());
    // Main battery D10 1 (fire control, its own battery), twice; then the battle ends.
    for line in [
        "dice 1",
        "crit a main_battery",
        "dice 1",
        "crit a main_battery",
        "end-battle",
    ] {
        let cmd: Command = line.parse().unwrap();
        game.execute(&cmd, &mut SeededDice).unwrap();
    }
    let v =
        umpire::rulesets::fgdn::status::ship_view(&game.state, &game.tables, &game.state.ships[0]);
    assert_eq!(
        v.fire_control,
        ["main: 1 director(s) lost", "main: local control"]
    );
    assert!(v.criticals[1]
        .detail
        .contains("every main director already lost"));
    let directors = v
        .repairs
        .iter()
        .filter(|r| r.what.contains("director"))
        .count();
    assert_eq!(directors, 1, "one director to repair: {:?}", v.repairs);
}

/// Found by `check_carry` ("7 lost of 6 crew factors"): FG&DN 8.3 Personnel, one of the six
/// crew factors per critical; with none left, a further critical loses nothing.
#[test]
fn a_personnel_critical_with_no_crew_factor_left_loses_none_8_3() {
    let text = "[scenario]\nname = \"t\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\n\n[[ship]]\nid = \"a\"\nname = \"A\"\nside = \"X\"\nsize = \"B\"\ndp = 100\nspeed = 24\nin_service = 1912\ncrew_factors = 2\n";
    let scenario = parse_scenario("t.toml", text).unwrap();
    let mut game = Game::new(&scenario, Tables::builtin());
    for _ in 0..3 {
        let cmd: Command = "crit a personnel".parse().unwrap();
        game.execute(&cmd, &mut SeededDice).unwrap();
    }
    let v =
        umpire::rulesets::fgdn::status::ship_view(&game.state, &game.tables, &game.state.ships[0]);
    assert_eq!(v.crew_factors_lost, 2);
    assert_eq!(
        v.criticals[2].detail,
        "no crew factor left to lose (2 of 2 lost)"
    );
}
