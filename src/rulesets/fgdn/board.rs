//! FG&DN's ship log on the dashboard, as the plain data of the screen model (`core::board`):
//! the fleet grouped by side (name, DP left as a bar and number, speed now / undamaged, fire
//! and flood %, severity coloured and spelled, criticals, status), the selected ship in detail
//! (damage and the speed breakdown with the current level marked, fires and floods with when
//! they next do damage, damage control, criticals, armour, timers), the one schedule as the
//! due list, and what a side sees of the enemy by the fog-of-war rule (`fog.rs`,
//! docs/fog-of-war.md). Pure: from the state and the tables; the face draws it.
use crate::core::board::{
    Board, Cell, Column, Detail, DueList, EntryLog, FieldKind, FieldSpec, FleetLayout, FleetRow,
    FormSpec, Head, Line, Opt, Seen, SideEntry, Tone,
};
use crate::rulesets::fgdn::command::{Aspect, Depth, RangeBand, Side as HitSide, Weapon};
use crate::rulesets::fgdn::damage::breakdown;
use crate::rulesets::fgdn::fog::{self, EnemyView, Presence};
use crate::rulesets::fgdn::kinds::{CriticalKind, SeverityLevel};
use crate::rulesets::fgdn::log_view::log_entry;
use crate::rulesets::fgdn::review::KindFilter;
use crate::rulesets::fgdn::state::GameState;
use crate::rulesets::fgdn::status::{self, CasualtyView, Schedule, ShipView};
use crate::rulesets::fgdn::submarine::Attack;
use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::Fgdn;

/// Words the prompt completes after any command's name (`Board::option_words`).
const OPTION_WORDS: &[&str] = &[
    "nopen",
    "pen",
    "range",
    "short",
    "medium",
    "long",
    "extreme",
    "weapon",
    "shell",
    "torpedo",
    "mine",
    "bomb",
    "skip_bomb",
    "rocket",
    "strafing",
    "lb",
    "kg",
    "caliber",
    "side",
    "port",
    "starboard",
    "depth",
    "shallow",
    "deep",
    "aspect",
    "broad",
    "bow",
    "stern",
    "tactical",
    "intermediate",
    "clock",
    "damage",
    "plotting",
    "movement",
    "resolution",
];

/// The DP bar's width in cells.
const BAR: usize = 8;

/// The columns after the name (the cells of a row are padded to them).
const COLUMNS: [Column; 7] = [
    Column::new("DP left", 18),
    Column::new("kt/max", 7),
    Column::right("F%", 4),
    Column::right("W%", 4),
    Column::new(" Sev", 7),
    Column::right("Cr", 3),
    Column::new(" Status", 0),
];

/// The severity as a word, readable without colour: "-", "minor", "MAJOR", "SEVERE", "OVERWH".
pub fn severity_text(level: SeverityLevel) -> &'static str {
    match level {
        SeverityLevel::None => "-",
        SeverityLevel::Minor => "minor",
        SeverityLevel::Major => "MAJOR",
        SeverityLevel::Severe => "SEVERE",
        SeverityLevel::Overwhelmed => "OVERWH",
    }
}

/// FG&DN 8.2 severity as the screen model's grade of trouble (none 0 to overwhelmed 4).
pub fn grade(level: SeverityLevel) -> Tone {
    Tone::Grade(match level {
        SeverityLevel::None => 0,
        SeverityLevel::Minor => 1,
        SeverityLevel::Major => 2,
        SeverityLevel::Severe => 3,
        SeverityLevel::Overwhelmed => 4,
    })
}

/// A status as the screen model tones it: sunk gone, sinking in danger.
fn status_tone(status: &str) -> Tone {
    match status {
        "sunk" => Tone::Gone,
        "sinking" => Tone::Danger,
        _ => Tone::Plain,
    }
}

/// The status column: afloat, SINKS 1221, SUNK (and how, when lost at once), dead in the
/// water, magazines flooded, hits pending.
pub fn status_text(s: &ShipView) -> String {
    match s.status {
        "sunk" => {
            let when = s
                .sunk_at
                .as_deref()
                .map(|t| format!(" {t}"))
                .unwrap_or_default();
            match &s.lost {
                Some(how) => format!("SUNK{when}: {how}"),
                None => format!("SUNK{when}"),
            }
        }
        "sinking" => format!("SINKS {}", s.sinks_at.as_deref().unwrap_or("?")),
        _ if s.grounded.is_some() => s.grounded.unwrap_or_default().to_uppercase(),
        _ if s.dead_in_water || s.speed_max == 0 => "dead in water".into(),
        _ if s.magazines_flooded => "mags flooded".into(),
        _ if s.pending_hits == 1 => "1 hit pending".into(),
        _ if s.pending_hits > 1 => format!("{} hits pending", s.pending_hits),
        // Flights and airships in the air (FG&DN 8.1, 8.8).
        _ if s.flight.is_some() || s.airship.is_some() => "aloft".into(),
        // A submarine afloat reads her depth (FG&DN 8.1.4).
        _ => match &s.submarine {
            Some(v) if v.broached => "BROACHED".into(),
            Some(v) => v.depth_words.clone(),
            None => "afloat".into(),
        },
    }
}

fn bar(left: u32, of: u32) -> String {
    let filled = if of == 0 {
        0
    } else {
        (left as u64 * BAR as u64).div_ceil(of as u64) as usize
    };
    format!(
        "{}{}",
        "█".repeat(filled.min(BAR)),
        "░".repeat(BAR - filled.min(BAR))
    )
}

/// One ship's fleet row, in the umpire's view.
pub fn fleet_row(s: &ShipView) -> FleetRow {
    let sunk = s.status == "sunk";
    let dim = if sunk { Tone::Dim } else { Tone::Plain };
    // A sunk ship's fires and floods went down with her: her row says when, not percentages.
    let pct = |p: u32| {
        if p == 0 || sunk {
            "  - ".to_string()
        } else {
            format!("{p:>3}%")
        }
    };
    let sev = if s.fire_pct + s.flood_pct == 0 || sunk {
        "-"
    } else {
        severity_text(s.severity)
    };
    let gauge = |left: u32, of: u32| {
        if sunk {
            Tone::Dim
        } else {
            Tone::Gauge {
                left,
                of,
                bold: false,
            }
        }
    };
    // A flight shows its aircraft and an airship her gas left, not damage points (8.1, 8.8):
    // the words in the bar's colour, over the bar and DP columns.
    let amount = match s.strength() {
        Some(k) => [
            Cell::toned(format!("{:<18}", fit(&k.text, 18)), gauge(k.left, k.of)),
            Cell::toned("", dim),
        ],
        None => [
            Cell::toned(bar(s.dp_left, s.dp), gauge(s.dp_left, s.dp)),
            Cell::toned(format!(" {:>4}/{:<4}", s.dp_left, s.dp), dim),
        ],
    };
    let [amount, dp] = amount;
    FleetRow {
        id: s.id.clone(),
        name: s.name.clone(),
        side: s.side.clone(),
        cells: vec![
            amount,
            dp,
            Cell::toned(format!("{:>3}/{:<3}", s.speed_max, s.speed), dim),
            Cell::toned(pct(s.fire_pct), dim),
            Cell::toned(pct(s.flood_pct), dim),
            Cell::plain(" "),
            Cell::toned(format!("{sev:<6}"), grade(s.severity)),
            Cell::toned(format!("{:>3} ", s.criticals.len()), dim),
            Cell::toned(status_text(s), status_tone(s.status)),
        ],
        out: sunk,
    }
}

/// An enemy's fleet row: her name, what observers see in place of the numbers (44 columns,
/// from the bar to the criticals), her status.
pub fn enemy_row(e: &EnemyView) -> FleetRow {
    let signs = e.signs();
    let (seen, tone) = if signs.is_empty() {
        ("·".to_string(), Tone::Dim)
    } else {
        (signs.join(", "), Tone::Warn)
    };
    FleetRow {
        id: e.id.clone(),
        name: e.name.clone(),
        side: e.side.clone(),
        cells: vec![
            Cell::toned(format!("{:<44}", fit(&seen, 43)), tone),
            Cell::toned(e.status_text(), status_tone(e.presence.name())),
        ],
        out: e.presence == Presence::Sunk,
    }
}

/// Cut `text` to `width` characters, marking the cut with "…".
fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut s: String = text.chars().take(width.saturating_sub(1)).collect();
    s.push('…');
    s
}

/// "fire 9% (55 DP) since 1200, first damage 1209" / "…, next 1230; done 110".
fn casualty_line(what: &str, c: &CasualtyView, dp: u32) -> String {
    let dmg = crate::rulesets::fgdn::fire_flood::casualty_damage(c.pct, dp);
    let next = match &c.next_damage {
        Some(n) if *n == c.first_damage && c.damage_done == 0 => format!("first damage {n}"),
        Some(n) => format!("next {n}"),
        None => "out".into(),
    };
    let done = if c.damage_done > 0 {
        format!("; done {} DP", c.damage_done)
    } else {
        String::new()
    };
    format!(
        "{what} {}% ({dmg} DP) since {}, {next}{done}",
        c.pct, c.inflicted
    )
}

/// FG&DN 8.1.1: "Speed 28 [21] 14 7 0 kt, max now 15", the current breakdown level marked.
fn speed_line(s: &ShipView, dp: u32, speed: u32) -> Line {
    let b = breakdown(dp, speed);
    let mut cells = vec![Cell::toned("Speed", Tone::Dim)];
    for (level, kt) in b.speed.iter().enumerate() {
        if level == s.breakdown_level {
            cells.push(Cell::toned(format!(" [{kt}]"), Tone::Marked));
        } else {
            cells.push(Cell::toned(format!(" {kt}"), Tone::Dim));
        }
    }
    cells.push(Cell::plain(format!(" kt, max now {}", s.speed_max)));
    Line::of(cells)
}

/// FG&DN 8.2: crews sent, ships assisting (and why one lends nothing), magazines.
fn damage_control_line(s: &ShipView) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(c) = &s.dc_crews {
        parts.push(format!("{c} crews at DC (-{}%)", s.dc_crew_bonus));
    }
    for h in &s.assisted_by {
        match &h.problem {
            Some(p) => parts.push(format!("{} alongside, lends 0 ({p})", h.id)),
            None => parts.push(format!("{} assisting (-{}%)", h.id, h.bonus)),
        }
    }
    if let Some(a) = &s.assisting {
        parts.push(format!("assisting {a}"));
    }
    if s.magazines_flooded {
        parts.push("magazines flooded".into());
    }
    if s.conflagration_marks > 0 {
        parts.push(format!(
            "fires overwhelmed {} mark(s): conflagration {}%",
            s.conflagration_marks,
            (25 * s.conflagration_marks).min(100)
        ));
    }
    (!parts.is_empty()).then(|| format!("DC: {}", parts.join("; ")))
}

/// FG&DN 8.3 lasting effects other than mounts: bridge, rudder, fire control, sensors,
/// communications, crew and flotation.
fn equipment_lines(s: &ShipView) -> Vec<String> {
    let mut v = Vec::new();
    if let Some(sub) = &s.submarine {
        v.extend(crate::rulesets::fgdn::submarine::detail_lines(sub));
    }
    if let Some(a) = &s.airship {
        v.extend(crate::rulesets::fgdn::airship::detail_lines(a));
    }
    if let Some(f) = &s.flight {
        v.extend(crate::rulesets::fgdn::flight::detail_lines(f));
    }
    if let Some(b) = &s.bridge {
        v.push(format!("Bridge: {b}"));
    }
    if let Some(r) = &s.rudder {
        v.push(format!(
            "Rudder: {}",
            serde_json::to_value(r)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default()
        ));
    }
    if !s.fire_control.is_empty() {
        v.push(format!("Fire control: {}", s.fire_control.join(", ")));
    }
    if !s.sensors_out.is_empty() {
        v.push(format!("Sensors out: {}", s.sensors_out.join(", ")));
    }
    if !s.comms_out.is_empty() {
        v.push(format!("Comms out: {}", s.comms_out.join(", ")));
    }
    if s.crew_factors_lost > 0 {
        v.push(format!("Crew factors lost: {}", s.crew_factors_lost));
    }
    if s.flotation_hits > 0 {
        v.push(format!("Flotation hits: {}", s.flotation_hits));
    }
    if !s.breakdowns.is_empty() {
        v.push(format!("Broken down (8.5): {}", s.breakdowns.join(", ")));
    }
    if s.flooding_patch {
        v.push("Flooding pumped out; patch checked at each mark (8.4)".into());
    }
    v.extend(status::grounding_cargo_air_lines(s));
    // FG&DN 8.4 repairs after the battle.
    for r in &s.repairs {
        let state = match (r.state, r.repaired_at) {
            ("repaired", Some(h)) => format!("repaired at {h} h"),
            ("not_repairable_at_sea", _) => "cannot be repaired at sea".into(),
            _ => "awaiting repair".into(),
        };
        v.push(format!("Repair: {}: {state}", r.what));
    }
    v
}

/// The detail panel's lines of ship `i` (her view `s`), most important first: the compact
/// layout shows only the top; the full-screen view, `v`, all of them.
pub fn detail_lines(state: &GameState, i: usize, s: &ShipView) -> Vec<Line> {
    let Some(spec) = state.ships.get(i).map(|x| &x.spec) else {
        return Vec::new();
    };
    let mut lines: Vec<Line> = Vec::new();
    lines.push(Line {
        cells: vec![Cell::plain(format!(
            "{} {} {} {}{} — {}",
            s.side,
            s.kind,
            s.size,
            s.in_service,
            spec.rebuilt
                .map(|r| format!(" (rebuilt {r})"))
                .unwrap_or_default(),
            status_text(s)
        ))],
        cut: Some(0),
    });
    let pct = (s.damage as u64 * 100)
        .checked_div(s.dp as u64)
        .unwrap_or(0);
    lines.push(Line::of(vec![
        Cell::plain(format!("DP {} damage {} ({pct}%) ", s.dp, s.damage)),
        Cell::toned(
            format!("left {}", s.dp_left),
            Tone::Gauge {
                left: s.dp_left,
                of: s.dp,
                bold: true,
            },
        ),
        Cell::toned(
            if s.turn_damage > 0 {
                format!(" turn {}", s.turn_damage)
            } else {
                String::new()
            },
            Tone::Dim,
        ),
    ]));
    lines.push(speed_line(s, spec.dp, spec.speed));
    if let Some(c) = &s.carried {
        lines.push(Line::toned(c.note.clone(), Tone::Dim));
    }
    let sev = if s.fire_pct + s.flood_pct == 0 {
        "-"
    } else {
        severity_text(s.severity)
    };
    lines.push(Line::of(vec![
        Cell::plain(format!("Fire {}% Flood {}% ", s.fire_pct, s.flood_pct)),
        Cell::toned(sev, grade(s.severity)),
        Cell::toned(
            format!(
                " · DC effective {}% {}",
                s.dc_pct,
                severity_text(s.dc_level)
            ),
            Tone::Dim,
        ),
    ]));
    if let Some(dc) = damage_control_line(s) {
        lines.push(Line::from(dc));
    }
    for f in &s.fires {
        lines.push(Line::toned(
            casualty_line("fire", f, s.dp),
            grade(s.severity),
        ));
    }
    for f in &s.floods {
        lines.push(Line::toned(
            casualty_line("flood", f, s.dp),
            grade(s.severity),
        ));
    }
    for o in &s.orders {
        lines.push(Line::toned(format!("ORDER: {o}"), Tone::Warn));
    }
    // A sunk ship's weapons went down with her: one line instead of each mount and the
    // massive-damage switch-off.
    let sunk = s.status == "sunk";
    if sunk && !s.mounts.is_empty() {
        lines.push(Line::toned("Mounts: all lost with the ship", Tone::Warn));
    }
    if let Some(m) = s.massive_damage.filter(|_| !sunk) {
        lines.push(Line::toned(
            format!("massive damage: {} (8.1.10)", m.replace('_', " ")),
            Tone::Warn,
        ));
    }
    for e in equipment_lines(s) {
        lines.push(Line::toned(e, Tone::Warn));
    }
    let out: Vec<String> = s
        .mounts
        .iter()
        .filter(|m| !sunk && (m.status != "ok" || m.thirds_lost > 0))
        .map(|m| {
            if m.thirds_lost > 0 {
                format!("{} -{}/3", m.name, m.thirds_lost)
            } else {
                format!("{} {}", m.name, m.status)
            }
        })
        .collect();
    if !out.is_empty() {
        lines.push(Line::toned(
            format!("Mounts: {}", out.join(", ")),
            Tone::Warn,
        ));
    }
    if !s.criticals.is_empty() {
        lines.push(Line::toned(
            format!("Criticals ({})", s.criticals.len()),
            Tone::Heading,
        ));
    }
    for note in &s.counts_beyond {
        lines.push(Line::toned(note.clone(), Tone::Dim));
    }
    for c in &s.criticals {
        let mark = if c.effect_applied {
            ""
        } else {
            " [effect not applied]"
        };
        lines.push(Line::of(vec![
            Cell::toned(
                format!("{} {} ", c.turn, crate::core::words::words(c.kind.name())),
                Tone::Warn,
            ),
            Cell::plain(format!("{}{mark}", c.detail)),
        ]));
    }
    lines.push(Line::from(format!(
        "Belt {} Deck {} TDS port {}/{} stbd {}/{}",
        spec.armor.belt,
        spec.armor.deck,
        s.tds.port,
        spec.armor.tds,
        s.tds.starboard,
        spec.armor.tds
    )));
    let b = breakdown(spec.dp, spec.speed);
    let breaks: Vec<String> = b.damage[1..5].iter().map(|d| d.to_string()).collect();
    lines.push(Line::toned(
        format!("Speed breaks at {} DP (8.1.1)", breaks.join(" ")),
        Tone::Dim,
    ));
    if !s.timers.is_empty() {
        lines.push(Line::toned("Timers", Tone::Heading));
        for tm in &s.timers {
            lines.push(Line::from(format!(
                "{} {}: {}",
                tm.due,
                tm.phase.words(),
                tm.what
            )));
        }
    }
    lines
}

/// An enemy ship in the detail panel: what observers see, and that the rest is the umpire's.
pub fn enemy_detail(e: &EnemyView) -> Detail {
    let mut lines = vec![Line {
        cells: vec![Cell::plain(format!(
            "{} {} {} — {}",
            e.side,
            e.kind,
            e.size,
            e.status_text()
        ))],
        cut: Some(0),
    }];
    let mut seen: Vec<String> = Vec::new();
    match (e.presence, e.gone) {
        (Presence::Sunk, how) => seen.push(format!("Gone: she {}", how.unwrap_or("sank"))),
        (Presence::Sinking, _) => {
            seen.push("Sinking: the hulk is still there until she goes down (8.1.8)".into())
        }
        (Presence::Afloat, _) => {}
    }
    if e.on_fire {
        seen.push("On fire: her fires light her up (Major or worse, 8.2)".into());
    }
    if e.stopped {
        seen.push("Stopped: dead in the water".into());
    }
    if e.slowed {
        seen.push("Slowed: she cannot make her full speed".into());
    }
    if seen.is_empty() {
        seen.push("No fire lights her up; she is not slowed".into());
    }
    lines.extend(seen.into_iter().map(|s| Line::toned(s, Tone::Warn)));
    lines.push(Line::default());
    lines.push(Line::toned(
        "Seen from your ships only: her damage, fires, flooding, criticals and timers are \
         the umpire's (docs/fog-of-war.md)",
        Tone::Dim,
    ));
    Detail {
        title: format!("{} ({})", e.name, e.id),
        lines,
    }
}

/// Ship `i` as an enemy of `side` sees her (None: `side` is None or she is one of its own).
pub fn enemy(
    state: &GameState,
    tables: &Tables,
    side: Option<&str>,
    i: usize,
) -> Option<EnemyView> {
    let side = side?;
    let s = state.ships.get(i)?;
    (s.spec.side != side).then(|| fog::enemy_view(tables, s))
}

/// The detail panel of ship `i` with her view `s` already built (the umpire's, or her own
/// side's).
pub fn detail_of(state: &GameState, i: usize, s: &ShipView) -> Detail {
    Detail {
        title: format!("{} ({})", s.name, s.id),
        lines: detail_lines(state, i, s),
    }
}

/// The due list of `side` (None: the umpire's): own ships only (the timers of other ships are
/// the umpire's).
pub fn visible_schedule(state: &GameState, side: Option<&str>, mut due: Schedule) -> Schedule {
    let Some(side) = side else {
        return due;
    };
    let ships = &state.ships;
    let own_id = |id: &str| fog::is_own(state, side, id);
    // `later` items carry the ship's name only: a name any other ship also has is hidden.
    let own_name = |name: &str| {
        ships
            .iter()
            .filter(|s| s.spec.name == name)
            .all(|s| s.spec.side == side)
            && ships.iter().any(|s| s.spec.name == name)
    };
    due.now.retain(|d| own_id(&d.ship));
    due.later.retain(|u| own_name(&u.name));
    due
}

/// "Due at end of this phase": everything the next `next` will do, ship by ship, so the umpire
/// sees the delayed effects coming; then what follows at later turns (SPEC 3.5).
pub fn due_of(state: &GameState, due: &Schedule) -> DueList {
    let c = status::clock_view(state);
    let now = due
        .now
        .iter()
        .map(|d| {
            Line::of(vec![
                Cell::toned(format!("{}: ", d.name), Tone::Warn),
                Cell::plain(d.what.clone()),
            ])
        })
        .collect();
    let mut later = Vec::new();
    if !due.later.is_empty() {
        later.push(Line::toned("later:", Tone::Dim));
        later.extend(due.later.iter().map(|u| {
            let tm = &u.timer;
            Line {
                cells: vec![Cell::toned(
                    format!("{} {}: {}: {}", tm.due, tm.phase.words(), u.name, tm.what),
                    Tone::Dim,
                )],
                cut: Some(1),
            }
        }));
    }
    DueList {
        title: format!("Due at end of {} {}", c.turn, c.phase.words()),
        now,
        empty: Line::toned("nothing: the clock just moves on", Tone::Dim),
        later,
    }
}

/// The hit, fire, flood and critical forms behind their default keys (keymap.toml): the one
/// description of their fields, drawn and turned into a command by the dashboard
/// (`tui::form`). For a submarine (FG&DN 8.1.4) a hit takes the underwater attack's
/// severity, and a critical may be of her own kinds.
pub fn forms_of(submarine: bool) -> Vec<FormSpec> {
    let field = |label, keyword, kind| FieldSpec {
        label,
        keyword,
        kind,
    };
    let number = |label, keyword, required| field(label, keyword, FieldKind::Number { required });
    // "-": not given (the command's default).
    let optional = |label, keyword, names: &[&'static str]| {
        let names = std::iter::once("-").chain(names.iter().copied());
        field(label, keyword, FieldKind::Choice(names.collect()))
    };
    // The shell is the command's default weapon: written as nothing.
    let weapons = Weapon::NAMES
        .iter()
        .map(|&w| {
            if w == Weapon::Shell.name() {
                Opt::nothing(w)
            } else {
                Opt::named(w)
            }
        })
        .collect();
    let mut hit = vec![
        number("Damage (DP)", "", true),
        // FG&DN 8.1.6: the hit penetrates (the default), does not (`nopen`), or the umpire
        // gives the penetration value (`pen N`), checked against the armour.
        field(
            "Armour",
            "",
            FieldKind::Options(vec![
                Opt::nothing("penetrates"),
                Opt::word("nopen", "nopen"),
                Opt::nothing(PEN_VALUE),
            ]),
        ),
        field(
            "Pen value",
            "pen",
            FieldKind::NumberIf {
                field: "Armour",
                option: PEN_VALUE,
                what: "the penetration value",
            },
        ),
        optional("Range", "range", RangeBand::NAMES),
        field("Weapon", "weapon", FieldKind::Options(weapons)),
        number("Calibre (mm)", "caliber", false),
        optional("Side", "side", HitSide::NAMES),
        optional("Depth", "depth", Depth::NAMES),
        optional("Aspect", "aspect", Aspect::NAMES),
        // FG&DN 8.1.6.1 faulty shells (optional rule): a British APC shell.
        field("British APC", "british_apc", FieldKind::Flag),
        // FG&DN 8.1.2: a bomb of 100 lb or more on a carrier hits its flight deck.
        number("Bomb weight (lb)", "lb", false),
    ];
    if submarine {
        let attacks = [Attack::Lethal, Attack::Major, Attack::Minor].map(Attack::name);
        hit.push(optional("Attack (submerged)", "attack", &attacks));
    }
    // Submarine-only kinds are refused for surface ships (8.1.4): not offered.
    let kinds: Vec<&'static str> = CriticalKind::ALL
        .iter()
        .filter(|k| submarine || !k.submarine_only())
        .map(|k| k.name())
        .collect();
    vec![
        FormSpec {
            key: 'd',
            title: "Hit",
            verb: "hit",
            fields: hit,
        },
        FormSpec {
            key: 'f',
            title: "Fire",
            verb: "fire",
            fields: vec![number("Severity (%)", "", true)],
        },
        FormSpec {
            key: 'w',
            title: "Flooding",
            verb: "flood",
            fields: vec![number("Severity (%)", "", true)],
        },
        FormSpec {
            key: 'c',
            title: "Critical hit",
            verb: "crit",
            fields: vec![field("Kind", "", FieldKind::Choice(kinds))],
        },
    ]
}

/// The hit form's Armour option that asks for the penetration value.
const PEN_VALUE: &str = "pen value";

impl Board for Fgdn {
    fn columns() -> Vec<Column> {
        COLUMNS.to_vec()
    }

    fn fleet_layout() -> FleetLayout {
        FleetLayout::BySide {
            name_min: 8,
            name_max: 24,
            after_name: 62,
        }
    }

    fn fleet(state: &GameState, tables: &Tables) -> Vec<FleetRow> {
        state
            .ships
            .iter()
            .map(|s| fleet_row(&status::ship_view(state, tables, s)))
            .collect()
    }

    fn fleet_seen(state: &GameState, tables: &Tables, side: Option<&str>) -> Vec<FleetRow> {
        (0..state.ships.len())
            .filter_map(|i| Self::fleet_row(state, tables, i, side))
            .collect()
    }

    /// Every ship's id, name and side, from the state (no row is built); a side sees every
    /// ship there is (`fog.rs`).
    fn fleet_heads(state: &GameState, _tables: &Tables, _side: Option<&str>) -> Vec<Head> {
        state
            .ships
            .iter()
            .map(|s| Head {
                id: s.id().to_string(),
                name: s.spec.name.clone(),
                side: s.spec.side.clone(),
            })
            .collect()
    }

    fn fleet_row(
        state: &GameState,
        tables: &Tables,
        i: usize,
        side: Option<&str>,
    ) -> Option<FleetRow> {
        Some(match enemy(state, tables, side, i) {
            Some(e) => enemy_row(&e),
            None => fleet_row(&status::ship_view(state, tables, state.ships.get(i)?)),
        })
    }

    fn detail(state: &GameState, tables: &Tables, i: usize) -> Vec<String> {
        Self::detail_panel(state, tables, i, None)
            .lines
            .iter()
            .map(Line::text)
            .collect()
    }

    fn detail_panel(state: &GameState, tables: &Tables, i: usize, side: Option<&str>) -> Detail {
        if let Some(e) = enemy(state, tables, side, i) {
            return enemy_detail(&e);
        }
        match state.ships.get(i) {
            Some(s) => detail_of(state, i, &status::ship_view(state, tables, s)),
            None => Detail {
                title: "Ship".into(),
                lines: Vec::new(),
            },
        }
    }

    fn due(state: &GameState, tables: &Tables) -> Vec<String> {
        let list = Self::due_list(state, tables, None);
        list.now.iter().chain(&list.later).map(Line::text).collect()
    }

    fn due_list(state: &GameState, tables: &Tables, side: Option<&str>) -> DueList {
        let due = visible_schedule(state, side, status::schedule(state, tables));
        due_of(state, &due)
    }

    fn title(state: &GameState) -> String {
        state.name.clone()
    }

    const ASKS_FIRST: &'static str =
        "a walk over an hour, end-battle, adjust, a hit above the DP left: y/Enter do it, n/Esc back";

    /// An hour's walk, `end-battle`, `adjust` and a hit above the DP left (SPEC 10).
    fn ask_first(
        game: &super::Game,
        command: &super::command::Command,
        _text: &str,
    ) -> Option<(String, Vec<String>)> {
        super::slips::question(game, command)
    }

    /// "1200 movement tactical d1", or after the battle "after the battle: 4 h mark".
    fn clock_text(state: &GameState) -> String {
        let c = status::clock_view(state);
        match &c.post_battle {
            Some(pb) => format!(
                "after the battle: {} h mark, {} d{}",
                pb.hours, c.turn, c.day
            ),
            None => format!("{} {} {} d{}", c.turn, c.phase.words(), c.scale, c.day),
        }
    }

    /// The turn (its phase padded to the longest, "reaction fire", so the header does not
    /// shift as the phase changes), the scale and the day, then the next intermediate mark;
    /// after `end-battle`, the repair timeline's mark (8.4).
    fn header_clock(state: &GameState) -> Vec<String> {
        /// The longest phase name as words ("reaction fire").
        const PHASE_WIDTH: usize = 13;
        let c = status::clock_view(state);
        let (clock, mark) = match &c.post_battle {
            Some(pb) => (
                format!(
                    " after the battle: {} h mark, {} d{} ",
                    pb.hours, c.turn, c.day
                ),
                match (pb.finished, pb.next_hours) {
                    (true, _) | (_, None) => " repairs done ".to_string(),
                    (false, Some(h)) => format!(" next {h} h ({}) ", c.next_mark),
                },
            ),
            None => (
                format!(
                    " {} {:<w$} {} d{} ",
                    c.turn,
                    c.phase.words(),
                    c.scale,
                    c.day,
                    w = PHASE_WIDTH
                ),
                if c.is_mark {
                    format!(" MARK, next {} ", c.next_mark)
                } else {
                    format!(" mark {} ", c.next_mark)
                },
            ),
        };
        vec![clock, mark]
    }

    fn commands() -> Vec<(&'static str, &'static str)> {
        crate::rulesets::fgdn::command::COMMANDS.to_vec()
    }

    fn forms() -> Vec<FormSpec> {
        forms_of(false)
    }

    /// FG&DN's forms came first, as keymap actions (`hit`, `fire`, `flood`, `critical`).
    const FORMS_ON_KEYMAP: bool = true;

    /// FG&DN 8.1.4: a submarine's forms are her own (`forms_of`).
    fn forms_for(state: &GameState, _tables: &Tables, i: usize) -> Vec<FormSpec> {
        forms_of(state.ships.get(i).is_some_and(|s| s.sub.is_some()))
    }

    fn sides(state: &GameState) -> Vec<String> {
        fog::sides(state)
    }

    /// "#42 1209 planned fire hit tiger 30": the entry's number, turn and phase, then the
    /// command.
    fn log_heading(entry: &super::Entry, command: &str) -> String {
        format!(
            "#{} {} {} {command}",
            entry.seq,
            entry.clock.label(),
            entry.clock.phase.words()
        )
    }

    fn log_kinds() -> &'static [&'static str] {
        &KindFilter::NAMES
    }

    /// Worded from the entry's events on the state now (`log_view::log_entry`), each line
    /// about the ship asked, of the kind asked ([`KindFilter`]).
    fn log_lines(game: &super::Game, i: usize, ship: Option<&str>, kind: Option<&str>) -> EntryLog {
        let shown = log_entry(game, i, ship).and_then(|e| match kind.and_then(KindFilter::named) {
            Some(k) => k.apply(e),
            None => Some(e),
        });
        match shown {
            Some(e) => EntryLog::Lines(e.lines.into_iter().map(|l| l.text).collect()),
            None => EntryLog::Hidden,
        }
    }

    /// The critical kinds after `crit`, and the option words of every command.
    fn option_words(command: &str) -> Vec<String> {
        let kinds = CriticalKind::ALL
            .iter()
            .filter(|_| command == "crit")
            .map(|k| k.name());
        kinds
            .chain(OPTION_WORDS.iter().copied())
            .map(str::to_string)
            .collect()
    }

    /// The fog of war of the log (`fog::commit_seen`, docs/fog-of-war.md).
    fn commit_seen(game: &mut super::Game, entry: super::Entry, side: &str) -> Option<SideEntry> {
        fog::commit_seen(game, entry, side)
    }

    /// FG&DN's fog of war (`fog.rs`): own ships in full, enemies as observers see them, the
    /// due list cut to own ships.
    fn seen_by(state: &GameState, tables: &Tables, side: &str) -> Seen {
        let n = state.ships.len();
        let due = Self::due_list(state, tables, Some(side));
        Seen {
            fleet: Self::fleet_seen(state, tables, Some(side)),
            detail: (0..n)
                .map(|i| {
                    Self::detail_panel(state, tables, i, Some(side))
                        .lines
                        .iter()
                        .map(Line::text)
                        .collect()
                })
                .collect(),
            due: due.now.iter().chain(&due.later).map(Line::text).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::{Filled, Writes};
    use crate::core::dice::SeededDice;
    use crate::core::ruleset::Ruleset;
    use crate::rulesets::fgdn::command::Command;
    use crate::rulesets::fgdn::scenario::parse_scenario;
    use crate::rulesets::fgdn::Game;

    fn demo() -> Game {
        let text = include_str!("../../../saves/demo.toml");
        Game::new(
            &parse_scenario("demo.toml", text).unwrap(),
            Tables::builtin(),
        )
    }

    fn run(g: &mut Game, text: &str) {
        let c: Command = text.parse().unwrap();
        let entry = g.prepare(&c, &mut SeededDice).unwrap().unwrap();
        g.commit(entry);
    }

    fn row<'a>(rows: &'a [FleetRow], id: &str) -> &'a FleetRow {
        rows.iter().find(|r| r.id == id).unwrap()
    }

    #[test]
    fn the_fleet_row_reads_dp_speed_fire_flood_severity_criticals_and_status() {
        let mut g = demo();
        run(&mut g, "fire valiant 9");
        let rows = Fgdn::fleet(&g.state, &g.tables);
        assert_eq!(rows.len(), g.state.ships.len());
        let v = row(&rows, "valiant");
        let texts: Vec<&str> = v.cells.iter().map(|c| c.text.as_str()).collect();
        // The cells are padded to the columns' widths: DP left is the bar and the numbers.
        let widths: Vec<usize> = texts.iter().map(|t| t.chars().count()).collect();
        assert_eq!(widths[..8], [8, 10, 7, 4, 4, 1, 6, 4]);
        assert_eq!(texts[3], "  9%");
        assert_eq!(texts[8], "afloat");
        // FG&DN 8.2: a 9% fire is Minor, spelled and graded.
        assert_eq!(texts[6].trim(), "minor");
        assert_eq!(v.cells[6].tone, Tone::Grade(1));
        assert!(matches!(v.cells[0].tone, Tone::Gauge { .. }));
        assert!(!v.out);
    }

    #[test]
    fn severities_are_graded_none_to_overwhelmed_and_spelled() {
        // FG&DN 8.2: none, minor, major, severe, overwhelmed.
        let levels = [
            SeverityLevel::None,
            SeverityLevel::Minor,
            SeverityLevel::Major,
            SeverityLevel::Severe,
            SeverityLevel::Overwhelmed,
        ];
        let grades: Vec<Tone> = levels.iter().map(|l| grade(*l)).collect();
        assert_eq!(grades, (0..5).map(Tone::Grade).collect::<Vec<_>>());
        let words: Vec<&str> = levels.iter().map(|l| severity_text(*l)).collect();
        assert_eq!(words, ["-", "minor", "MAJOR", "SEVERE", "OVERWH"]);
    }

    #[test]
    fn the_detail_marks_the_current_speed_level_and_titles_the_ship() {
        let mut g = demo();
        run(&mut g, "next");
        run(&mut g, "hit tiger 120");
        let i = g
            .state
            .ships
            .iter()
            .position(|s| s.id() == "tiger")
            .unwrap();
        let d = Fgdn::detail_panel(&g.state, &g.tables, i, None);
        assert!(d.title.ends_with("(tiger)"), "{}", d.title);
        // FG&DN 8.1.1: the speed breakdown with one level marked.
        let speed = d
            .lines
            .iter()
            .find(|l| l.text().starts_with("Speed "))
            .unwrap();
        let marked: Vec<&Cell> = speed
            .cells
            .iter()
            .filter(|c| c.tone == Tone::Marked)
            .collect();
        assert_eq!(marked.len(), 1, "{speed:?}");
        // The first line is cut, never wrapped.
        assert_eq!(d.lines[0].cut, Some(0));
        assert_eq!(
            Fgdn::detail(&g.state, &g.tables, i),
            d.lines.iter().map(Line::text).collect::<Vec<_>>()
        );
    }

    #[test]
    fn the_due_list_says_what_ending_the_phase_does() {
        // SPEC 3.5: a fire's first damage is shown before it happens.
        let mut g = demo();
        run(&mut g, "next");
        run(&mut g, "hit tiger 120");
        let due = Fgdn::due_list(&g.state, &g.tables, None);
        assert!(due.title.starts_with("Due at end of "), "{}", due.title);
        assert!(
            due.now.iter().any(|l| l.text().contains("Tiger")),
            "{due:?}"
        );
        let fresh = demo();
        let due = Fgdn::due_list(&fresh.state, &fresh.tables, None);
        assert!(due.now.is_empty());
        assert_eq!(due.empty.text(), "nothing: the clock just moves on");
    }

    #[test]
    fn a_side_sees_its_own_ships_whole_and_the_enemy_as_observers_do() {
        // docs/fog-of-war.md: no enemy DP, severity or criticals.
        let mut g = demo();
        run(&mut g, "fire moltke 40");
        let sides = Fgdn::sides(&g.state);
        assert_eq!(sides.len(), 2);
        let british = sides.iter().find(|s| s.starts_with("Brit")).unwrap();
        let seen = Fgdn::seen_by(&g.state, &g.tables, british);
        let moltke = row(&seen.fleet, "moltke");
        assert_eq!(moltke.cells.len(), 2, "{moltke:?}");
        assert!(moltke.cells[0].text.contains("on fire"), "{moltke:?}");
        assert!(!moltke.cells[0].text.contains('%'));
        let own = row(&seen.fleet, "tiger");
        assert_eq!(own, row(&Fgdn::fleet(&g.state, &g.tables), "tiger"));
        let m = g
            .state
            .ships
            .iter()
            .position(|s| s.id() == "moltke")
            .unwrap();
        assert!(seen.detail[m].iter().all(|l| !l.contains("Fire 40%")));
        assert!(
            seen.due.iter().all(|l| !l.contains("Moltke")),
            "{:?}",
            seen.due
        );
    }

    #[test]
    fn every_form_writes_a_command_the_language_accepts() {
        let g = demo();
        for form in Fgdn::forms().into_iter().chain(forms_of(true)) {
            // Every number given, every choice on its first option that writes something.
            let values: Vec<Filled> = form
                .fields
                .iter()
                .map(|f| match &f.kind {
                    FieldKind::Number { .. } | FieldKind::NumberIf { .. } => Filled::Text("10"),
                    FieldKind::Ship => Filled::Text("moltke"),
                    _ => Filled::Chosen(
                        f.options()
                            .iter()
                            .position(|o| o.writes != Writes::Nothing)
                            .unwrap(),
                    ),
                })
                .collect();
            let text = form.command("tiger", &values).unwrap();
            Fgdn::parse_in(&g.state, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(
                Fgdn::commands().iter().any(|(verb, _)| *verb == form.verb),
                "{}",
                form.verb
            );
        }
    }

    fn kind<'a>(forms: &'a [FormSpec], verb: &str, label: &str) -> &'a FieldKind {
        let form = forms.iter().find(|f| f.verb == verb).unwrap();
        &form.fields.iter().find(|f| f.label == label).unwrap().kind
    }

    /// The new field kinds' words: the Armour choice writes `nopen` or nothing, and its "pen
    /// value" asks for the penetration value (FG&DN 8.1.6); a shell is written as nothing.
    #[test]
    fn the_hit_form_writes_armour_pen_value_and_weapon_as_the_command_reads_them() {
        let forms = Fgdn::forms();
        let hit = forms.iter().find(|f| f.verb == "hit").unwrap();
        let at = |label: &str| hit.fields.iter().position(|f| f.label == label).unwrap();
        let mut values = vec![Filled::Chosen(0); hit.fields.len()];
        values[at("Damage (DP)")] = Filled::Text("30");
        values[at("Pen value")] = Filled::Text("");
        values[at("Calibre (mm)")] = Filled::Text("");
        values[at("Bomb weight (lb)")] = Filled::Text("");
        // Penetrates, a shell, nothing else: the plain hit.
        assert_eq!(hit.command("tiger", &values).unwrap(), "hit tiger 30");
        // A pen value typed counts only while "pen value" is chosen.
        values[at("Pen value")] = Filled::Text("9");
        assert_eq!(hit.command("tiger", &values).unwrap(), "hit tiger 30");
        values[at("Armour")] = Filled::Chosen(1);
        assert_eq!(hit.command("tiger", &values).unwrap(), "hit tiger 30 nopen");
        values[at("Armour")] = Filled::Chosen(2);
        assert_eq!(hit.command("tiger", &values).unwrap(), "hit tiger 30 pen 9");
        values[at("Pen value")] = Filled::Text("");
        assert_eq!(
            hit.command("tiger", &values),
            Err(
                "Pen value: enter the penetration value, or choose \"penetrates\" or \"nopen\""
                    .into()
            )
        );
        values[at("Pen value")] = Filled::Text("9");
        values[at("Weapon")] = Filled::Chosen(1);
        values[at("British APC")] = Filled::Chosen(1);
        assert_eq!(
            hit.command("tiger", &values).unwrap(),
            "hit tiger 30 pen 9 weapon torpedo british_apc"
        );
    }

    /// FG&DN 8.1.4: a submarine's hit form adds the underwater attack's severity and her
    /// critical form her own kinds; a surface ship's forms are `forms()`.
    #[test]
    fn a_submarine_takes_her_own_forms() {
        let g = demo();
        let at = |id: &str| g.state.ships.iter().position(|s| s.id() == id).unwrap();
        let surface = Fgdn::forms_for(&g.state, &g.tables, at("tiger"));
        assert_eq!(surface, Fgdn::forms());
        let sub = Fgdn::forms_for(&g.state, &g.tables, at("ub64"));
        assert_eq!(sub, forms_of(true));
        assert_eq!(
            kind(&sub, "hit", "Attack (submerged)"),
            &FieldKind::Choice(vec!["-", "lethal", "major", "minor"])
        );
        let hit = sub.iter().find(|f| f.verb == "hit").unwrap();
        let values: Vec<Filled> = hit
            .fields
            .iter()
            .enumerate()
            .map(|(k, f)| match &f.kind {
                _ if k == 0 => Filled::Text("10"),
                FieldKind::Number { .. } | FieldKind::NumberIf { .. } => Filled::Text(""),
                _ if f.label == "Attack (submerged)" => Filled::Chosen(1),
                _ => Filled::Chosen(0),
            })
            .collect();
        assert_eq!(
            hit.command("u9", &values).unwrap(),
            "hit u9 10 attack lethal"
        );
        let FieldKind::Choice(kinds) = kind(&sub, "crit", "Kind") else {
            panic!("the kind is a choice")
        };
        assert!(kinds.contains(&"hull_penetration") && kinds.contains(&"switchboard"));
        let FieldKind::Choice(kinds) = kind(&surface, "crit", "Kind") else {
            panic!("the kind is a choice")
        };
        assert!(!kinds.contains(&"hull_penetration") && kinds.contains(&"flight_deck"));
    }

    #[test]
    fn the_clock_and_title_read_as_the_header_does() {
        let g = demo();
        assert_eq!(Fgdn::title(&g.state), g.state.name);
        let clock = Fgdn::clock_text(&g.state);
        assert!(clock.starts_with(&g.state.clock.label()), "{clock}");
    }
}
