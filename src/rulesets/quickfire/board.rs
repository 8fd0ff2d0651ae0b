//! The Quickfire Ship Log on the dashboard (the screen model of `core::board`): size, the ROF
//! box with its "1st" box, available speed with the turning limit
//! of the box in use, torpedo rating, repair points, the Blast Hits box and the status per
//! ship; the detail panel with the eight speed boxes, the marks pending and what the schedule
//! holds for the ship; forms for a salvo, a torpedo attack, damage codes and repairs.
use super::command::SYNTAX;
use super::game::{QfGame, Quickfire};
use super::ship::{direction_words, distance, marks_words, Rating, Status};
use super::state::QfState;
use super::tables::Tables;
use super::timers::{schedule, ship_schedule, Due, TimerKind};
use super::view::{blast_box, fleet_row, markers, sink_number, turn_limit, FLEET_COLUMNS};
use crate::core::board::{
    Board, Cell, Column, DueList, FieldKind, FieldSpec, FleetRow, FormSpec, Head, Seen, Tone,
};

fn due_line(st: &QfState, d: &Due) -> String {
    format!("turn {} {} · {}", d.turn, d.phase, d.what(st))
}

/// Whether ship `i` is of `side`.
fn own(g: &QfGame, side: &str, i: usize) -> bool {
    g.rules
        .ships
        .get(i)
        .is_some_and(|s| s.spec.side.eq_ignore_ascii_case(side))
}

/// The schedule's items `side` knows of (None: the umpire, every one): her own ships', and a
/// ship at zero speed rolling for sinking (the table shows her stopped). Unworded: the due list
/// words what it shows.
fn due_items<'a>(g: &'a QfGame, side: Option<&'a str>) -> impl Iterator<Item = Due> + 'a {
    schedule(&g.rules, g.clock.turn, g.clock.phase)
        .into_iter()
        .filter(move |d| {
            side.is_none_or(|side| own(g, side, d.ship)) || d.kind == TimerKind::Sinking
        })
}

impl Board for Quickfire {
    fn columns() -> Vec<Column> {
        FLEET_COLUMNS
            .iter()
            .map(|&(title, width)| Column::new(title, width))
            .collect()
    }

    fn fleet(g: &QfGame, tables: &Tables) -> Vec<FleetRow> {
        (0..g.rules.ships.len())
            .filter_map(|i| Self::ship_row(g, tables, i))
            .collect()
    }

    /// Ship `i`'s row alone: a face builds only the rows it draws.
    fn ship_row(g: &QfGame, _tables: &Tables, i: usize) -> Option<FleetRow> {
        let s = g.rules.ships.get(i)?;
        let speed_tone = match s.status() {
            Status::Sunk | Status::AtRisk => Tone::Danger,
            Status::Afloat if s.boxes_crossed() > 0 => Tone::Warn,
            Status::Afloat => Tone::Ok,
        };
        let rof_tone = if s.rof_lost.heavy + s.rof_lost.light > 0 {
            Tone::Warn
        } else {
            Tone::Plain
        };
        let fire_tone = if s.fires_burning() > 0 || s.direction.is_some() {
            Tone::Danger
        } else {
            Tone::Dim
        };
        let tones = [
            Tone::Dim,
            rof_tone,
            Tone::Dim,
            speed_tone,
            Tone::Dim,
            Tone::Plain,
            Tone::Plain,
            fire_tone,
            Tone::Danger,
        ];
        Some(FleetRow {
            id: s.id().to_string(),
            name: s.spec.name.clone(),
            side: s.spec.side.clone(),
            cells: fleet_row(s)
                .into_iter()
                .zip(tones)
                .map(|(text, tone)| Cell::toned(text, tone))
                .collect(),
            out: s.status() == Status::Sunk,
        })
    }

    fn ship_heads(g: &QfGame, _tables: &Tables) -> Vec<Head> {
        g.rules
            .ships
            .iter()
            .map(|s| Head {
                id: s.id().to_string(),
                name: s.spec.name.clone(),
                side: s.spec.side.clone(),
            })
            .collect()
    }

    fn detail(g: &QfGame, tables: &Tables, i: usize) -> Vec<String> {
        let Some(s) = g.rules.ships.get(i) else {
            return Vec::new();
        };
        let spec = &s.spec;
        let boxes: Vec<String> = spec
            .boxes()
            .iter()
            .enumerate()
            .rev()
            .map(|(k, b)| {
                let crossed = (k as u32) >= s.top_box();
                if crossed {
                    format!("[x{}]", distance(*b))
                } else {
                    format!("[{}]", distance(*b))
                }
            })
            .collect();
        let mut out = vec![
            format!(
                "{} ({}) · {} · size {}{}",
                spec.name,
                s.id(),
                spec.side,
                spec.size,
                if spec.torpedo_craft { " · DD/TB" } else { "" }
            ),
            format!(
                "gunnery {}-{} · armor {}-{} · ROF {}-{} of {}-{} · 1st box {}",
                spec.gunnery.heavy,
                spec.gunnery.light,
                spec.armor.heavy,
                spec.armor.light,
                s.rof(Rating::Heavy),
                s.rof(Rating::Light),
                spec.rof.heavy,
                spec.rof.light,
                if s.first_fired { "crossed" } else { "open" }
            ),
            format!(
                "SPEED{} {} · available {} · turn up to {}",
                if spec.speed_p { "-P" } else { "" },
                boxes.join(""),
                distance(s.available_speed()),
                turn_limit(s).map_or("no turn".into(), |a| format!("{a}°"))
            ),
            format!(
                "S hits {} repairable, {} unrepairable{} · torpedo {} of {} · repair {} of {}",
                s.speed_hits,
                s.speed_hits_unrepairable,
                if s.speed_hits_beyond() > 0 {
                    format!(", {} past the boxes", s.speed_hits_beyond())
                } else {
                    String::new()
                },
                s.torpedo(),
                spec.torpedo,
                s.repair_points(),
                spec.repair
            ),
        ];
        if !s.fires.is_empty() || s.direction.is_some() {
            out.push(format!(
                "Blast Hits: {} ({} burning){}",
                blast_box(s),
                s.fires_burning(),
                s.direction.map_or(String::new(), |d| format!(
                    " · turning {} since turn {}",
                    direction_words(d.degrees),
                    d.since_turn
                ))
            ));
        }
        if !s.pending.is_empty() {
            out.push(format!("marked this phase: {}", marks_words(&s.pending)));
        }
        // A sunk ship: when and why (SPEC 10).
        out.extend(super::view::sunk_words(s));
        if s.status() == Status::AtRisk {
            out.push(match sink_number(s, tables) {
                Some(n) => format!("zero speed: sinks on 2D6 {n} or less (« 4.3)"),
                None => format!(
                    "zero speed: the Sinking table's number for size {} is asked (« 4.3)",
                    spec.size
                ),
            });
        }
        // Her own items only: the detail does not walk the fleet.
        for d in ship_schedule(&g.rules, i, g.clock.turn, g.clock.phase) {
            out.push(due_line(&g.rules, &d));
        }
        out
    }

    fn due(g: &QfGame, _tables: &Tables) -> Vec<String> {
        due_items(g, None).map(|d| due_line(&g.rules, &d)).collect()
    }

    /// Only the lines the panel shows are worded: at fleet scale nearly every ship has an
    /// item, and a line of marks is as long as her marks pending.
    fn due_panel(g: &QfGame, _tables: &Tables, side: Option<&str>, rows: usize) -> DueList {
        DueList::of(
            due_items(g, side)
                .take(rows)
                .map(|d| due_line(&g.rules, &d))
                .collect(),
        )
    }

    fn title(g: &QfGame) -> String {
        g.name.clone()
    }

    fn clock_text(g: &QfGame) -> String {
        clock_in(g, g.clock.phase)
    }

    fn clock_width(g: &QfGame) -> usize {
        crate::core::turns::widest(|p| clock_in(g, p))
    }

    fn commands() -> Vec<(&'static str, &'static str)> {
        SYNTAX
            .iter()
            .chain(<super::Phase as crate::core::turns::TurnPhase>::ENGINE_VERBS)
            .copied()
            .collect()
    }

    fn forms() -> Vec<FormSpec> {
        vec![
            FormSpec {
                key: 'f',
                title: "Gunnery",
                verb: "fire",
                fields: vec![
                    FieldSpec {
                        label: "Target",
                        keyword: "at",
                        kind: FieldKind::Ship,
                    },
                    FieldSpec {
                        label: "Gunnery",
                        keyword: "",
                        kind: FieldKind::Choice(vec!["heavy", "light"]),
                    },
                    FieldSpec {
                        label: "Range",
                        keyword: "",
                        kind: FieldKind::Choice(vec!["long", "short", "pb"]),
                    },
                    FieldSpec {
                        label: "Arc (- broadside)",
                        keyword: "",
                        kind: FieldKind::Choice(vec!["-", "fore", "aft"]),
                    },
                    FieldSpec {
                        label: "Target moved > 2 cables",
                        keyword: "moved",
                        kind: FieldKind::Flag,
                    },
                ],
            },
            FormSpec {
                key: 'x',
                title: "Torpedo",
                verb: "torpedo",
                fields: vec![
                    FieldSpec {
                        label: "Target",
                        keyword: "at",
                        kind: FieldKind::Ship,
                    },
                    FieldSpec {
                        label: "Target",
                        keyword: "",
                        kind: FieldKind::Choice(vec!["moving", "static"]),
                    },
                    FieldSpec {
                        label: "Converging",
                        keyword: "converging",
                        kind: FieldKind::Flag,
                    },
                    FieldSpec {
                        label: "Arc (second target)",
                        keyword: "",
                        kind: FieldKind::Choice(vec!["-", "port", "starboard"]),
                    },
                ],
            },
            FormSpec {
                key: 'd',
                title: "Damage code",
                verb: "damage",
                fields: vec![
                    FieldSpec {
                        label: "Code",
                        keyword: "",
                        kind: FieldKind::Choice(vec!["S", "G", "F", "D", "B", "E", "R", "T"]),
                    },
                    FieldSpec {
                        label: "G from (- blast)",
                        keyword: "",
                        kind: FieldKind::Choice(vec!["-", "heavy", "light"]),
                    },
                    FieldSpec {
                        label: "Unrepairable S",
                        keyword: "unrepairable",
                        kind: FieldKind::Flag,
                    },
                ],
            },
            FormSpec {
                key: 'o',
                title: "Repair",
                verb: "repair",
                fields: vec![FieldSpec {
                    label: "Item (- every one)",
                    keyword: "",
                    kind: FieldKind::Choice(vec![
                        "-",
                        "heavy",
                        "light",
                        "speed",
                        "direction",
                        "hold",
                    ]),
                }],
            },
        ]
    }

    fn sides(g: &QfGame) -> Vec<String> {
        g.rules.sides()
    }

    /// The fog-of-war reading of `docs/rules-notes-quickfire-1.1.md` (the text has no rule): a
    /// side sees its own ship logs whole; of an enemy ship, the constant left side of her log
    /// (size, gunnery and armor ratings: the published Ship Values) and what the table shows
    /// (stopped at zero speed, sunk), but not her ROF, speed boxes, torpedo rating, repair
    /// points or Blast Hits box.
    fn seen_by(g: &QfGame, tables: &Tables, side: &str) -> Seen {
        let full = Quickfire::fleet(g, tables);
        let mut fleet = Vec::new();
        let mut detail = Vec::new();
        for (i, (s, row)) in g.rules.ships.iter().zip(full).enumerate() {
            if own(g, side, i) {
                fleet.push(row);
                detail.push(Quickfire::detail(g, tables, i));
                continue;
            }
            let hidden = |t: &str| Cell::toned(t, Tone::Dim);
            let spec = &s.spec;
            let status = match s.status() {
                Status::Afloat => String::new(),
                _ => markers(s),
            };
            let cells = vec![
                Cell::toned(spec.size.to_string(), Tone::Dim),
                hidden("?"),
                hidden("?"),
                hidden("?"),
                hidden("?"),
                hidden(if spec.torpedo == 0 { "-" } else { "?" }),
                hidden("?"),
                hidden("?"),
                Cell::toned(status, Tone::Danger),
            ];
            fleet.push(FleetRow {
                id: s.id().to_string(),
                name: spec.name.clone(),
                side: spec.side.clone(),
                cells,
                out: s.status() == Status::Sunk,
            });
            detail.push(vec![
                format!(
                    "{} ({}) · {} · size {}",
                    spec.name,
                    s.id(),
                    spec.side,
                    spec.size
                ),
                format!(
                    "gunnery {}-{} · armor {}-{} · status {}",
                    spec.gunnery.heavy,
                    spec.gunnery.light,
                    spec.armor.heavy,
                    spec.armor.light,
                    s.status().as_str()
                ),
                "ROF, speed boxes, torpedo rating, repair points and Blast Hits are hidden".into(),
            ]);
        }
        let due = due_items(g, Some(side))
            .map(|d| due_line(&g.rules, &d))
            .collect();
        Seen { fleet, detail, due }
    }
}

/// The header's clock at `phase` of the turn shown.
fn clock_in(g: &QfGame, phase: super::Phase) -> String {
    format!("Turn {} · {}", g.clock.turn, phase.words())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ruleset::{Rules, Ruleset};
    use crate::rulesets::quickfire::ship::Hit;
    use crate::rulesets::quickfire::Phase;

    /// The due panel words only the lines it can show: the first lines of the whole due list,
    /// for the umpire and for a side.
    #[test]
    fn the_due_panel_is_the_first_lines_of_the_due_list() {
        let setup = Quickfire::parse_setup("demo", crate::session::DEMO_QUICKFIRE).unwrap();
        let tables = Quickfire::tables_with(&[]).unwrap();
        let mut g = Quickfire::initial(&setup);
        g.clock.phase = Phase::FirstGunnery;
        for s in &mut g.rules.ships {
            s.pending.push(Hit::T);
        }
        g.rules.ships[1].speed_hits = 8;
        let side = g.rules.ships[0].spec.side.clone();
        for side in [None, Some(side.as_str())] {
            let all = Quickfire::due_list(&g, &tables, side);
            assert!(all.now.len() > 2, "{all:?}");
            let cut = Quickfire::due_panel(&g, &tables, side, 2);
            assert_eq!(cut.now, all.now[..2]);
            assert_eq!(Quickfire::due_panel(&g, &tables, side, usize::MAX), all);
        }
    }
}
