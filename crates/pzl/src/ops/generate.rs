//! Making new puzzles (`generate masyu` on the command line, `pzl.generate` in Python): the
//! request as the front ends take it, the run, the names each puzzle is stored under, and the
//! TootSweet database that takes a whole run at once.

use std::time::{Duration, Instant};

use pzl_core::Error;
use pzl_masyu::generate::{self, Generated};

use crate::kinds::masyu::document;
use crate::{Document, Format};

/// A run of Masyu puzzles as asked: size, grade, symmetry, minimality, how many and the seed.
#[derive(Debug, Clone)]
pub struct Masyu {
    /// `WxH` (width first; 5 to 100 each side), or `N` for `NxN`.
    pub size: String,
    /// `easy`, `medium`, `hard` or `expert`.
    pub difficulty: String,
    /// `none`, `rotational` or `mirror`.
    pub symmetry: String,
    /// No pearl can be removed without losing uniqueness.
    pub minimal: bool,
    /// How many puzzles.
    pub count: u64,
    /// The seed: the same seed and options give the same puzzles on every machine.
    pub seed: u64,
}

/// What a run made: the puzzles, in index order, and how many the time limit stopped.
#[derive(Debug)]
pub struct Run {
    /// The puzzles made.
    pub puzzles: Vec<Generated>,
    /// Puzzles not made because the time ran out.
    pub stopped: usize,
}

impl Masyu {
    /// The request, refused before any work when it cannot be made.
    pub fn request(&self) -> Result<generate::Request, Error> {
        let (width, height) = generate::parse_size(&self.size)?;
        let request = generate::Request {
            width,
            height,
            difficulty: generate::parse_difficulty(&self.difficulty)?,
            symmetry: generate::Symmetry::parse(&self.symmetry)?,
            minimal: self.minimal,
        };
        request.check()?;
        generate::check_count(self.count)?;
        Ok(request)
    }

    /// Make the puzzles on `jobs` threads (0: one per core; the puzzles are the same for any
    /// number), stopping after `timeout`; `done` is called after each one (a progress bar).
    pub fn run(
        &self,
        jobs: usize,
        timeout: Option<Duration>,
        done: &(dyn Fn() + Sync),
    ) -> Result<Run, Error> {
        let request = self.request()?;
        let limits = generate::Limits { deadline: timeout.map(|t| Instant::now() + t), cancel: None };
        let made = generate::generate(&request, self.seed, self.count, jobs, &limits, &|_| done())?;
        let stopped = made.iter().filter(|m| m.is_err()).count();
        Ok(Run { puzzles: made.into_iter().filter_map(Result::ok).collect(), stopped })
    }

    /// A puzzle's name: its size, grade, seed and index, enough to make it again.
    pub fn name(&self, index: u64) -> String {
        format!("masyu-{}-{}-s{}-{index:04}", self.size.replace(['X', '×'], "x"), self.difficulty, self.seed)
    }

    /// A puzzle's file name in a folder, with `format`'s usual extension.
    pub fn file_name(&self, format: Format, index: u64) -> String {
        let extension = format.info().extensions.first().copied().unwrap_or("txt");
        format!("{}.{extension}", self.name(index))
    }

    /// Store every puzzle of `run` in the TootSweet database at `path` (created when missing), all
    /// in one transaction, each under its [`name`](Self::name).
    #[cfg(feature = "database")]
    pub fn into_database(&self, path: &std::path::Path, run: &Run) -> Result<(), Error> {
        let rows: Vec<_> = run.puzzles.iter().map(|p| (self.name(p.index), p.puzzle.clone())).collect();
        let name = path.display().to_string();
        crate::kinds::tootsweet::Database::import_into(path, &rows)
            .map_err(crate::kinds::tootsweet::error(&name))?;
        Ok(())
    }
}

/// One made puzzle as a document in `format` (a Masyu format).
pub fn puzzle(made: &Generated, format: Format) -> Result<Document, Error> {
    document(made.puzzle.clone(), format)
}
