//! The rule systems, one folder each: `fgdn` (Fear God & Dread Nought 1.1), `dnb`
//! (Dreadnoughts & Battlewagons), `late19` (the late-19th-century naval rules), `quickfire`
//! (Quickfire 1.1) and `aage` (the A&A Game Engineering fast-play rules). Each binds
//! its state, commands, events, clock and tables to the shared engine in `core` through the
//! `Rules` and `Ruleset` traits (a numbered-turn one through `core::turns::TurnRules`); the ids
//! are `core::ruleset::RULESETS`.
//!
//! Every ruleset is reached by the faces written once through [`visit`]: `play`, `run`,
//! `status`, `log`, `report`, `sheets`, `check`, `carry`, `recover`, `review`, `watch` and
//! `export` of a file go wherever its `[scenario] ruleset` says, by the same code path, and
//! `import`, `bench`, `demo` and the battle builder (`new`) to the ruleset asked for. What a
//! ruleset does beyond those faces is a hook of [`Registered`] with a default (the face's own
//! rendering): FG&DN overrides the text of its status, log and report, its scenario warnings,
//! where its table files are, carries a battle into the next and has its own benchmark
//! battle; the benchmark's commands and one-ship change (`BENCH_COMMANDS`, `BENCH_CHANGE`,
//! `bench_scenario`, `bench_command`, `bench_change`) are hooks too. [`Registered`] also
//! requires the ruleset's screen model (`core::board::Board`), its roster
//! (`core::roster::Roster`: `ROSTER`, `export_rows`, in `ID/roster.rs`) and what the builder
//! needs of it (`core::build::Builds`: `TITLE`, `SETTINGS`, `SHIP_SUMMARY`, in
//! `ID/builder.rs`), which have no defaults. Adding a ruleset is its folder, its id in
//! `RULESETS` and a line in [`visit`] (docs/rulesets.md, "Adding a ruleset").
pub mod aage;
pub mod dnb;
pub mod fgdn;
pub mod late19;
pub mod quickfire;

use crate::core::board::Board;
use crate::core::game::Journal;
use crate::core::ruleset::Rules;

/// The ruleset of a scenario that names none (SPEC 8: no `[scenario] ruleset` key) and of a
/// class file that names none, of `umpire` with no command, and the one `bench`, `classes` and
/// `demo` take without `--ruleset`: FG&DN, `RULESETS[0]`. (`import`, `export`, `bench` and the
/// battle builder take every ruleset; `chance` is FG&DN's own, `rulesets::fgdn::chance`.)
pub type DefaultRuleset = fgdn::Fgdn;

/// `umpire log --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Md,
    Csv,
    Json,
}

/// `umpire report --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    Md,
    Html,
    Csv,
    Json,
}

/// `umpire report --csv-table`: one row per ship, or one row per dated record (a line of the
/// log, or a ruleset's own record: damage, a critical, a fire's step...).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CsvTable {
    Ships,
    Events,
}

/// The battle `umpire carry` carries: its save as read, replayed (the face reads the file).
pub struct CarrySource<'a, R: Rules> {
    /// The file as named by the user (messages, and where the new scenario says it came from).
    pub file: &'a str,
    /// CRC-32 of the whole save as read.
    pub crc32: u32,
    /// The sequence number of its last entry (0 for none).
    pub last_seq: u64,
    pub scenario_text: &'a str,
    pub scenario: &'a R::Setup,
    pub state: &'a R::State,
    pub tables: &'a R::Tables,
}

/// What `umpire carry` was asked for beyond the battle.
#[derive(Debug, Clone, Default)]
pub struct CarryOptions {
    /// The new scenario's name (default: the old one with "(carried)").
    pub name: Option<String>,
    /// Carry before the last repair rolls are made (`--early`; FG&DN: the 48-hour rolls).
    pub early: bool,
}

/// The next battle's scenario and what to tell the user.
#[derive(Debug, Clone)]
pub struct Carried {
    /// The new scenario file's text.
    pub text: String,
    /// The old scenario's name and the new one's.
    pub from: String,
    pub name: String,
    /// One line per ship of the old battle.
    pub summary: Vec<String>,
    pub warnings: Vec<String>,
}

/// What the faces need of a ruleset beyond its screen model: its demo, and the hooks where it
/// does more than the faces written once. Each hook's default is that face's own behaviour, so
/// a new ruleset implements none of them. Pure: the hooks format to strings; the faces read and
/// write the files.
pub trait Registered: Board + crate::core::build::Builds {
    /// Where its demo battle is in the repository (for messages), and its text (compiled in).
    const DEMO_PATH: &'static str;
    const DEMO: &'static str;
    /// Why `umpire carry` refuses its battles (the default [`Registered::carry`]).
    const NO_CARRY: &'static str = "this rule system carries nothing from one battle to the next";
    /// `umpire status` as text in its own words. Default `None`: the face's text of
    /// [`crate::core::ruleset::Ruleset::status_json`].
    fn status_text(_setup: &Self::Setup, _game: &Journal<Self>) -> Option<String> {
        None
    }

    /// `umpire status --json` as the ruleset writes it (its fields in its own order). Default
    /// `None`: [`crate::core::ruleset::Ruleset::status_json`], pretty-printed.
    fn status_json_text(_game: &Journal<Self>) -> Option<Result<String, String>> {
        None
    }

    /// `umpire log [--ship SHIP] [--format F]` in its own words (`--ship` as the umpire typed
    /// it; a ship not in the battle is an error). Default `None`: the face prints every entry's
    /// clock, command and [`crate::core::ruleset::Ruleset::entry_lines`].
    fn log_text(
        _setup: &Self::Setup,
        _game: &Journal<Self>,
        _ship: Option<&str>,
        _format: LogFormat,
    ) -> Option<Result<String, String>> {
        None
    }

    /// `umpire report` in its own words (charts, casualty courses...). Default `None`: the
    /// face's report from the status and the log.
    fn report_text(
        _setup: &Self::Setup,
        _game: &Journal<Self>,
        _format: ReportFormat,
        _table: CsvTable,
    ) -> Option<Result<String, String>> {
        None
    }

    /// What `umpire check` and `umpire import` warn of in a scenario the rules accept but an
    /// umpire may not mean (FG&DN: a side of one ship). Default: nothing.
    fn setup_warnings(_setup: &Self::Setup) -> Vec<String> {
        Vec::new()
    }

    /// Whether `umpire check` takes a file named `base` in a folder named `dir` (not a
    /// scenario) for one of its table files. Default: the files of a folder named by its id
    /// (`tables/dnb-standard/`). A file of `[[class]]` tables there is a class file all the
    /// same (the class library is `classes/dnb-standard/`), unless the ruleset has no classes.
    fn table_file(dir: &str, _base: &str) -> bool {
        dir == Self::ID
    }

    /// `umpire carry`: the next battle's scenario from a battle that has ended. Default:
    /// refused with [`Registered::NO_CARRY`].
    fn carry(_source: &CarrySource<'_, Self>, _options: &CarryOptions) -> Result<Carried, String> {
        Err(Self::NO_CARRY.to_string())
    }

    /// `umpire bench`: the rule commands of the benchmark battle's mix, as templates with
    /// `{ship}` (a ship afloat), `{target}` (a ship afloat of another side) and `{n}` (1-6); see
    /// [`crate::core::bench::next_command`]. Commands the rules refuse where they fall (a
    /// phase, a sunk ship) are skipped; commands that need a chart read from the printed card
    /// are left out (the benchmark cannot read a chart). Default: none (phase ends, undo, redo
    /// and notes only).
    const BENCH_COMMANDS: &'static [&'static str] = &[];
    /// `umpire bench`: a change to one ship (the bytes a terminal receives for it are a SPEC 7
    /// figure), as a template with `{ship}` and `{n}` (1-3). Default: none (not measured).
    const BENCH_CHANGE: Option<&'static str> = None;

    /// `umpire bench`: the benchmark battle's scenario, `ships` ships. Default: the demo's ships
    /// repeated under new ids ([`crate::core::bench::repeat_ships`]).
    fn bench_scenario(ships: usize) -> Result<String, String> {
        crate::core::bench::repeat_ships(Self::DEMO, ships, &[], &[])
    }

    /// `umpire bench`: the next command of the benchmark battle, drawn with `mix`. Default:
    /// [`Registered::BENCH_COMMANDS`] on the fleet as the dashboard lists it.
    fn bench_command(game: &Journal<Self>, mix: &mut crate::core::bench::Mix) -> String {
        let rows = Self::fleet(&game.state, &game.tables);
        crate::core::bench::next_command(&rows, Self::BENCH_COMMANDS, mix)
    }

    /// `umpire bench`: the `k`th one-ship change, as the index of the ship in the fleet list
    /// (selected before it) and the command. Default: [`Registered::BENCH_CHANGE`] on a ship
    /// afloat.
    fn bench_change(game: &Journal<Self>, k: usize) -> Option<(usize, String)> {
        let template = Self::BENCH_CHANGE?;
        let rows = Self::fleet(&game.state, &game.tables);
        let n = rows.len();
        let i = (0..n).map(|d| (k * 7 + d) % n).find(|&i| !rows[i].out)?;
        let id = &rows[i].id;
        Some((
            i,
            crate::core::bench::fill(template, id, id, 1 + k as u64 % 3),
        ))
    }
}

/// A face that works on any registered ruleset.
pub trait Visitor {
    type Out;
    fn visit<R: Registered>(self) -> Self::Out;
}

/// Run `v` on the ruleset `id` (None for an id this console does not know).
pub fn visit<V: Visitor>(id: &str, v: V) -> Option<V::Out> {
    match id {
        fgdn::ID => Some(v.visit::<fgdn::Fgdn>()),
        dnb::ID => Some(v.visit::<dnb::game::Dnb>()),
        late19::ID => Some(v.visit::<late19::game::Late19>()),
        quickfire::ID => Some(v.visit::<quickfire::game::Quickfire>()),
        aage::ID => Some(v.visit::<aage::game::Aage>()),
        _ => None,
    }
}

/// The demo text of a ruleset.
pub fn demo(id: &str) -> Option<&'static str> {
    struct Demo;
    impl Visitor for Demo {
        type Out = &'static str;
        fn visit<R: Registered>(self) -> &'static str {
            R::DEMO
        }
    }
    visit(id, Demo)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ruleset::RULESETS;

    /// Every id of the registry reaches its ruleset, and the default ruleset is the one a
    /// scenario without a `ruleset` key gets (SPEC 8).
    #[test]
    fn every_known_ruleset_is_visited_and_the_default_is_rulesets_0() {
        struct Id;
        impl Visitor for Id {
            type Out = &'static str;
            fn visit<R: Registered>(self) -> &'static str {
                R::ID
            }
        }
        for id in RULESETS {
            assert_eq!(visit(id, Id), Some(*id));
        }
        assert_eq!(visit("quickfire-9", Id), None);
        assert_eq!(<DefaultRuleset as Rules>::ID, RULESETS[0]);
    }

    /// SPEC 10: in every ruleset a ship is named by her id or by her quoted name, at the
    /// prompt and in scripts (`Ruleset::parse_in`), and the command taken is the same.
    #[test]
    fn every_ruleset_takes_a_ship_by_her_quoted_name() {
        struct Named;
        impl Visitor for Named {
            type Out = usize;
            fn visit<R: Registered>(self) -> usize {
                let setup = R::parse_setup("demo", R::DEMO).unwrap();
                let tables = R::tables_with(&[]).unwrap();
                let game = crate::core::game::Journal::<R>::new(&setup, tables);
                let heads = R::fleet_heads(&game.state, &game.tables, None);
                let mut named = 0;
                for h in &heads {
                    let by_id = R::parse_in(&game.state, &format!("expect {} status afloat", h.id));
                    let by_name = R::parse_in(
                        &game.state,
                        &format!(
                            "expect {} status afloat",
                            crate::core::tokens::quote(&h.name)
                        ),
                    );
                    let (by_name, by_id) = (by_name.unwrap(), by_id.unwrap());
                    assert_eq!(by_name.to_string(), by_id.to_string(), "{}", R::ID);
                    named += usize::from(!h.name.eq_ignore_ascii_case(&h.id));
                }
                named
            }
        }
        // Ships whose name is not their id (FG&DN's "HMS Tiger", D&B's "Prince of Wales",
        // A&A's "Knyaz Suvorov"); late19's and Quickfire's demo ships are named by their ids.
        let named: usize = RULESETS.iter().map(|id| visit(id, Named).unwrap()).sum();
        assert!(named >= 10, "{named}");
    }
}
