//! The dashboard as the shared screen ([`crate::tui::view`]) draws it: what [`BoardApp`] shows
//! this frame, as a [`View`], and a form the ruleset draws itself ([`super::OwnForm`]) over it.
use super::{BoardApp, DiceMode, Focus, Mode, Tone};
use crate::core::board::Board;
use crate::tui::form::FormKind;
use crate::tui::help;
use crate::tui::keymap::Action;
use crate::tui::panels::{self, FleetPanel};
use crate::tui::view::{self, Footer, Header, LogView, Message, Overlay, Saved, View};
use ratatui::text::Line;
use ratatui::Frame;

impl<R: Board> BoardApp<R> {
    pub fn draw(&mut self, frame: &mut Frame) {
        let heads = self.heads();
        self.selected = self.selected.min(heads.len().saturating_sub(1));
        let drawn = {
            // Only the rows drawn are built; a side's view is worked out once for the frame.
            let g = &self.battle.game;
            let side = self.side();
            let seen = side.map(|side| R::fleet_seen(&g.state, &g.tables, Some(side)));
            let row = |i: usize| {
                match &seen {
                    Some(rows) => rows.get(i).cloned(),
                    None => R::fleet_row(&g.state, &g.tables, i, None),
                }
                .unwrap_or_default()
            };
            let columns = R::columns();
            let mut sides: Vec<&str> = heads.iter().map(|h| h.side.as_str()).collect();
            sides.dedup();
            let enemy = match (side, heads.get(self.selected)) {
                (Some(side), Some(h)) => !h.side.eq_ignore_ascii_case(side),
                _ => false,
            };
            // The due list worded for the most the body gives it; whole in the full view.
            let due_rows = match self.mode {
                Mode::DetailView { .. } => usize::MAX,
                _ => frame.area().height as usize / 2,
            };
            let v = View {
                theme: self.theme,
                header: self.header(),
                fleet: FleetPanel {
                    layout: R::fleet_layout(),
                    columns: &columns,
                    heads: heads
                        .iter()
                        .map(|h| (h.id.as_str(), h.name.as_str(), h.side.as_str()))
                        .collect(),
                    row: &row,
                    selected: self.selected,
                    focused: self.focus == Focus::Fleet,
                },
                sides: sides.len(),
                detail: R::detail_panel(&g.state, &g.tables, self.selected, side),
                enemy,
                due: R::due_panel(&g.state, &g.tables, side, due_rows),
                log: LogView {
                    panel: &self.log,
                    title_more: super::review::log_title(self),
                    focused: self.focus == Focus::Log,
                    // In review: the entry that got the battle to the position shown.
                    current: super::review::current_entry(self),
                    // The ship filter (`s`) that leaves nothing says so.
                    empty: self.log.ship.as_ref().map(|id| {
                        Line::styled(
                            format!("nothing about {id} yet: s shows every entry"),
                            self.theme.dim(),
                        )
                    }),
                },
                message: self.message_line(),
                read_only: self.read_only(),
                footer: self.footer(),
                overlay: self.overlay(),
            };
            let drawn = view::draw(frame, &v);
            if let (Some(d), Mode::Form(form)) = (&drawn, &self.mode) {
                if let Some(own) = self.own_form(form.kind) {
                    (own.draw)(frame, d.body, self.theme, &self.battle.game, form);
                }
            }
            drawn
        };
        let Some(d) = drawn else {
            return;
        };
        let moved = d.log_rows != self.log_height;
        self.log_height = d.log_rows;
        // A review position taken before the panel's height was known: pinned again.
        let pinned = self
            .review
            .as_mut()
            .is_some_and(|r| std::mem::take(&mut r.pinned));
        if pinned && moved {
            super::review::pin(self);
            frame.render_widget(ratatui::widgets::Clear, frame.area());
            self.draw(frame);
        }
    }

    /// The form the ruleset draws itself, of `kind`, if it is one.
    fn own_form(&self, kind: FormKind) -> Option<&super::OwnForm<R>> {
        self.own_forms.iter().find(|f| f.kind == kind)
    }

    /// The header: the ruleset's clock, the dice, saved or the face's tag.
    fn header(&self) -> Header {
        let state = &self.battle.game.state;
        let face = super::review::header_tag(self).or_else(|| super::watch::header_label(self));
        let saved = Saved::of(face, self.unsaved.as_deref(), self.read_only().is_some());
        let nothing_rolled = self.review.is_some() || self.watch.is_some();
        Header {
            name: R::title(state),
            clock: R::header_clock(state),
            dice: (!nothing_rolled).then(|| {
                (
                    self.dice_mode == DiceMode::Ask,
                    panels::queued(&R::queued_dice(state)),
                )
            }),
            saved,
        }
    }

    fn message_line(&self) -> Message {
        match &self.mode {
            Mode::Prompt { error: Some(e), .. } => Message::Error(e.clone()),
            Mode::Prompt { hint: Some(h), .. } => Message::Hint(h.clone()),
            _ => match &self.message {
                Some(m) if m.tone == Tone::Error => Message::Error(m.text.clone()),
                Some(m) => Message::Info(m.text.clone()),
                None => Message::None,
            },
        }
    }

    /// The footer: the prompt being typed, the keys of what is open, or the keys of the face
    /// from the keymap (a user's own keys), the ruleset's forms among them.
    fn footer(&self) -> Footer<'_> {
        let t = self.theme;
        match &self.mode {
            Mode::Prompt { edit, .. } => Footer::Prompt(":", edit),
            Mode::Search(edit) => Footer::Prompt("/", edit),
            Mode::Form(_) => Footer::Keys(view::FORM_KEYS),
            Mode::Ask(ask) => Footer::Keys(ask.keys()),
            Mode::Confirm(_) => Footer::Keys(panels::CONFIRM_KEYS),
            _ if self.review.is_some() => {
                // A log with no kinds has nothing to filter (`K`).
                let kinds = !R::log_kinds().is_empty();
                let pairs: Vec<(Action, &str)> = view::REVIEW_HINTS
                    .iter()
                    .copied()
                    .filter(|(a, _)| kinds || *a != Action::KindFilter)
                    .collect();
                Footer::Hints(Line::from(help::hints(&self.keymap, &pairs, t)), None)
            }
            _ if self.watch.is_some() => Footer::Hints(
                Line::from(help::hints(&self.keymap, view::WATCH_HINTS, t)),
                None,
            ),
            // On a narrow screen `turn` and `dice` give way, so help and quit stay in view.
            _ => {
                let line = |all: bool| {
                    let keep = |pairs: &[(Action, &'static str)]| -> Vec<(Action, &'static str)> {
                        pairs
                            .iter()
                            .copied()
                            .filter(|(a, _)| {
                                all || !matches!(a, Action::NextTurn | Action::DiceMode)
                            })
                            .collect()
                    };
                    let mut spans = help::hints(
                        &self.keymap,
                        &keep(&[(Action::EndPhase, "next"), (Action::NextTurn, "turn")]),
                        t,
                    );
                    for f in R::forms() {
                        match super::keymap_action::<R>(f.verb) {
                            Some(a) => spans.extend(help::hints(&self.keymap, &[(a, f.verb)], t)),
                            None => spans.extend(help::hint(&f.key.to_string(), f.verb, t)),
                        }
                    }
                    spans.extend(help::hints(
                        &self.keymap,
                        &keep(&[
                            (Action::Undo, "undo"),
                            (Action::DiceMode, "dice"),
                            (Action::Command, "cmd"),
                            (Action::Help, "help"),
                            (Action::Quit, "quit"),
                        ]),
                        t,
                    ));
                    Line::from(spans)
                };
                Footer::Hints(line(true), Some(line(false)))
            }
        }
    }

    /// What lies over the body: a form, a die or a chart value asked, a question, help, quit,
    /// or a full-screen view.
    fn overlay(&self) -> Overlay<'_> {
        match &self.mode {
            Mode::Form(form) if self.own_form(form.kind).is_some() => Overlay::Own,
            Mode::Form(form) => Overlay::Form(form.view()),
            Mode::Ask(ask) => Overlay::Ask(ask.view()),
            Mode::Help { scroll } => Overlay::Help(self.help_page(), *scroll),
            Mode::Confirm(c) => Overlay::Confirm(&c.title, &c.text, &c.lines),
            Mode::ConfirmQuit => Overlay::Quit(self.save_path.as_deref()),
            Mode::LogView { scroll } => Overlay::LogView(*scroll),
            Mode::DetailView { scroll } => Overlay::DetailView(*scroll),
            Mode::Normal | Mode::Prompt { .. } | Mode::Search(_) => Overlay::None,
        }
    }
}
