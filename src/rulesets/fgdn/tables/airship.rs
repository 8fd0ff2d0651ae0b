//! FG&DN 8.8 Airship Critical Hit Table (D10 by the part aimed at) and the Control D6.
use super::check::{self, Cover, S};
use super::error::Ctx;
use super::Range;
use crate::rulesets::fgdn::airship::{Control, Part, Result8};
use serde::Deserialize;

/// One cell of the Airship Critical Hit Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AirshipCell {
    pub range: Range,
    pub result: Result8,
    /// Starred (*): starts a fire as well (ignored with helium).
    pub fire: bool,
}

/// FG&DN 8.8 Airship Critical Hit Table: a column per part, each covering D10 1..=10, and the
/// Control result's D6 (which control is lost), covering 1..=6.
#[derive(Debug, Clone, PartialEq)]
pub struct AirshipCriticalTable {
    pub rule: String,
    pub gondola: Vec<AirshipCell>,
    pub envelope: Vec<AirshipCell>,
    pub control: Vec<(Range, Control)>,
}

impl AirshipCriticalTable {
    /// The result of a D10 on the part's column and whether it is starred.
    pub fn cell(&self, part: Part, d10: u32) -> Option<(Result8, bool)> {
        let cells = match part {
            Part::Gondola => &self.gondola,
            Part::Envelope => &self.envelope,
        };
        cells
            .iter()
            .find(|c| c.range.contains(d10))
            .map(|c| (c.result, c.fire))
    }

    /// The control a Control result's D6 loses.
    pub fn control(&self, d6: u32) -> Option<Control> {
        self.control
            .iter()
            .find(|(r, _)| r.contains(d6))
            .map(|(_, c)| *c)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AirshipRaw {
    rule: S<String>,
    die: S<String>,
    column: S<Vec<S<ColumnRaw>>>,
    control: S<Vec<S<ControlRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ColumnRaw {
    part: S<String>,
    cells: S<Vec<S<CellRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CellRaw {
    roll: S<String>,
    result: S<String>,
    #[serde(default)]
    fire: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ControlRaw {
    roll: S<String>,
    lost: S<String>,
}

/// Both columns once, each covering the D10; the Control rows covering the D6.
pub(crate) fn airship_critical(ctx: &mut Ctx, raw: AirshipRaw) -> Option<AirshipCriticalTable> {
    let rule = check::rule(ctx, &raw.rule);
    let (lo, hi) = check::exact_die(ctx, &raw.die, "d10")?;
    let mut gondola = None;
    let mut envelope = None;
    for col in raw.column.get_ref() {
        let col = col.get_ref();
        let Some(part) = check::name::<Part>(ctx, &col.part, "part") else {
            continue;
        };
        let slot = match part {
            Part::Gondola => &mut gondola,
            Part::Envelope => &mut envelope,
        };
        if slot.is_some() {
            ctx.err(
                &col.part.span(),
                "part",
                format!("column \"{part}\" is given twice"),
            );
            continue;
        }
        *slot = Some(cells(ctx, &col.cells, lo, hi));
    }
    let missing: Vec<&str> = [(Part::Gondola, &gondola), (Part::Envelope, &envelope)]
        .iter()
        .filter(|(_, c)| c.is_none())
        .map(|(p, _)| p.name())
        .collect();
    if !missing.is_empty() && ctx.errors.is_empty() {
        ctx.err(
            &raw.column.span(),
            "column",
            format!(
                "missing columns: {} (both parts must be given)",
                missing.join(", ")
            ),
        );
    }
    let mut control = Vec::new();
    let mut spans = Vec::new();
    for row in raw.control.get_ref() {
        let r = row.get_ref();
        let range = check::roll(ctx, &r.roll, "roll");
        let lost = check::name::<Control>(ctx, &r.lost, "lost");
        if let Some(range) = range {
            spans.push((range, r.roll.span()));
        }
        if let (Some(range), Some(lost)) = (range, lost) {
            control.push((range, lost));
        }
    }
    let cover = Cover {
        what: "d6",
        lo: 1,
        hi: Some(6),
        key: "roll",
        list: raw.control.span(),
        list_key: "control",
    };
    check::cover(ctx, &cover, &spans);
    Some(AirshipCriticalTable {
        rule,
        gondola: gondola?,
        envelope: envelope?,
        control,
    })
}

fn cells(ctx: &mut Ctx, raw: &S<Vec<S<CellRaw>>>, lo: u32, hi: u32) -> Vec<AirshipCell> {
    let mut out = Vec::new();
    let mut spans = Vec::new();
    for cell in raw.get_ref() {
        let c = cell.get_ref();
        let range = check::roll(ctx, &c.roll, "roll");
        let result = check::name::<Result8>(ctx, &c.result, "result");
        if let Some(range) = range {
            spans.push((range, c.roll.span()));
        }
        if let (Some(range), Some(result)) = (range, result) {
            out.push(AirshipCell {
                range,
                result,
                fire: c.fire,
            });
        }
    }
    let cover = Cover {
        what: "d10",
        lo,
        hi: Some(hi),
        key: "roll",
        list: raw.span(),
        list_key: "cells",
    };
    check::cover(ctx, &cover, &spans);
    out
}
