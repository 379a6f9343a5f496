//! What the kinds offer beyond the shared verbs, for the commands that belong to one kind (`pzl
//! crossword lock`, `pzl mac rsrc`, `pzl masyu db`, `pzl poly ftor`, `pzl apad solve`). Each
//! module takes and gives [`Document`]s where a file is involved, and re-exports the kind's own
//! types where the command needs them.

use pzl_core::Error;

use crate::Document;

fn wrong_kind(doc: &Document, wanted: &str, what: &str) -> Error {
    Error::usage(format!("{what} needs a {wanted} file, not {} ({})", doc.kind(), doc.format().name()))
}

/// Crosswords: locking and unlocking Across Lite solutions.
pub mod crossword {
    use super::*;
    use crate::Doc;

    pub use pzl_crossword::lock::Candidate;
    pub use pzl_crossword::parse_key;
    /// The `.puz` layer by puzpy's fields, for the Python package's `pzl.puz` drop-in.
    pub use pzl_crossword::puzpy;

    type Crossword = pzl_crossword::CrosswordKind;

    fn doc_of<'a>(doc: &'a Document, what: &str) -> Result<&'a Doc<Crossword>, Error> {
        doc.as_kind::<Crossword>().ok_or_else(|| wrong_kind(doc, "crossword", what))
    }

    /// The crossword locked (scrambled) with `key`.
    pub fn lock(doc: &Document, key: u16) -> Result<Document, Error> {
        let d = doc_of(doc, "locking")?;
        let value = pzl_crossword::lock(&d.value, key)?;
        Ok(Document::of_kind::<Crossword>(d.format, value))
    }

    /// The keys that would unlock the crossword, most plausible first.
    pub fn unlock_candidates(doc: &Document) -> Result<Vec<Candidate>, Error> {
        pzl_crossword::unlock_candidates(&doc_of(doc, "unlocking")?.value)
    }

    /// The crossword unlocked with `key`.
    pub fn unlock(doc: &Document, key: u16) -> Result<Document, Error> {
        let d = doc_of(doc, "unlocking")?;
        let (value, _) = pzl_crossword::unlock(&d.value, Some(key))?;
        Ok(Document::of_kind::<Crossword>(d.format, value))
    }
}

/// Classic Mac files: resources, Rez and DeRez.
pub mod mac {
    use super::*;

    type Mac = pzl_macfile::MacKind;

    pub use pzl_macfile::listing::{Which, parse_byte, parse_type};
    pub use pzl_macfile::{Added, MacFile, ResourceList};

    /// The Mac file a document is.
    pub fn file(doc: &Document) -> Result<&MacFile, Error> {
        doc.as_kind::<Mac>().map(|d| &d.value).ok_or_else(|| wrong_kind(doc, "Mac", "this command"))
    }

    /// The Mac file a document is, to change.
    pub fn file_mut(doc: &mut Document) -> Result<&mut MacFile, Error> {
        if doc.as_kind::<Mac>().is_none() {
            return Err(wrong_kind(doc, "Mac", "this command"));
        }
        doc.as_kind_mut::<Mac>().map(|d| &mut d.value).ok_or_else(|| Error::usage("not a Mac file"))
    }

    /// A new, empty resource file for the path called `file_name`: the container its name implies
    /// (`.bin` MacBinary, `._x` AppleDouble, … raw fork otherwise).
    pub fn new_file(file_name: &str) -> Result<Document, Error> {
        let format = pzl_macfile::format::Format::for_new_file(file_name);
        let value = MacFile::new_for(format, file_name)?;
        Ok(Document::of_kind::<Mac>(format, value))
    }

    /// Compile Rez source into a resource file in the container `file_name` implies (or `to`);
    /// gives the format written and the bytes.
    pub fn rez(
        source: &[u8],
        to: Option<crate::Format>,
        file_name: &str,
    ) -> Result<(crate::Format, pzl_core::Written), Error> {
        let format = match to {
            Some(to) => to.as_kind::<Mac>().ok_or_else(|| {
                Error::usage(format!("`{}` is not a Mac container pzl rez can write", to.name()))
            })?,
            None => pzl_macfile::format::Format::for_new_file(file_name),
        };
        // A new file, named after itself and typed like ResEdit's files (as `ftor` makes them),
        // holding the compiled fork.
        let fork = MacFile::from_rez(source)?.fork()?;
        let mut file = MacFile::new_for(format, file_name)?;
        file.set_fork(&fork)?;
        Ok((crate::Format::of_kind::<Mac>(format), pzl_core::Written::exact(file.to_bytes()?)))
    }
}

/// A-Puzzle-A-Day: solving dates with the solver (the files themselves are documents).
pub mod apad {
    pub use pzl_apad::Puzzle;
    pub use pzl_apad::solve::{AllSolutions, DateSolutions, Limits, all_sorted, solve_all};

    pub use pzl_apad::format::decode_to_text;

    /// The edition called `name`: `classic`, `weekday`, or a description file.
    pub fn edition(name: &str) -> Result<Puzzle, pzl_core::Error> {
        Puzzle::load(name)
    }

    /// [`edition`] for a `--puzzle` argument that need not be UTF-8.
    pub fn edition_path(path: &std::path::Path) -> Result<Puzzle, pzl_core::Error> {
        Puzzle::load_path(path)
    }

    /// The APAD text form (`bytes`) as APAD binary for `puzzle`: the reader's warnings, and
    /// what the binary leaves out (`pzl apad encode`).
    pub fn encode_text(
        bytes: &[u8],
        puzzle: &Puzzle,
    ) -> Result<pzl_core::Parsed<pzl_core::Written>, pzl_core::Error> {
        let read = pzl_apad::format::read(bytes, pzl_apad::Format::Text, puzzle)?;
        let written = pzl_apad::format::write(&read.value, pzl_apad::Format::Apad)?;
        Ok(pzl_core::Parsed::with(written, read.warnings))
    }

    /// The APAD binary format (9 bytes per classic board).
    pub const BINARY: crate::Format = crate::Format::Apad(pzl_apad::Format::Apad);
    /// The APAD text form (a letter per square).
    pub const TEXT: crate::Format = crate::Format::Apad(pzl_apad::Format::Text);
}

/// Masyu: the solver's traces (replay, animation) and TootSweet's database.
pub mod masyu {
    pub use pzl_masyu::render::text as board_text;
    pub use pzl_masyu::render::text_marked as board_text_marked;
    pub use pzl_masyu::solver::animate::animation;
    pub use pzl_masyu::solver::trace::{Replayer, TraceFile, describe, read_jsonl, read_trace};
    pub use pzl_masyu::solver::{Difficulty, Hint, Level, Statistics, Step, hint, next_step};

    pub use pzl_masyu::{Board, Cell, Edge, EdgeState, Orientation, Pos};

    use super::*;
    use crate::Format;

    type Masyu = pzl_masyu::MasyuKind;

    /// A puzz.link URL, the format `pzl generate masyu` writes by default.
    pub const PUZZ_LINK: Format = Format::Masyu(pzl_masyu::formats::Format::Pzprjs);

    /// pzprjs's pzprv3 file: pearls, lines and crosses (what a board with a player's marks is
    /// written as when its own format holds no lines).
    pub const PZPRV3: Format = Format::Masyu(pzl_masyu::formats::Format::Pzprv3);

    /// Where generated puzzles go ([`generate_to`]).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum GenerateTo {
        /// One file (or one line) per puzzle, in this Masyu format.
        Files(Format),
        /// A TootSweet database (this format), all puzzles in one transaction.
        Database(Format),
    }

    /// Where generated puzzles go for the format named (or implied by the output's name): a
    /// TootSweet database takes them all; a Masyu format one file each; none a puzz.link URL
    /// each. Any other format is refused: it holds no Masyu puzzle.
    pub fn generate_to(format: Option<Format>) -> Result<GenerateTo, Error> {
        let f = format.unwrap_or(PUZZ_LINK);
        #[cfg(feature = "database")]
        if f.as_kind::<pzl_masyu::TootSweetDbKind>().is_some() {
            return Ok(GenerateTo::Database(f));
        }
        match f.as_kind::<Masyu>() {
            Some(_) => Ok(GenerateTo::Files(f)),
            None => Err(Error::usage(format!("`{}` is not a Masyu board format", f.name()))),
        }
    }

    /// The Masyu board a document holds (pearls and edge states), to read as plain data.
    pub fn board(doc: &Document) -> Result<&Board, Error> {
        doc.as_kind::<Masyu>().map(|d| &d.value).ok_or_else(|| wrong_kind(doc, "Masyu", "reading the board"))
    }

    /// A Masyu document holding `board`, written as `format` by default (a Masyu format).
    pub fn document(board: Board, format: Format) -> Result<Document, Error> {
        match format.as_kind::<Masyu>() {
            Some(own) => Ok(Document::of_kind::<Masyu>(own, board)),
            None => Err(Error::usage(format!("`{}` is not a Masyu board format", format.name()))),
        }
    }
}

/// TootSweet's `Puzzles.data` database (`pzl masyu db …`).
#[cfg(feature = "database")]
pub mod tootsweet {
    use super::*;

    pub use pzl_masyu::store::{Database, Progress, import_name};

    /// The Masyu board a document holds, for storing in the database.
    pub fn board(doc: Document) -> Result<pzl_masyu::Board, Error> {
        match doc.into_kind::<pzl_masyu::MasyuKind>() {
            Ok(d) => Ok(d.value),
            Err(other) => Err(wrong_kind(&other, "Masyu puzzle or board", "a TootSweet database")),
        }
    }

    /// `DatabaseError` as the one error type, about the database file `name`.
    pub fn error(name: &str) -> impl Fn(pzl_masyu::store::DatabaseError) -> Error + '_ {
        move |e| Error::from(e).in_file(name)
    }
}

/// Polyominoes: MacPoly's `ftor`, which stores source files as puzzle resources.
pub mod poly {
    use super::*;

    pub use pzl_poly::shard::{Duplicate, MAX_SHARD_FILE, MergeReport, ShardResult};

    /// Refuse a shard result file of `len` bytes before it is read: real ones are a few KB.
    pub fn check_shard_size(len: u64) -> Result<(), Error> {
        ShardResult::check_size(len)
    }

    /// Check and add up the results of a sharded count (`(file name, bytes)` of each JSON
    /// result `pzl solve --count --shard K/N` wrote): same problem, same N, every K once, all
    /// finished. A file that is not a shard result is an error naming it.
    pub fn merge_shards(files: &[(String, Vec<u8>)]) -> Result<MergeReport, Error> {
        let results = files
            .iter()
            .map(|(name, bytes)| ShardResult::from_json(bytes, name))
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(pzl_poly::shard::merge(&results))
    }

    /// Add MacPoly source files (`(file name, bytes)`) to a Mac file's resource fork as `code`
    /// resources (`SBPn` puzzles, `SBSn` solutions), each checked with the MacPoly reader first:
    /// nothing is stored unless every source reads. Gives each new resource's ID and name, in
    /// the order of the sources.
    pub fn ftor(
        doc: &mut Document,
        code: &str,
        sources: &[(String, Vec<u8>)],
    ) -> Result<Vec<(i16, String)>, Error> {
        let code = pzl_macfile::listing::parse_type(code)?;
        let file = crate::kinds::mac::file_mut(doc)?;
        let mut fork = file.fork()?;
        let mut added = Vec::with_capacity(sources.len());
        for (name, bytes) in sources {
            let made =
                pzl_poly::format::macpoly::ftor::resources_from_sources(code, std::slice::from_ref(bytes))
                    .map_err(|mut e| {
                        // The error is about this source file, not about "source 1".
                        e.file = Some(name.clone());
                        e
                    })?;
            for (stored, data) in made {
                // IDs from 128 upward, skipping those in use.
                let id = fork.free_id(&code, 128).ok_or_else(|| Error::limit("no free resource ID left"))?;
                added.push((id, pzl_macfile::macroman::decode(&stored)));
                fork.insert(code, pzl_macfile::Resource::new(id, Some(stored), data));
            }
        }
        file.set_fork(&fork)?;
        Ok(added)
    }
}
