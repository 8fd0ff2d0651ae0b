//! `umpire review FILE`: the dashboard over a saved battle, read-only. The same `BoardApp` and
//! panels as `umpire play`, showing the battle as it stood at the review position
//! ([`crate::core::review`]): the header says REVIEW and the position, the log panel ends at
//! the entry that got there (highlighted; later entries are hidden, as they had not happened
//! yet), and the keys of the keymap's `[review]` table step through it. The save is opened
//! without a lock and never written; keys and commands that would change the battle are
//! refused.
use super::BoardApp;
use crate::core::board::Board;
use crate::core::game::Journal;
use crate::core::review::{Direction, Review, Step, Target};
use crate::core::ruleset::Verb;
use crate::session::{Error, Session};
use crate::tui::keymap::{Action, Keymap};
use crate::tui::Save;
use std::path::{Path, PathBuf};

/// What the review adds to the dashboard's model.
pub struct ReviewState<R: Board> {
    pub review: Review<R>,
    /// The file reviewed (for the "to play on" hint).
    pub path: PathBuf,
    /// Only log lines of this kind (`K`, one of [`Board::log_kinds`]).
    pub kind: Option<&'static str>,
    /// The position moved since the last frame: the log is pinned to its entry again if the
    /// panel's height changed ([`pin`]).
    pub pinned: bool,
}

/// Why the review cannot change anything (the `Save::ReadOnly` reason).
pub const READ_ONLY: &str = "review: the battle as it stood; nothing here changes it";

/// Load the battle and stand at the end of the log (or at `at`, typed as at the review
/// prompt), before the terminal is touched.
pub fn open_review<R: Board>(
    path: &Path,
    tables: R::Tables,
    keymap: Keymap,
    at: Option<&str>,
) -> Result<BoardApp<R>, Error> {
    let mut battle = Session::<R>::open_read_only(path, tables.clone())?;
    for w in &battle.warnings {
        eprintln!("warning: {w}");
    }
    // The review takes the log over (so it is in memory once) and gives the game back.
    let replayed = std::mem::replace(
        &mut battle.game,
        Journal::<R>::new(&battle.scenario, tables),
    );
    let (review, game) = Review::new(&battle.scenario, replayed);
    battle.game = game;
    let mut app = BoardApp::new(battle, Save::ReadOnly(READ_ONLY.into()), None, keymap);
    app.review = Some(ReviewState {
        review,
        path: path.to_path_buf(),
        kind: None,
        pinned: false,
    });
    match at {
        Some(place) => {
            submit(&mut app, place).map_err(|e| Error::input(format!("--at {place}: {e}")))?
        }
        None => {
            let text = position_text(&app);
            app.info(text)
        }
    }
    Ok(app)
}

/// The review position: entries applied (0 = the scenario's start).
pub fn position<R: Board>(app: &BoardApp<R>) -> usize {
    app.battle.game.entries().len()
}

/// Index of the entry that got the review where it is (highlighted in the log panel).
pub fn current_entry<R: Board>(app: &BoardApp<R>) -> Option<usize> {
    app.review.as_ref()?;
    position(app).checked_sub(1)
}

/// The header's tag in review: ` REVIEW 42/310 `.
pub fn header_tag<R: Board>(app: &BoardApp<R>) -> Option<String> {
    let r = app.review.as_ref()?;
    Some(format!(" REVIEW {}/{} ", position(app), r.review.len()))
}

/// What the log panel's title adds: the kind filter and, in review, what is hidden.
pub fn log_title<R: Board>(app: &BoardApp<R>) -> String {
    let mut s = String::new();
    let Some(r) = &app.review else {
        return s;
    };
    if let Some(k) = r.kind {
        s.push_str(&format!(" [{k}]"));
    }
    let later = r.review.len() - position(app);
    if later > 0 {
        s.push_str(&format!(" ({later} later hidden)"));
    }
    s
}

/// "entry 42 of 310: #42 1209 hit tiger 30 → 1209 resolution d1", or the start.
pub fn position_text<R: Board>(app: &BoardApp<R>) -> String {
    let Some(r) = &app.review else {
        return String::new();
    };
    let p = position(app);
    let now = R::place_text(&R::clock(&app.battle.game.state));
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
pub fn go<R: Board>(app: &mut BoardApp<R>, to: usize) {
    let Some(r) = &mut app.review else {
        return;
    };
    r.review.seek(&mut app.battle.game, to);
    r.pinned = true;
    // The entries before the position are the log's own: their wording stands.
    app.rebuild_log();
    pin(app);
    app.info(position_text(app));
}

/// The highlighted entry is the newest shown; when it is taller than the panel, show its
/// heading (the command) at the top rather than its last lines. Done again at the first frame
/// after a move if the panel's height was not known (`--at`, before the first frame).
pub fn pin<R: Board>(app: &mut BoardApp<R>) {
    let Some(current) = current_entry(app) else {
        app.log.scroll = 0;
        return;
    };
    let tall = app
        .log
        .rows
        .iter()
        .rev()
        .take_while(|row| row.entry == current)
        .count();
    app.log.scroll = tall.saturating_sub(app.log_height.max(1));
}

/// A review action (keys of the `[review]` table).
pub fn act<R: Board>(app: &mut BoardApp<R>, action: Action) {
    let Some(r) = &app.review else {
        app.error("that key works in `umpire review FILE`");
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
            let kinds = R::log_kinds();
            if kinds.is_empty() {
                app.error("this rule system's log has no kinds to filter by");
                return;
            }
            let next = match r.kind {
                None => kinds.first(),
                Some(k) => kinds
                    .iter()
                    .position(|x| *x == k)
                    .and_then(|i| kinds.get(i + 1)),
            };
            if let Some(r) = app.review.as_mut() {
                r.kind = next.copied();
            }
            app.rebuild_log();
            let key = app.first_key(Action::KindFilter);
            match next {
                Some(k) => app.info(format!("log: only {k} ({key}: next kind)")),
                None => app.info("log: every kind"),
            }
            return;
        }
        // Only the review's own keys come here (`BoardApp::do_action`).
        other => {
            app.error(format!("{}: not a review key", other.name()));
            return;
        }
    };
    match moved {
        Ok(to) => go(app, to),
        Err(e) => app.error(e.to_string()),
    }
}

fn play_hint<R: Board>(app: &BoardApp<R>) -> String {
    let file = app
        .review
        .as_ref()
        .map(|r| r.path.display().to_string())
        .unwrap_or_else(|| "FILE".into());
    format!("to play on: umpire play {file}")
}

/// A key that would change the battle, pressed in review.
pub fn refuse<R: Board>(app: &mut BoardApp<R>, action: Action) {
    let text = format!(
        "review is read-only: {} would change the battle; {}",
        app.first_key(action),
        play_hint(app)
    );
    app.error(text);
}

/// The `:` prompt in review: an `expect` checked against the state shown, or a place to jump
/// to (`start`, `end`, `#42`, a place on the ruleset's clock, [`crate::core::review::Places::Place`]). Any other
/// command is refused: it would change the battle. Errors are shown in place; nothing moves.
pub fn submit<R: Board>(app: &mut BoardApp<R>, text: &str) -> Result<(), String> {
    let text = text.trim();
    let Some(r) = &app.review else {
        return Err("not reviewing".into());
    };
    if let Ok(command) = R::parse_in(&app.battle.game.state, text) {
        if !matches!(R::verb(&command), Verb::Expect) {
            return Err(format!(
                "review is read-only: `{}` would change the battle ({}); here type {}",
                text.split_whitespace().next().unwrap_or(text),
                play_hint(app),
                R::PLACE_HELP
            ));
        }
        app.battle
            .game
            .check_expect(&command)
            .map_err(|e| e.to_string())?;
        app.info(format!("ok: {text}"));
        return Ok(());
    }
    let target = text.parse::<Target<R::Place>>()?;
    let to = r.review.jump(&target).map_err(|e| e.to_string())?;
    go(app, to);
    if let Target::At(place) = &target {
        if let Some(landed) = R::landed(place, &R::clock(&app.battle.game.state)) {
            let text = format!("{landed}: {}", position_text(app));
            app.info(text);
        }
    }
    Ok(())
}

/// `umpire review FILE [--keymap K] [--at PLACE]`: open (errors before the terminal), then the
/// dashboard's loop; the file is left as it was.
pub fn run<R: Board>(
    path: &Path,
    tables: R::Tables,
    keymap: Option<&Path>,
    at: Option<&str>,
) -> Result<(), Error> {
    use std::io::IsTerminal;
    let keymap = crate::tui::load_keymap(keymap)?;
    // Everything fallible first: a wrong file or place is reported as such, terminal or not.
    let mut app = open_review::<R>(path, tables, keymap, at)?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Error::input(
            "review needs a terminal. Without one, read the battle headless:\n  \
             umpire log FILE [--ship ID] [--format text|md|csv|json]\n  \
             umpire status FILE [--json]",
        ));
    }
    app.theme = crate::tui::theme::Theme::from_env();
    crate::tui::run(&mut app)
}
