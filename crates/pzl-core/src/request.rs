//! What a caller asks of `solve` and `render`, and the one parser of each numeric option the
//! command line and the bindings share.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::error::Error;
use crate::picture::Picture;
use crate::settings::{Value, Values, mention};

/// The longest timeout pzl takes: about 31 years, far beyond any run and safe for every clock.
const MAX_TIMEOUT_SECONDS: f64 = 1e9;

/// The most threads `--jobs` starts.
pub const MAX_JOBS: usize = 256;

/// Parse a timeout in seconds (`2`, `0.5`, `1e3`). Never panics: zero, negative, not-a-number and
/// infinite values are usage errors that say what would work; very large ones are capped.
pub fn parse_timeout(text: &str) -> Result<Duration, Error> {
    let bad = || {
        Error::usage(format!("{} {text}: expected a positive number of seconds", mention("timeout")))
            .hint(format!("for example {} 2.5", mention("timeout")))
    };
    let seconds: f64 = text.trim().parse().map_err(|_| bad())?;
    if !seconds.is_finite() || seconds <= 0.0 {
        return Err(bad());
    }
    Duration::try_from_secs_f64(seconds.min(MAX_TIMEOUT_SECONDS)).map_err(|_| bad())
}

/// Parse a thread count: 1 to 256; `0` means one per core.
pub fn parse_jobs(text: &str) -> Result<usize, Error> {
    let n: usize = text.trim().parse().map_err(|_| {
        Error::usage(format!("{} {text}: expected a number of threads", mention("jobs")))
            .hint(format!("for example {} 4", mention("jobs")))
    })?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    match n {
        0 => Ok(cores),
        n if n > MAX_JOBS => {
            Err(Error::usage(format!("{} {n}: at most {MAX_JOBS} threads", mention("jobs")))
                .hint(format!("this machine has {cores} cores")))
        }
        n => Ok(n),
    }
}

/// What `solve` is asked to do: what every kind understands, and the values of the kinds'
/// settings ([`crate::settings`]), which the kind that owns each reads by name. Kinds ignore
/// nothing silently: a field or setting that does not apply to a kind is refused by it (see each
/// kind's `solve`).
#[derive(Debug, Clone)]
pub struct SolveRequest {
    /// Give up after this long.
    pub timeout: Option<Duration>,
    /// Count solutions instead of showing one.
    pub count: bool,
    /// With `count`: stop at this many.
    pub limit: Option<u64>,
    /// Show every solution, not just the first.
    pub all: bool,
    /// Count or list solutions up to the shape's symmetries.
    pub distinct: bool,
    /// Threads for one search.
    pub jobs: usize,
    /// The kinds' settings given for solving (`no-flip`, `human`, `trace`, …), by name.
    pub settings: Values,
    /// Set from another thread (Ctrl-C) to stop the search as if the timeout had struck.
    pub cancel: Option<Arc<AtomicBool>>,
    /// With `count`: count only shard `K` of `N` (`(K, N)`, `K` from 0) of a deterministic split
    /// of the search (polyomino counts); the shards' results add up with a checked merge.
    pub shard: Option<(u64, u64)>,
    /// With `shard`: the JSON result of an earlier run of the same shard that stopped
    /// (`finished: false`); the subtrees it counted are not counted again.
    pub resume: Option<Vec<u8>>,
    /// Where a long count reports how far it is (for a progress bar).
    pub progress: Option<Arc<Progress>>,
}

/// How far a long search is, in units of work the kind chooses (polyomino shard counts:
/// subtrees of the cut): how many this run has, and how many are done.
#[derive(Debug, Default)]
pub struct Progress {
    /// Units of work in this run (0 until known).
    pub total: std::sync::atomic::AtomicUsize,
    /// Units done so far.
    pub done: std::sync::atomic::AtomicUsize,
}

impl Default for SolveRequest {
    fn default() -> SolveRequest {
        SolveRequest {
            timeout: None,
            count: false,
            limit: None,
            all: false,
            distinct: false,
            jobs: 1,
            settings: Values::default(),
            cancel: None,
            shard: None,
            resume: None,
            progress: None,
        }
    }
}

impl SolveRequest {
    /// Whether a caller asked the search to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// The request with the kind setting `name` given as `value`.
    ///
    /// ```
    /// use pzl_core::{SolveRequest, settings::Value};
    ///
    /// let request = SolveRequest { count: true, ..SolveRequest::default() }.with("no-flip", Value::On);
    /// assert!(request.settings.flag("no-flip"));
    /// ```
    #[must_use]
    pub fn with(mut self, name: &str, value: Value) -> SolveRequest {
        self.settings.insert(name, value);
        self
    }

    /// The timeout, shown in seconds for messages (`0` when none).
    pub fn timeout_seconds(&self) -> f64 {
        self.timeout.map_or(0.0, |t| t.as_secs_f64())
    }
}

/// What `info` is asked to describe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct InfoRequest {
    /// Add the long listings (every clue, every resource, every date). Kinds build them only
    /// when asked: they cost most of the time of describing a file.
    pub details: bool,
    /// Only the text will be shown (`pzl info` without `--json`): a kind may leave out the
    /// facts' JSON values that only programs read (per-cell listings), which cost more than
    /// the text. The text must be the same either way.
    pub text_only: bool,
}

impl InfoRequest {
    /// The short description.
    pub const BRIEF: InfoRequest = InfoRequest { details: false, text_only: false };
    /// The description with every listing.
    pub const FULL: InfoRequest = InfoRequest { details: true, text_only: false };
}

/// What `render` is asked to draw: what every kind understands, and the values of the kinds'
/// settings for drawing (`with-clues`, `paper`, `date`, …), which the kind that owns each reads.
#[derive(Debug, Clone)]
pub struct RenderRequest {
    /// The kind of drawing.
    pub picture: Picture,
    /// Colour (ANSI) in terminal text.
    pub colour: bool,
    /// Which part to draw, in the kind's own words (a board number); a kind drawing one thing
    /// refuses it.
    pub select: Option<String>,
    /// The kinds' settings given for drawing, by name.
    pub settings: Values,
}

impl RenderRequest {
    /// Draw `picture` with no options.
    pub fn new(picture: Picture) -> RenderRequest {
        RenderRequest { picture, colour: false, select: None, settings: Values::default() }
    }

    /// The request with the kind setting `name` given as `value`.
    #[must_use]
    pub fn with(mut self, name: &str, value: Value) -> RenderRequest {
        self.settings.insert(name, value);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_never_panic() {
        assert_eq!(parse_timeout("2.5").unwrap(), Duration::from_millis(2500));
        assert!(parse_timeout("1e20").is_ok());
        assert!(parse_timeout("1e400").is_err());
        for bad in ["0", "-1", "nan", "inf", "x", ""] {
            let e = parse_timeout(bad).unwrap_err();
            assert!(e.message.contains("positive number of seconds"), "{bad}: {e}");
        }
    }

    #[test]
    fn jobs_are_capped() {
        assert_eq!(parse_jobs("3").unwrap(), 3);
        assert!(parse_jobs("0").unwrap() >= 1);
        assert!(parse_jobs("100000").is_err());
        assert!(parse_jobs("-2").is_err());
    }
}
