//! Unlocking an Across Lite crossword (`crossword unlock` on the command line, `unlock()` in
//! Python): with its key, or with the most plausible of the 10,000 keys.

use pzl_core::Error;

use crate::Document;
use crate::kinds::crossword::{self, Candidate};

/// A crossword unlocked ([`unlock`]).
pub struct Unlocked {
    /// The crossword with its solution in the clear.
    pub doc: Document,
    /// The key used.
    pub key: u16,
    /// When no key was given: the key found, and the weaker candidates after it.
    pub found: Vec<Candidate>,
}

/// The crossword `doc` unlocked with `key`, or when none is given with the most plausible key
/// of all 10,000; `None` when no key unlocks it.
pub fn unlock(doc: &Document, key: Option<u16>) -> Result<Option<Unlocked>, Error> {
    let (key, found) = match key {
        Some(key) => (key, Vec::new()),
        None => {
            let candidates = crossword::unlock_candidates(doc)?;
            let Some(best) = candidates.first() else { return Ok(None) };
            (best.key, candidates)
        }
    };
    Ok(Some(Unlocked { doc: crossword::unlock(doc, key)?, key, found }))
}
