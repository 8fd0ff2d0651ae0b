//! `umpire sheets FILE [--format html|md] [--out OUT] [--force] [--at-start]`: a record sheet
//! per ship for the players at the table (SPEC 9). The ruleset builds the sheets
//! (`Ruleset::sheets`, a `core::sheet::Sheets`); this file renders any ruleset's sheets, as
//! Markdown (plain text that reads as it is) or as one self-contained HTML page laid out for
//! printing on A4 or Letter: no scripts, nothing fetched, no sheet cut across pages (short ones
//! share a page), crossed boxes told by their border and a stroke rather than by colour.
//!
//! At a save the boxes show the ships as they stand after its log (`--at-start`: as the
//! scenario starts them). The output is written atomically, never onto a battle, and replaces an
//! existing file only with `--force` (the rules of `report --out`).
use crate::cli::report::{check_out_for, write_output, Output};
use crate::cli::text::{html_text as esc, printable as p};
use crate::cli::CliError;
use crate::core::ruleset::Ruleset;
use crate::core::sheet::{Fact, Item, Sheet, Sheets, Table, Track};
use crate::session::Session;
use std::fmt::Write as _;
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Html,
    Md,
}

const OUTPUT: Output = Output {
    the: "the record sheets",
    a: "record sheets",
    being: "printed",
};

/// `--out`'s checks, before the battle is read.
pub fn check_out(out: &Path, input: &Path, force: bool) -> Result<(), CliError> {
    check_out_for(out, input, force, OUTPUT)
}

/// The sheets of a battle: as it stands, or as it started.
pub fn build<R: Ruleset>(session: &Session<R>, at_start: bool) -> Sheets {
    let game = &session.game;
    let entries = game.in_effect_indices().len();
    if at_start || entries == 0 {
        let state = R::initial(&session.scenario);
        let moment = if entries == 0 {
            "at the start".to_string()
        } else {
            format!("at the start (the save holds {entries} commands in effect since)")
        };
        R::sheets(&state, &game.tables, &moment)
    } else {
        let clock = R::clock(&game.state);
        let moment = format!(
            "as of {clock}, after {entries} command{} in effect",
            if entries == 1 { "" } else { "s" }
        );
        R::sheets(&game.state, &game.tables, &moment)
    }
}

pub fn run<R: Ruleset>(
    session: &Session<R>,
    format: Format,
    at_start: bool,
    out: Option<&Path>,
) -> Result<(), CliError> {
    for w in &session.warnings {
        eprintln!("warning: {}", crate::cli::text::printable_lines(w));
    }
    let sheets = build(session, at_start);
    let text = render(&sheets, format);
    write_output(&text, session.path.as_deref(), out, OUTPUT)
}

pub fn render(sheets: &Sheets, format: Format) -> String {
    match format {
        Format::Md => markdown(sheets),
        Format::Html => html(sheets),
    }
}

// ---------------------------------------------------------------- Markdown

/// Lines of a track are wrapped at this width (continuations indented under the list item).
const MD_WIDTH: usize = 100;

fn markdown(s: &Sheets) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "# Record sheets: {}\n", md(&s.scenario));
    let _ = writeln!(
        o,
        "Ruleset {}; boxes {}. `[x]` is crossed off.",
        md(&s.ruleset),
        md(&s.moment)
    );
    for sheet in &s.sheets {
        md_sheet(&mut o, sheet);
    }
    o
}

/// Markdown text: control characters escaped, and the characters that would start markup in
/// running text (`*`, `_`, `[`, `]`, `` ` ``, `<`, `|`, `\`) backslash-escaped.
fn md(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in p(s).chars() {
        if matches!(c, '*' | '_' | '[' | ']' | '`' | '<' | '|' | '\\' | '#') {
            o.push('\\');
        }
        o.push(c);
    }
    o
}

/// Every block ends with a blank line; tracks in a row make one list.
fn md_sheet(o: &mut String, sheet: &Sheet) {
    let _ = writeln!(o, "\n## {}\n\n{}\n", md(&sheet.title), md(&sheet.subtitle));
    for sec in &sheet.sections {
        let _ = writeln!(o, "### {}\n", md(&sec.heading));
        let mut in_list = false;
        for item in &sec.items {
            let track = matches!(item, Item::Track(_));
            if in_list && !track {
                o.push('\n');
            }
            in_list = track;
            match item {
                Item::Facts(f) => md_facts(o, f),
                Item::Track(t) => md_track(o, t),
                Item::Table(t) => md_table(o, t),
                Item::Note(n) => {
                    let _ = writeln!(o, "_{}_\n", md(n));
                }
            }
        }
        if in_list {
            o.push('\n');
        }
    }
}

fn md_facts(o: &mut String, facts: &[Fact]) {
    for f in facts {
        let _ = writeln!(o, "- {}: {}", md(&f.label), md(&f.value));
    }
    o.push('\n');
}

fn md_track(o: &mut String, t: &Track) {
    let mut words: Vec<String> = t
        .boxes
        .iter()
        .map(|b| {
            let mark = if b.marked { "[x]" } else { "[ ]" };
            if b.text.is_empty() {
                mark.to_string()
            } else {
                format!("{mark}{}", md(&b.text))
            }
        })
        .collect();
    if t.open {
        words.push("tally: ________".into());
    }
    if !t.note.is_empty() {
        words.push(format!("({})", md(&t.note)));
    }
    let mut line = format!("- **{}**:", md(&t.label));
    for w in words {
        if line.chars().count() + 1 + w.chars().count() > MD_WIDTH {
            let _ = writeln!(o, "{line}");
            line = format!("  {w}");
        } else {
            line.push(' ');
            line.push_str(&w);
        }
    }
    let _ = writeln!(o, "{line}");
}

fn md_table(o: &mut String, t: &Table) {
    let cells =
        |r: &[String]| -> String { r.iter().map(|c| md(c)).collect::<Vec<_>>().join(" | ") };
    let _ = writeln!(o, "| {} |", cells(&t.head));
    let _ = writeln!(o, "|{}", "---|".repeat(t.head.len()));
    for r in &t.rows {
        let _ = writeln!(o, "| {} |", cells(r));
    }
    o.push('\n');
}

// ---------------------------------------------------------------- HTML

/// The print layout: every sheet fits one page (A4 or Letter) and is never cut across pages
/// (`break-inside: avoid`); sheets short enough share a page, with a dashed line to cut along.
/// The browser test prints each sheet on a page of its own at A4 and at Letter and counts the
/// pages. No page size is set: the printer's paper is used; 10 mm margins.
pub const CSS: &str = "
@page { margin: 10mm; }
* { box-sizing: border-box; }
body { font: 8.5pt/1.25 'DejaVu Sans', Arial, Helvetica, sans-serif; color: #000; margin: 0; }
section.sheet { break-inside: avoid; page-break-inside: avoid; }
section.sheet + section.sheet { border-top: 1pt dashed #000; margin-top: 4mm; padding-top: 3mm; }
h1 { font-size: 13pt; margin: 0; }
p.sub { margin: 0 0 1.5mm; font-size: 8pt; border-bottom: 1.5pt solid #000; padding-bottom: 1mm; }
h2 { font-size: 9pt; margin: 2mm 0 0.8mm; text-transform: uppercase; letter-spacing: 0.04em; border-bottom: 0.5pt solid #000; }
dl.facts { margin: 0.5mm 0; display: flex; flex-wrap: wrap; gap: 0 4mm; }
dl.facts div { display: flex; gap: 1mm; }
dl.facts dt { font-weight: bold; }
dl.facts dd { margin: 0; }
div.track { display: flex; align-items: flex-start; margin: 0.6mm 0; break-inside: avoid; }
div.track .label { flex: 0 0 46mm; font-weight: bold; font-size: 7.5pt; padding-top: 0.4mm; }
div.track .boxes { flex: 1; display: flex; flex-wrap: wrap; gap: 0.6mm; align-items: center; }
span.box { display: inline-block; min-width: 6.4mm; height: 4.4mm; border: 0.6pt solid #000; font-size: 6.5pt; line-height: 4.2mm; text-align: center; padding: 0 0.6mm; white-space: nowrap; }
span.box.x { border-width: 1.6pt; text-decoration: line-through; font-weight: bold; line-height: 3.7mm; }
span.box.x:empty::after { content: 'X'; }
span.tally { display: inline-block; width: 30mm; height: 4.4mm; border-bottom: 0.6pt solid #000; }
span.note { font-size: 7pt; font-style: italic; margin-left: 1mm; }
p.note { margin: 0.5mm 0; font-size: 7pt; font-style: italic; }
table { border-collapse: collapse; margin: 0.8mm 0; font-size: 7pt; }
th, td { border: 0.5pt solid #000; padding: 0 1.2mm; text-align: left; }
th { font-weight: bold; }
@media screen { body { max-width: 190mm; margin: 1em auto; } }
";

fn html(s: &Sheets) -> String {
    let mut o = String::new();
    let _ = write!(
        o,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>Record sheets: {}</title>\n<style>{CSS}</style>\n</head>\n<body>\n",
        esc(&s.scenario)
    );
    for sheet in &s.sheets {
        html_sheet(&mut o, s, sheet);
    }
    o.push_str("</body>\n</html>\n");
    o
}

fn html_sheet(o: &mut String, s: &Sheets, sheet: &Sheet) {
    let _ = writeln!(
        o,
        "<section class=\"sheet\">\n<h1>{}</h1>\n<p class=\"sub\">{} &middot; {} ({}, {})</p>",
        esc(&sheet.title),
        esc(&sheet.subtitle),
        esc(&s.scenario),
        esc(&s.ruleset),
        esc(&s.moment)
    );
    for sec in &sheet.sections {
        let _ = writeln!(o, "<h2>{}</h2>", esc(&sec.heading));
        for item in &sec.items {
            match item {
                Item::Facts(f) => {
                    o.push_str("<dl class=\"facts\">");
                    for f in f {
                        let _ = write!(
                            o,
                            "<div><dt>{}</dt><dd>{}</dd></div>",
                            esc(&f.label),
                            esc(&f.value)
                        );
                    }
                    o.push_str("</dl>\n");
                }
                Item::Track(t) => html_track(o, t),
                Item::Table(t) => html_table(o, t),
                Item::Note(n) => {
                    let _ = writeln!(o, "<p class=\"note\">{}</p>", esc(n));
                }
            }
        }
    }
    o.push_str("</section>\n");
}

fn html_track(o: &mut String, t: &Track) {
    let _ = write!(
        o,
        "<div class=\"track\"><span class=\"label\">{}</span><span class=\"boxes\">",
        esc(&t.label)
    );
    for b in &t.boxes {
        let class = if b.marked { "box x" } else { "box" };
        let _ = write!(o, "<span class=\"{class}\">{}</span>", esc(&b.text));
    }
    if t.open {
        o.push_str("<span class=\"tally\"></span>");
    }
    if !t.note.is_empty() {
        let _ = write!(o, "<span class=\"note\">{}</span>", esc(&t.note));
    }
    o.push_str("</span></div>\n");
}

fn html_table(o: &mut String, t: &Table) {
    o.push_str("<table><thead><tr>");
    for h in &t.head {
        let _ = write!(o, "<th>{}</th>", esc(h));
    }
    o.push_str("</tr></thead><tbody>\n");
    for r in &t.rows {
        o.push_str("<tr>");
        for c in r {
            let _ = write!(o, "<td>{}</td>", esc(c));
        }
        o.push_str("</tr>\n");
    }
    o.push_str("</tbody></table>\n");
}
