//! The one status line of every command: with `--progress` on a terminal, a line on
//! standard error redrawn ten times a second from a thread of its own, while the work
//! only counts what it does; without it, once after a few seconds, the nudge towards it.
//! Never into a pipe or a file.

use std::io::{self, IsTerminal};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often the line is redrawn.
const REDRAW: Duration = Duration::from_millis(100);

/// A running status line (or nudge), stopped and erased by [`finish`](Self::finish) or
/// when dropped.
pub(crate) struct StatusLine {
    bar: Option<ProgressBar>,
    /// Stops the thread when dropped or sent to.
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl StatusLine {
    /// Starts the line when `progress` asks for it and standard error is a terminal:
    /// `length` (the bar's length; none for a line without a bar) and `template`
    /// (indicatif's) shape it, and `redraw` fills it in every tenth of a second, with the
    /// time since the start. Without `progress`, on a terminal, `doing` (`searching`,
    /// `solving`, …) names what the nudge says is still going on, with `tail` after it.
    /// Nothing at all when `quiet` (a person is typing the input).
    pub(crate) fn start(
        progress: bool,
        quiet: bool,
        (doing, tail): (&'static str, &'static str),
        (length, template): (Option<u64>, &str),
        mut redraw: impl FnMut(&ProgressBar, Duration) + Send + 'static,
    ) -> Self {
        let terminal = !quiet && io::stderr().is_terminal();
        let bar = (progress && terminal).then(|| {
            let bar = ProgressBar::with_draw_target(length, ProgressDrawTarget::stderr_with_hz(10));
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar
        });
        let mut nudge = Nudge::new(terminal && !progress, doing);
        let mut line = Self {
            bar: bar.clone(),
            stop: None,
            thread: None,
        };
        if bar.is_none() && !nudge.is_armed() {
            return line;
        }
        let (stop, stopped) = mpsc::channel::<()>();
        let started = Instant::now();
        let thread = std::thread::Builder::new()
            .name("status".to_owned())
            .spawn(move || {
                let every = if bar.is_some() { REDRAW } else { NUDGE_AFTER };
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
                    let elapsed = started.elapsed();
                    match &bar {
                        Some(bar) => redraw(bar, elapsed),
                        None => {
                            if let Some(said) = nudge.due(elapsed) {
                                stderr_line!("{said}{tail}");
                                break;
                            }
                        }
                    }
                }
            });
        // Without a thread the work goes on as it would without a terminal.
        if let Ok(thread) = thread {
            line.stop = Some(stop);
            line.thread = Some(thread);
        }
        line
    }

    /// The bar, when the line is drawn.
    pub(crate) fn bar(&self) -> Option<&ProgressBar> {
        self.bar.as_ref()
    }

    /// Prints `text` above the line, which is redrawn after it.
    pub(crate) fn eprintln(&self, text: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| stderr_line!("{text}")),
            None => stderr_line!("{text}"),
        }
    }

    /// Stops the thread and erases the line, before the summary is printed.
    pub(crate) fn finish(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for StatusLine {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The time left if the rest goes as fast as what is done: none until a little is done.
pub(crate) fn eta(elapsed: Duration, fraction: f64) -> Option<Duration> {
    (fraction >= 1e-4 && elapsed > Duration::ZERO)
        .then(|| elapsed.mul_f64((1.0 - fraction.min(1.0)) / fraction))
}

/// `, about 0:42 left` for a search `fraction` of the way after `elapsed`, as
/// Knuth's estimate of the tree extrapolates it: rough, and only once a thousandth
/// of the tree is behind (empty before, and at the end).
pub(crate) fn about_left(elapsed: Duration, fraction: f64) -> String {
    match eta(elapsed, fraction) {
        Some(left) if fraction > 1e-3 && fraction < 1.0 => {
            format!(", about {} left", clock(left))
        }
        _ => String::new(),
    }
}

/// `0:07`, `12:34`, `1:02:03`.
pub(crate) fn clock(duration: Duration) -> String {
    let seconds = duration.as_secs();
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// How long a search runs before [`Nudge`] mentions `--progress`.
pub(crate) const NUDGE_AFTER: Duration = Duration::from_secs(3);

/// Mentions `--progress`, once, to a person waiting on a long search without it.
///
/// It is armed only when stderr is a terminal and `--progress` was not given; whoever
/// owns it asks [`Nudge::due`] from a check that already runs now and then (the search's
/// heartbeat, or a batch's status thread), never per node.
#[derive(Debug)]
pub(crate) struct Nudge {
    armed: bool,
    /// `searching` or `solving`, as the line says it.
    doing: &'static str,
}

impl Nudge {
    /// A nudge that may speak: `armed` is whether anyone would read it.
    pub(crate) fn new(armed: bool, doing: &'static str) -> Self {
        Self { armed, doing }
    }

    /// Whether it may still speak (so its owner can skip reading the clock).
    pub(crate) fn is_armed(&self) -> bool {
        self.armed
    }

    /// The line to print now that the search has run `elapsed`: the first time that is
    /// [`NUDGE_AFTER`] or more, and never again.
    pub(crate) fn due(&mut self, elapsed: Duration) -> Option<String> {
        if !self.armed || elapsed < NUDGE_AFTER {
            return None;
        }
        self.armed = false;
        Some(format!(
            "still {} after {} s; --progress shows a live status line",
            self.doing,
            NUDGE_AFTER.as_secs()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_comes_from_the_pace_so_far() {
        let ten = Duration::from_secs(10);
        assert_eq!(eta(ten, 0.25), Some(Duration::from_secs(30)));
        assert_eq!(eta(ten, 1.0), Some(Duration::ZERO));
        assert_eq!(eta(ten, 0.0), None);
        assert_eq!(eta(Duration::ZERO, 0.5), None);
        assert_eq!(clock(Duration::from_secs(7)), "0:07");
        assert_eq!(clock(Duration::from_secs(754)), "12:34");
        assert_eq!(clock(Duration::from_secs(3723)), "1:02:03");
        assert_eq!(about_left(ten, 0.5), ", about 0:10 left");
        assert_eq!(about_left(ten, 1e-4), "");
        assert_eq!(about_left(ten, 1.0), "");
    }

    #[test]
    fn the_nudge_speaks_once_after_three_seconds() {
        let mut nudge = Nudge::new(true, "searching");
        assert!(nudge.is_armed());
        assert_eq!(nudge.due(Duration::ZERO), None);
        assert_eq!(nudge.due(Duration::from_millis(2999)), None);
        assert_eq!(
            nudge.due(Duration::from_secs(3)).as_deref(),
            Some("still searching after 3 s; --progress shows a live status line")
        );
        assert!(!nudge.is_armed());
        assert_eq!(nudge.due(Duration::from_secs(4)), None);
        assert_eq!(nudge.due(Duration::from_secs(1000)), None);
    }

    #[test]
    fn a_disarmed_nudge_never_speaks() {
        let mut nudge = Nudge::new(false, "solving");
        assert!(!nudge.is_armed());
        assert_eq!(nudge.due(Duration::from_secs(60)), None);
    }
}
