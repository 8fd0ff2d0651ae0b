//! `umpire review FILE`: the dashboard over a saved battle, read-only. The same `App` and
//! panels as `umpire play`, showing the battle as it stood at the review position (see
//! `rulesets::fgdn::review`): the header says REVIEW and the position, the log panel ends at the entry
//! that got there (highlighted; later entries are hidden, as they had not happened yet), and
//! the keys of the keymap's `[review]` table step through it. The save is opened without a
//! lock and never written; keys and commands that would change the battle are refused.
use crate::rulesets::fgdn::command::Command;
use crate::rulesets::fgdn::review::{
    clock_text, Direction, KindFilter, Review, Step, Target, TurnPlace, TARGET_HELP,
};
use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::Game;
use crate::session::{Battle, Error};
use crate::tui::fgdn::app::{App, Message, Tone};
use crate::tui::keymap::{Action, Keymap};
use crate::tui::Save;
use std::path::{Path, PathBuf};

/// What the review adds to the dashboard's model.
pub struct ReviewState {
    pub review: Review,
    /// The file reviewed (for the "to play on" hint).
    pub path: PathBuf,
    /// Only log lines of this kind (`K`).
    pub kind: Option<KindFilter>,
}

/// Why the review cannot change anything (the `Save::ReadOnly` reason).
pub const READ_ONLY: &str = "review: the battle as it stood; nothing here changes it";

/// Load the battle and the keymap and stand at the end of the log (or at `at`, typed as at
/// the review prompt), before the terminal is touched.
pub fn open(
    path: &Path,
    tables: Tables,
    keymap: Option<&Path>,
    at: Option<&str>,
) -> Result<App, Error> {
    let keymap = crate::tui::load_keymap(keymap)?;
    let mut app = open_with(path, tables, keymap, at)?;
    app.theme = crate::tui::theme::Theme::from_env();
    Ok(app)
}

/// [`open`] with the keymap given (tests: no user files are read).
pub fn open_with(
    path: &Path,
    tables: Tables,
    keymap: Keymap,
    at: Option<&str>,
) -> Result<App, Error> {
    let mut battle = Battle::open_read_only(path, tables.clone())?;
    for w in &battle.warnings {
        eprintln!("warning: {w}");
    }
    // The review takes the log over (so it is in memory once) and gives the game back.
    let replayed = std::mem::replace(&mut battle.game, Game::new(&battle.scenario, tables));
    let (review, game) = Review::new(&battle.scenario, replayed);
    battle.game = game;
    let mut app = App::new(battle, Save::ReadOnly(READ_ONLY.into()), None, keymap);
    app.review = Some(ReviewState {
        review,
        path: path.to_path_buf(),
        kind: None,
    });
    match at {
        Some(place) => {
            submit(&mut app, place).map_err(|e| Error::input(format!("--at {place}: {e}")))?
        }
        None => {
            let text = position_text(&app);
            say(&mut app, Tone::Info, text)
        }
    }
    Ok(app)
}

/// `umpire review FILE`: open, run the dashboard's loop, leave the file as it was.
pub fn run(
    path: &Path,
    tables: Tables,
    keymap: Option<&Path>,
    at: Option<&str>,
) -> Result<(), Error> {
    use std::io::IsTerminal;
    // Everything fallible first: a wrong file or place is reported as such, terminal or not.
    let mut app = open(path, tables, keymap, at)?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Error::input(
            "review needs a terminal. Without one, read the battle headless:\n  \
             umpire log FILE [--ship ID] [--format text|md|csv|json]\n  \
             umpire status FILE [--json]",
        ));
    }
    crate::tui::run(&mut app)
}

/// The review position: entries applied (0 = the scenario's start).
pub fn position(app: &App) -> usize {
    app.battle.game.entries().len()
}

/// Index of the entry that got the review where it is (highlighted in the log panel).
pub fn current_entry(app: &App) -> Option<usize> {
    app.review.as_ref()?;
    position(app).checked_sub(1)
}

/// The header's tag in review: ` REVIEW 42/310 `.
pub fn header_tag(app: &App) -> Option<String> {
    let r = app.review.as_ref()?;
    Some(format!(" REVIEW {}/{} ", position(app), r.review.len()))
}

/// What the log panel's title adds: the kind filter and, in review, what is hidden.
pub fn log_title(app: &App) -> String {
    let mut s = String::new();
    if let Some(k) = app.review.as_ref().and_then(|r| r.kind) {
        s.push_str(&format!(" [{k}]"));
    }
    if let Some(r) = &app.review {
        let later = r.review.len() - position(app);
        if later > 0 {
            s.push_str(&format!(" ({later} later hidden)"));
        }
    }
    s
}

fn say(app: &mut App, tone: Tone, text: impl Into<String>) {
    app.message = Some(Message {
        text: text.into(),
        tone,
    });
}

/// "entry 42 of 310: #42 hit tiger 30 (entered 1209 planned_fire d1)", or the start.
pub fn position_text(app: &App) -> String {
    let Some(r) = &app.review else {
        return String::new();
    };
    let p = position(app);
    let now = clock_text(&app.battle.game.state.clock);
    match app.battle.game.entries().last() {
        None => format!("start of the battle (entry 0 of {}), {now}", r.review.len()),
        Some(e) => format!(
            "entry {p} of {}: #{} {} {} → {now}",
            r.review.len(),
            e.seq,
            e.clock,
            e.cmd
        ),
    }
}

/// Stand at position `to`: the state, the panels and the log as they were then.
pub fn go(app: &mut App, to: usize) {
    let Some(r) = &mut app.review else {
        return;
    };
    r.review.seek(&mut app.battle.game, to);
    app.rebuild_log();
    // The highlighted entry is the newest shown; when it is taller than the panel, show its
    // heading (the command) at the top rather than its last lines.
    let tall = app
        .log
        .rows
        .iter()
        .rev()
        .take_while(|row| Some(row.entry) == to.checked_sub(1))
        .count();
    app.log.scroll = tall.saturating_sub(app.log_height.max(1));
    say(app, Tone::Info, position_text(app));
}

/// A review action (keys of the `[review]` table).
pub fn act(app: &mut App, action: Action) {
    let Some(r) = &app.review else {
        say(app, Tone::Error, "that key works in `umpire review FILE`");
        return;
    };
    let p = position(app);
    let moved = match action {
        Action::StepBack => r.review.step(p, Step::Command, Direction::Back),
        Action::StepForward => r.review.step(p, Step::Command, Direction::Forward),
        Action::PhaseBack => r.review.step(p, Step::Phase, Direction::Back),
        Action::PhaseForward => r.review.step(p, Step::Phase, Direction::Forward),
        Action::TurnBack => r.review.step(p, Step::Turn, Direction::Back),
        Action::TurnForward => r.review.step(p, Step::Turn, Direction::Forward),
        Action::NoteNext => r.review.step(p, Step::Bookmark, Direction::Forward),
        Action::NotePrev => r.review.step(p, Step::Bookmark, Direction::Back),
        Action::ReviewStart => r.review.jump(&Target::Start),
        Action::ReviewEnd => r.review.jump(&Target::End),
        Action::KindFilter => {
            let Some(r) = app.review.as_mut() else {
                return;
            };
            r.kind = KindFilter::cycle(r.kind);
            let kind = r.kind;
            app.rebuild_log();
            let key = first_key(app, Action::KindFilter);
            let text = match kind {
                Some(k) => format!("log: only {k} ({key}: next kind)"),
                None => "log: every kind".to_string(),
            };
            say(app, Tone::Info, text);
            return;
        }
        // Only the review's own keys come here (`App::do_action`).
        other => {
            say(
                app,
                Tone::Error,
                format!("{}: not a review key", other.name()),
            );
            return;
        }
    };
    match moved {
        Ok(to) => go(app, to),
        Err(e) => say(app, Tone::Error, e.to_string()),
    }
}

fn first_key(app: &App, action: Action) -> String {
    app.keymap
        .keys(action)
        .first()
        .cloned()
        .unwrap_or_else(|| action.name())
}

fn play_hint(app: &App) -> String {
    let file = app
        .review
        .as_ref()
        .map(|r| r.path.display().to_string())
        .unwrap_or_else(|| "FILE".into());
    format!("to play on: umpire play {file}")
}

/// A key that would change the battle, pressed in review.
pub fn refuse(app: &mut App, action: Action) {
    let text = format!(
        "review is read-only: {} would change the battle; {}",
        first_key(app, action),
        play_hint(app)
    );
    say(app, Tone::Error, text);
}

/// The `:` prompt in review: a place to jump to (`1215`, `1215 d2`, `1215 resolution`, `#42`,
/// `start`, `end`) or an `expect` checked against the state shown. Any other command is
/// refused: it would change the battle. Errors are shown in place; nothing moves.
pub fn submit(app: &mut App, text: &str) -> Result<(), String> {
    let text = text.trim();
    let Some(r) = &app.review else {
        return Err("not reviewing".into());
    };
    let target = match text.parse::<Target>() {
        Ok(t) => t,
        Err(not_a_place) => {
            return match text.parse::<Command>() {
                Ok(c @ (Command::Expect { .. } | Command::ExpectClock { .. })) => {
                    app.battle
                        .game
                        .check_expect(&c)
                        .map_err(|e| e.to_string())?;
                    say(app, Tone::Info, format!("ok: {text}"));
                    Ok(())
                }
                Ok(c) => Err(format!(
                    "review is read-only: `{}` would change the battle ({}); here type {TARGET_HELP}",
                    c.to_string().split_whitespace().next().unwrap_or(text),
                    play_hint(app)
                )),
                Err(_) => Err(not_a_place),
            };
        }
    };
    let to = r.review.jump(&target).map_err(|e| e.to_string())?;
    go(app, to);
    if let Target::At(TurnPlace { time, .. }) = target {
        let landed = app.battle.game.state.clock;
        if landed.label() != time.to_string() {
            let text = format!(
                "{time} is in turn {}: {}",
                landed.label(),
                position_text(app)
            );
            say(app, Tone::Info, text);
        }
    }
    Ok(())
}
