//! FG&DN on the faces written once (`rulesets::Registered`): its demo, and the hooks where it
//! says more than those faces do: the text of its status, log and report (its own wording, in
//! `status_text`, `log_text` and `report_text`), the warnings `check` and `import` give of a
//! scenario, its table files known by name wherever they are, `carry` into the next battle
//! (`carry`), and its benchmark battle and commands (`bench`). Its dashboard is every
//! ruleset's (`tui::board`), with its hit-chance calculator (`tui::fgdn`).
use crate::core::game::Journal;
use crate::rulesets::fgdn::scenario::Scenario;
use crate::rulesets::fgdn::{bench, carry, log_text, report, report_text, status_text, Fgdn};
use crate::rulesets::{
    Carried, CarryOptions, CarrySource, CsvTable, LogFormat, Registered, ReportFormat,
};

impl Registered for Fgdn {
    const DEMO_PATH: &'static str = "saves/demo.toml";
    const DEMO: &'static str = include_str!("../../../saves/demo.toml");

    fn bench_scenario(ships: usize) -> Result<String, String> {
        Ok(bench::fleet_scenario(ships))
    }

    fn bench_command(game: &Journal<Fgdn>, mix: &mut crate::core::bench::Mix) -> String {
        bench::next_command(game, mix)
    }

    fn bench_change(game: &Journal<Fgdn>, k: usize) -> Option<(usize, String)> {
        bench::change(game, k)
    }

    fn status_text(setup: &Scenario, game: &Journal<Fgdn>) -> Option<String> {
        Some(status_text::text(setup, &game.state, &game.tables))
    }

    fn status_json_text(game: &Journal<Fgdn>) -> Option<Result<String, String>> {
        Some(status_text::json(&game.state, &game.tables))
    }

    fn log_text(
        setup: &Scenario,
        game: &Journal<Fgdn>,
        ship: Option<&str>,
        format: LogFormat,
    ) -> Option<Result<String, String>> {
        Some(log_text::render(setup, game, ship, format))
    }

    fn report_text(
        setup: &Scenario,
        game: &Journal<Fgdn>,
        format: ReportFormat,
        table: CsvTable,
    ) -> Option<Result<String, String>> {
        Some(report_text::render(
            &report::build(setup, game),
            format,
            table,
        ))
    }

    /// A side of one ship, a ship of no side... (`scenario::side_warnings`).
    fn setup_warnings(setup: &Scenario) -> Vec<String> {
        crate::rulesets::fgdn::scenario::side_warnings(setup)
    }

    /// FG&DN's table files are known by their names (`reduction.toml`...) in any folder (an
    /// owner's `--tables DIR`, `tests/bad_tables/gap/`).
    fn table_file(_dir: &str, base: &str) -> bool {
        crate::rulesets::fgdn::tables::BUILTIN
            .iter()
            .any(|(n, _)| *n == base)
    }

    fn carry(source: &CarrySource<'_, Fgdn>, options: &CarryOptions) -> Result<Carried, String> {
        let carried = carry::carry(source, options).map_err(|e| e.to_string())?;
        Ok(Carried {
            text: carried.text,
            from: source.scenario.name.clone(),
            name: carried.scenario.name,
            summary: carried.summary,
            warnings: carried.warnings,
        })
    }
}
