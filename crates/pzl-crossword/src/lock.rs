//! Locking (scrambling) and unlocking of `.puz` solutions with a four-digit key, as Across Lite
//! does it (the algorithm Mike Richards reverse-engineered), and unlocking without the key by
//! trying all 10,000 keys and ranking the ones the 16-bit checksum admits.
//!
//! Only the letters of the solution are scrambled: read column by column, blocks (`.`, `:`)
//! skipped. Rebus tables stay in clear. Every change recomputes the header checksums and nothing
//! else, so unlocking and relocking with the same key gives back the original bytes.

use crate::checksum::cksum;
use crate::raw::{PuzFile, STATE_LOCKED, STATE_NO_SOLUTION, off};

/// The fewest letters a solution must have to be locked (shorter ones do not unscramble).
pub const MIN_LETTERS: usize = 12;
/// Keys run from 0000 to 9999.
pub const KEY_COUNT: u16 = 10_000;

/// Why a solution cannot be locked or unlocked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LockError {
    #[error("key {0} is not a four-digit key (0000-9999)")]
    /// The key is above 9999.
    BadKey(u16),
    #[error("the puzzle is already locked")]
    /// Locking a puzzle that is locked.
    AlreadyLocked,
    #[error("the puzzle is not locked")]
    /// Unlocking a puzzle that is not locked.
    NotLocked,
    #[error("the puzzle has no solution to lock (solution state 0x0002)")]
    /// Locking a puzzle published without a solution.
    NoSolution,
    #[error("the solution has {0} letters; locking needs at least {MIN_LETTERS}")]
    /// Fewer letters than [`MIN_LETTERS`].
    TooFewLetters(usize),
    #[error("the solution holds {found:?} at row {row}, column {col}; only the letters A-Z can be locked")]
    /// A cell of the solution is not a letter A-Z.
    NotALetter {
        /// The row, from 1.
        row: usize,
        /// The column, from 1.
        col: usize,
        /// What is there instead of a letter.
        found: char,
    },
    #[error("key {0:04} does not unlock this puzzle (the scrambled checksum does not match)")]
    /// The key does not give back the solution's checksum.
    WrongKey(u16),
    #[error("no key from 0000 to 9999 unlocks this puzzle")]
    /// Brute force found no key.
    NoKey,
}

/// A key the scrambled checksum accepts, with how English-like its solution reads.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// The key, 0000 to 9999.
    pub key: u16,
    /// Mean log-probability of the solution's letters under English letter frequencies
    /// (higher is more plausible; real solutions score about -3.0, gibberish about -3.3).
    pub plausibility: f64,
    /// Across Lite never generates keys with a 0 digit, so such keys rank lower on a tie.
    pub has_zero_digit: bool,
}

impl std::fmt::Display for Candidate {
    /// `7844 (plausibility -3.012)`, with `, has a 0 digit` when it has one.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:04} (plausibility {:.3}{})",
            self.key,
            self.plausibility,
            if self.has_zero_digit { ", has a 0 digit" } else { "" }
        )
    }
}

fn digits(key: u16) -> [u8; 4] {
    [(key / 1000 % 10) as u8, (key / 100 % 10) as u8, (key / 10 % 10) as u8, (key % 10) as u8]
}

fn check_key(key: u16) -> Result<[u8; 4], LockError> {
    if key >= KEY_COUNT {
        return Err(LockError::BadKey(key));
    }
    Ok(digits(key))
}

fn is_block(b: u8) -> bool {
    b == b'.' || b == b':'
}

/// Indices of the solution's non-block cells, column by column.
fn letter_positions(file: &PuzFile) -> Vec<usize> {
    let (w, h) = (file.width(), file.height());
    (0..w)
        .flat_map(|c| (0..h).map(move |r| r * w + c))
        .filter(|&i| file.solution.get(i).is_some_and(|&b| !is_block(b)))
        .collect()
}

/// The solution's non-block cells, column by column, as stored (no letter check): what the
/// scrambled checksum is computed over (used by the Python bindings' `check_answers`).
pub fn letters_of_solution(file: &PuzFile) -> Vec<u8> {
    letter_positions(file).into_iter().filter_map(|i| file.solution.get(i).copied()).collect()
}

/// The letters at `positions`, or where a non-letter is.
fn letters_at(file: &PuzFile, grid: &[u8], positions: &[usize]) -> Result<Vec<u8>, LockError> {
    let w = file.width().max(1);
    positions
        .iter()
        .map(|&i| match grid.get(i) {
            Some(&b) if b.is_ascii_uppercase() => Ok(b),
            other => Err(LockError::NotALetter {
                row: i / w + 1,
                col: i % w + 1,
                found: other.map_or('?', |&b| char::from(b)),
            }),
        })
        .collect()
}

/// Scramble upper-case letters in place with `key`'s digits.
pub fn scramble(letters: &mut Vec<u8>, key: u16) -> Result<(), LockError> {
    let k = check_key(key)?;
    let n = letters.len();
    if n == 0 {
        return Ok(());
    }
    for &round_digit in &k {
        for (j, l) in letters.iter_mut().enumerate() {
            *l = b'A' + (*l - b'A' + k[j % 4]) % 26;
        }
        letters.rotate_left(usize::from(round_digit) % n);
        let m = n / 2;
        let mut mixed = Vec::with_capacity(n);
        for j in 0..m {
            mixed.push(letters[m + j]);
            mixed.push(letters[j]);
        }
        if n % 2 == 1 {
            mixed.push(letters[n - 1]);
        }
        *letters = mixed;
    }
    Ok(())
}

/// Undo [`scramble`] with the same key.
pub fn unscramble(letters: &mut Vec<u8>, key: u16) -> Result<(), LockError> {
    let k = check_key(key)?;
    let n = letters.len();
    if n == 0 {
        return Ok(());
    }
    for &round_digit in k.iter().rev() {
        let mut unmixed: Vec<u8> = letters.iter().skip(1).step_by(2).copied().collect();
        unmixed.extend(letters.iter().step_by(2));
        *letters = unmixed;
        letters.rotate_right(usize::from(round_digit) % n);
        for (j, l) in letters.iter_mut().enumerate() {
            *l = b'A' + (*l - b'A' + 26 - k[j % 4]) % 26;
        }
    }
    Ok(())
}

/// Scramble (or, with `undo`, unscramble) a solution grid of `width` × `height` cells in the
/// `.puz` way: its non-block cells, read column by column, go through [`scramble`] and are put
/// back where they were. What puzpy's `scramble_solution` / `unscramble_solution` do, without a
/// whole file around the grid.
pub fn scramble_grid(
    grid: &[u8],
    width: usize,
    height: usize,
    key: u16,
    undo: bool,
) -> Result<Vec<u8>, LockError> {
    let positions: Vec<usize> = (0..width)
        .flat_map(|c| (0..height).map(move |r| r * width + c))
        .filter(|&i| grid.get(i).is_some_and(|&b| !is_block(b)))
        .collect();
    let mut letters = Vec::with_capacity(positions.len());
    for &i in &positions {
        match grid.get(i) {
            Some(&b) if b.is_ascii_uppercase() => letters.push(b),
            other => {
                return Err(LockError::NotALetter {
                    row: i / width.max(1) + 1,
                    col: i % width.max(1) + 1,
                    found: other.map_or('?', |&b| char::from(b)),
                });
            }
        }
    }
    if undo {
        unscramble(&mut letters, key)?;
    } else {
        scramble(&mut letters, key)?;
    }
    let mut out = grid.to_vec();
    put_back(&mut out, &positions, &letters);
    Ok(out)
}

/// The checksum Across Lite stores at 0x1E for a solution with these letters.
pub fn scrambled_checksum(letters: &[u8]) -> u16 {
    cksum(letters, 0)
}

fn put_back(grid: &mut [u8], positions: &[usize], letters: &[u8]) {
    for (&i, &l) in positions.iter().zip(letters) {
        if let Some(cell) = grid.get_mut(i) {
            *cell = l;
        }
    }
}

impl PuzFile {
    /// Lock the solution with `key` (0000-9999).
    pub fn lock(&mut self, key: u16) -> Result<(), LockError> {
        check_key(key)?;
        if self.is_locked() {
            return Err(LockError::AlreadyLocked);
        }
        if self.solution_state() & STATE_NO_SOLUTION != 0 {
            return Err(LockError::NoSolution);
        }
        let positions = letter_positions(self);
        let mut letters = letters_at(self, &self.solution, &positions)?;
        if letters.len() < MIN_LETTERS {
            return Err(LockError::TooFewLetters(letters.len()));
        }
        let plain_checksum = scrambled_checksum(&letters);
        scramble(&mut letters, key)?;
        put_back(&mut self.solution, &positions, &letters);
        let state = self.solution_state() | STATE_LOCKED;
        self.set_u16(off::SOLUTION_STATE, state);
        self.set_u16(off::SCRAMBLED, plain_checksum);
        self.update_header_checksums();
        Ok(())
    }

    /// Unlock the solution with `key`; fails, changing nothing, when the key is wrong.
    pub fn unlock(&mut self, key: u16) -> Result<(), LockError> {
        check_key(key)?;
        if !self.is_locked() {
            return Err(LockError::NotLocked);
        }
        let positions = letter_positions(self);
        let mut letters = letters_at(self, &self.solution, &positions)?;
        if letters.len() < MIN_LETTERS {
            return Err(LockError::TooFewLetters(letters.len()));
        }
        unscramble(&mut letters, key)?;
        if scrambled_checksum(&letters) != self.scrambled_checksum() {
            return Err(LockError::WrongKey(key));
        }
        put_back(&mut self.solution, &positions, &letters);
        let state = self.solution_state() & !STATE_LOCKED;
        self.set_u16(off::SOLUTION_STATE, state);
        self.set_u16(off::SCRAMBLED, 0);
        self.update_header_checksums();
        Ok(())
    }

    /// Every key that unlocks the puzzle, most plausible first.
    pub fn unlock_candidates(&self) -> Result<Vec<Candidate>, LockError> {
        if !self.is_locked() {
            return Err(LockError::NotLocked);
        }
        let positions = letter_positions(self);
        let letters = letters_at(self, &self.solution, &positions)?;
        if letters.len() < MIN_LETTERS {
            return Err(LockError::TooFewLetters(letters.len()));
        }
        let mut candidates: Vec<Candidate> = matching_keys(&letters, self.scrambled_checksum())
            .into_iter()
            .map(|key| {
                let mut plain = letters.clone();
                // The key is in range and the length checked: unscrambling cannot fail.
                let _ = unscramble(&mut plain, key);
                Candidate {
                    key,
                    plausibility: plausibility(&plain),
                    has_zero_digit: digits(key).contains(&0),
                }
            })
            .collect();
        candidates.sort_by(|a, b| {
            b.plausibility
                .total_cmp(&a.plausibility)
                .then(a.has_zero_digit.cmp(&b.has_zero_digit))
                .then(a.key.cmp(&b.key))
        });
        Ok(candidates)
    }

    /// Whether a complete upper-case fill matches the locked solution (through the scrambled
    /// checksum). `None` when the fill is not complete or not all letters.
    pub fn locked_fill_matches(&self) -> Option<bool> {
        let positions = letter_positions(self);
        let letters = letters_at(self, &self.fill, &positions).ok()?;
        Some(scrambled_checksum(&letters) == self.scrambled_checksum())
    }
}

/// Every key whose unscrambling of `letters` (upper case, at least [`MIN_LETTERS`]) has the
/// checksum `target`, in increasing order.
///
/// The four rounds of one key are done as gathers through precomputed index tables (one per
/// rotation amount), on letters held as 0..26, so a key costs about 5 passes over the letters.
pub fn matching_keys(letters: &[u8], target: u16) -> Vec<u16> {
    let n = letters.len();
    if n < MIN_LETTERS {
        return Vec::new();
    }
    let m = n / 2;
    // gather[r][p]: where position p of a round's output comes from, for rotation r.
    let gather: Vec<Vec<u16>> = (0..10)
        .map(|r| {
            (0..n)
                .map(|p| {
                    let q = (p + n - r) % n;
                    (if q < m { 2 * q + 1 } else { 2 * (q - m) }) as u16
                })
                .collect()
        })
        .collect();
    // sub[v + 26 - d] = (v - d) mod 26 for v < 26, d < 10.
    let sub: Vec<u8> = (0..52u8).map(|x| x % 26).collect();
    let input: Vec<u8> = letters.iter().map(|&b| b - b'A').collect();
    let try_keys = |keys: std::ops::Range<u16>| {
        let mut a = vec![0u8; n];
        let mut b = vec![0u8; n];
        let mut found = Vec::new();
        for key in keys {
            let k = digits(key);
            // 26 - digit for the four positions of the repeating pattern.
            let minus = [26 - k[0], 26 - k[1], 26 - k[2], 26 - k[3]];
            a.copy_from_slice(&input);
            for round in (1..4).rev() {
                let table = &gather[usize::from(k[round])];
                for (p, (out, &src)) in b.iter_mut().zip(table).enumerate() {
                    *out = sub[usize::from(a[usize::from(src)] + minus[p & 3])];
                }
                std::mem::swap(&mut a, &mut b);
            }
            // The last round feeds the checksum directly.
            let table = &gather[usize::from(k[0])];
            let c = table.iter().enumerate().fold(0u16, |c, (p, &src)| {
                let v = sub[usize::from(a[usize::from(src)] + minus[p & 3])];
                c.rotate_right(1).wrapping_add(u16::from(v + b'A'))
            });
            if c == target {
                found.push(key);
            }
        }
        found
    };
    // Split the keys over the available cores; the parts are independent.
    let parts = std::thread::available_parallelism().map_or(1, |p| p.get()).clamp(1, 8) as u16;
    let step = KEY_COUNT.div_ceil(parts);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..parts)
            .map(|i| {
                let range = i * step..((i + 1) * step).min(KEY_COUNT);
                let try_keys = &try_keys;
                scope.spawn(move || try_keys(range))
            })
            .collect();
        // A part cannot panic (every index is in range); if one did, only its keys would be lost.
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    })
}

/// Mean log-probability of `letters` under English letter frequencies.
pub fn plausibility(letters: &[u8]) -> f64 {
    // Per-mille frequencies of A..Z in English text.
    const FREQ: [f64; 26] = [
        81.7, 14.9, 27.8, 42.5, 127.0, 22.3, 20.2, 60.9, 69.7, 1.5, 7.7, 40.3, 24.1, 67.5, 75.1, 19.3, 1.0,
        59.9, 63.3, 90.6, 27.6, 9.8, 23.6, 1.5, 19.7, 0.7,
    ];
    if letters.is_empty() {
        return f64::NEG_INFINITY;
    }
    let total: f64 = letters
        .iter()
        .map(|&l| FREQ.get(usize::from(l.wrapping_sub(b'A'))).map_or(-10.0, |f| (f / 1000.0).ln()))
        .sum();
    total / letters.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scrambled(text: &str, key: u16) -> String {
        let mut l = text.as_bytes().to_vec();
        scramble(&mut l, key).unwrap();
        String::from_utf8(l).unwrap()
    }

    #[test]
    fn string_vectors_from_the_notes() {
        assert_eq!(scrambled("AEBFCDG", 1234), "MLOOPKJ");
        let a = |n| "A".repeat(n);
        for (input, key, expected) in [
            (a(12), 1000, "BBABBACBADBB"),
            (a(12), 100, "CAABAACCBBCB"),
            (a(12), 10, "CABBBCBBCABA"),
            (a(12), 1, "CABCABBBCCAA"),
            (a(12), 9999, "KKKKKKKKKKKK"),
            (a(16), 1000, "DDBCBBABCBAABAAA"),
            (a(16), 100, "ABCCBCCCAABCAAAB"),
            (a(16), 10, "BBBACDBBABAABCBB"),
            (a(16), 1, "AABABBCABADBDCAB"),
            (a(13), 1000, "BBABBACBADBBE"),
            (a(15), 100, "ABABBBACCCBCCBA"),
            (a(17), 10, "BBBACDBBABAABCBBA"),
            (a(19), 1, "AABADBBBAADCACAAABB"),
        ] {
            assert_eq!(scrambled(&input, key), expected, "{} letters, key {key:04}", input.len());
        }
    }

    #[test]
    fn the_long_vector_from_the_notes() {
        let plain = "FLAGFOCISALUTEARLRAINALONESPEAKOFTHEDEVILSPADEYAPSETETEASLEOLEXSITONTHEFENCEASHSOAPGOTONGLIBPHOTOOTTOAESOPCIRCEINSTAYTHECOURSEEPIROWRAMPCODTREEISLIPOBEDIENCESCHOOLLOUIETHEEOCTOEXPOSYOGATHAW";
        assert_eq!(
            scrambled(plain, 0),
            "REUEPOEOEUCAXHOFOFTEGNNTDIIPPELLWEEIOECOEERSOCEARNASTSEOVTCESOXGACRLOPSTIHETYUSFMELINECTLEIEORIOPARPGAHOSENTGSTCCSAOLKOAPOSEAEOIOHIBIOOEACTATENSDSNEBFLSDTASHPTATOADPTLOEOYLAIHLRALIHHOPYETEW"
        );
        let locked = scrambled(plain, 7294);
        assert_eq!(
            locked,
            "BHYEQWEJDFPCWKGECJEGWUAYTVOYRWDHJPYKFEEQRZLXLXTJMQCOCROYRTALHPWVGQETRPLFKTUPCYBXJSCDDTBMYZBAKXQLJNXCJLVFRHHXAWGGPJYBJJKDRHAHIHMKIBJTNHDPBNPFCGROEGHUYNAIHRWPWSAGQELEKZWOOZWPTPERRNMKCSIHITPSC"
        );
        let mut back = locked.into_bytes();
        unscramble(&mut back, 7294).unwrap();
        assert_eq!(back, plain.as_bytes());
        let keys = matching_keys(scrambled(plain, 7294).as_bytes(), scrambled_checksum(plain.as_bytes()));
        assert!(keys.contains(&7294));
    }

    #[test]
    fn four_by_four_grid_vectors_with_checksums() {
        // Grids are scrambled column by column, blocks skipped.
        fn grid(rows: &str, key: u16) -> (String, u16) {
            let cells = rows.as_bytes();
            let positions: Vec<usize> =
                (0..4).flat_map(|c| (0..4).map(move |r| r * 4 + c)).filter(|&i| cells[i] != b'.').collect();
            let mut letters: Vec<u8> = positions.iter().map(|&i| cells[i]).collect();
            let sum = scrambled_checksum(&letters);
            scramble(&mut letters, key).unwrap();
            let mut out = cells.to_vec();
            put_back(&mut out, &positions, &letters);
            (String::from_utf8(out).unwrap(), sum)
        }
        assert_eq!(grid("ABCDEFGHIJKLMNOP", 9999), ("ZLMNKPOQSTUVWXYR".to_string(), 7));
        assert_eq!(grid("ABCDEFGHIJKL.NO.", 9999), ("MQTYUPKNRLVO.SX.".to_string(), 64907));
    }

    #[test]
    fn english_scores_above_gibberish() {
        assert!(plausibility(b"LAKEONTARIOSTEAMHEAT") > plausibility(b"QXZJKWVQZXJKQWZXVJQK"));
    }
}
