//! Counts too big for one machine: `pzl solve P --count --shard K/N` counts shard `K` of a split
//! that depends only on the problem and `N` ([`crate::packer::Problem::count_shard`]: the search
//! tree cut into at least `max(4096, 16 N)` subtrees, subtree `i` going to shard `i mod N`) and
//! writes its report as JSON; [`merge`] checks a set of such results (same problem hash, same
//! `N`, same pzl version, every `K` exactly once, all finished) and adds them up exactly.

use std::fmt;

use pzl_core::Error;
use serde::Serialize;

/// The pzl version a shard records (shards of different versions may be cut differently).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// One shard's result, as read back from the JSON report `pzl solve --shard` writes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShardResult {
    /// The file it was read from.
    pub file: String,
    /// [`crate::packer::Problem::hash`] of the problem counted.
    pub problem_hash: String,
    /// The pzl version that counted it.
    pub pzl_version: String,
    /// The shard, from 0.
    pub k: u64,
    /// The number of shards.
    pub n: u64,
    /// Labelled solutions found.
    pub raw: u64,
    /// Share of the distinct solutions times `symmetries`.
    pub distinct_weight: u64,
    /// The order of the problem's symmetry group.
    pub symmetries: u64,
    /// Search nodes.
    pub nodes: u64,
    /// How many subtrees the search tree was cut into: the same for every shard of one split,
    /// unless they were counted by pzl builds whose searches prune differently.
    pub subtrees: u64,
    /// Counting time in milliseconds.
    pub time_ms: f64,
    /// The shard ran to the end (no timeout, no interruption).
    pub finished: bool,
    /// The count asked for distinct solutions (`--distinct`).
    pub distinct: bool,
}

impl ShardResult {
    /// Refuse a file of `len` bytes before reading it: a shard result is a few KB, so a larger
    /// one is not a shard result (and would only fill the memory).
    pub fn check_size(len: u64) -> Result<(), Error> {
        if len > MAX_SHARD_FILE as u64 {
            return Err(Error::syntax(format!(
                "not a shard result ({len} bytes; pzl's shard results are a few KB, and pzl reads at most {MAX_SHARD_FILE})"
            ))
            .hint("shard results are written by `pzl solve PROBLEM --count --shard K/N -o FILE`"));
        }
        Ok(())
    }

    /// Read the JSON report `pzl solve --count --shard K/N -o FILE` wrote. Only the fields a
    /// merge needs are built (others are skipped as they are read, never held as a tree), and a
    /// file larger than [`MAX_SHARD_FILE`] is refused: real ones are under 2 KB.
    pub fn from_json(bytes: &[u8], file: &str) -> Result<ShardResult, Error> {
        let not_shard = |why: &str| {
            Error::syntax(format!("not a shard result ({why})"))
                .in_file(file)
                .hint("shard results are written by `pzl solve PROBLEM --count --shard K/N -o FILE`")
        };
        Self::check_size(bytes.len() as u64).map_err(|e| e.in_file(file))?;
        #[derive(serde::Deserialize)]
        struct Facts {
            problem_hash: String,
            pzl_version: String,
            shard_k: u64,
            shard_n: u64,
            raw: u64,
            distinct_weight: u64,
            symmetries: u64,
            nodes: u64,
            subtrees: u64,
            finished: bool,
            #[serde(default)]
            distinct: bool,
        }
        #[derive(serde::Deserialize)]
        struct Wire {
            facts: Facts,
            #[serde(default)]
            time_ms: Option<f64>,
        }
        let wire: Wire = serde_json::from_slice(bytes).map_err(|e| {
            // serde's message quotes at most a short piece of the input.
            let why = e.to_string();
            let why: String = why.chars().take(200).collect();
            not_shard(&why)
        })?;
        let facts = wire.facts;
        Ok(ShardResult {
            file: file.to_string(),
            problem_hash: facts.problem_hash,
            pzl_version: facts.pzl_version,
            k: facts.shard_k,
            n: facts.shard_n,
            raw: facts.raw,
            distinct_weight: facts.distinct_weight,
            symmetries: facts.symmetries,
            nodes: facts.nodes,
            subtrees: facts.subtrees,
            time_ms: wire.time_ms.unwrap_or(0.0),
            finished: facts.finished,
            distinct: facts.distinct,
        })
    }
}

/// The largest shard result file [`ShardResult::from_json`] reads (1 MiB).
pub const MAX_SHARD_FILE: usize = 1 << 20;

/// A shard given more than once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Duplicate {
    /// The shard.
    pub k: u64,
    /// The files that hold it.
    pub files: Vec<String>,
}

/// The checked sum of a set of shard results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MergeReport {
    /// The problem (the first result's hash), if any result was given.
    pub problem_hash: Option<String>,
    /// The number of shards (the first result's `N`).
    pub n: Option<u64>,
    /// Results read.
    pub results: usize,
    /// Every shard present once, finished, of one problem: the totals are exact.
    pub complete: bool,
    /// Raw (labelled) solutions, summed over the results that belong.
    pub raw: u128,
    /// Distinct solutions (exact only when complete; `None` when the sum does not divide).
    pub distinct: Option<u128>,
    /// The shards asked for distinct solutions: `total` is `distinct`, else `raw`.
    pub distinct_requested: bool,
    /// The count to show.
    pub total: Option<u128>,
    /// Search nodes over all results.
    pub nodes: u128,
    /// Fewest, median and most nodes of one shard.
    pub nodes_spread: Option<(u64, u64, u64)>,
    /// Counting time over all results, in milliseconds.
    pub time_ms: f64,
    /// Shards of `0..N` with no result: run them.
    pub missing: Vec<u64>,
    /// Shards given more than once.
    pub duplicated: Vec<Duplicate>,
    /// Files of shards that did not finish: each is resumed with `--resume FILE`.
    pub unfinished: Vec<String>,
    /// Files of another problem, another `N`, another pzl version, or a `K` out of range,
    /// each with the reason.
    pub foreign: Vec<String>,
}

/// Check and add up shard results. The first result decides the problem, `N` and version; the
/// others must agree. The report is `complete` only when every `K` in `0..N` is there once and
/// finished and nothing is foreign.
pub fn merge(results: &[ShardResult]) -> MergeReport {
    let first = results.first();
    let mut report = MergeReport {
        problem_hash: first.map(|r| r.problem_hash.clone()),
        n: first.map(|r| r.n),
        results: results.len(),
        complete: false,
        raw: 0,
        distinct: None,
        distinct_requested: first.is_some_and(|r| r.distinct),
        total: None,
        nodes: 0,
        nodes_spread: None,
        time_ms: 0.0,
        missing: Vec::new(),
        duplicated: Vec::new(),
        unfinished: Vec::new(),
        foreign: Vec::new(),
    };
    let Some(first) = first else { return report };
    let n = first.n;
    let mut by_k: std::collections::BTreeMap<u64, Vec<&ShardResult>> = std::collections::BTreeMap::new();
    let mut distinct_weight: u128 = 0;
    let mut nodes = Vec::new();
    for r in results {
        let why = if r.problem_hash != first.problem_hash {
            Some(format!("another problem (hash {}, not {})", r.problem_hash, first.problem_hash))
        } else if r.n != n {
            Some(format!("shard {}/{} of another split (N = {}, not {n})", r.k, r.n, r.n))
        } else if r.pzl_version != first.pzl_version {
            Some(format!("counted by pzl {}, not {}", r.pzl_version, first.pzl_version))
        } else if r.subtrees != first.subtrees {
            Some(format!(
                "its search tree was cut into {} subtrees, not {} (a pzl build that prunes differently)",
                r.subtrees, first.subtrees
            ))
        } else if r.distinct != first.distinct {
            // Findings N20h: the total was the first file's kind of count, so the order of the
            // files decided it.
            let with = |d: bool| if d { "with --distinct" } else { "without --distinct" };
            Some(format!("counted {}, not {}", with(r.distinct), with(first.distinct)))
        } else if r.symmetries != first.symmetries {
            Some(format!("{} symmetries, not {}", r.symmetries, first.symmetries))
        } else if r.k >= n {
            Some(format!("shard {} of {n} does not exist", r.k))
        } else {
            None
        };
        if let Some(why) = why {
            report.foreign.push(format!("{}: {why}", r.file));
            continue;
        }
        by_k.entry(r.k).or_default().push(r);
        if !r.finished {
            report.unfinished.push(r.file.clone());
        }
        report.raw += u128::from(r.raw);
        distinct_weight += u128::from(r.distinct_weight);
        report.nodes += u128::from(r.nodes);
        report.time_ms += r.time_ms;
        nodes.push(r.nodes);
    }
    nodes.sort_unstable();
    if let (Some(&min), Some(&max)) = (nodes.first(), nodes.last()) {
        report.nodes_spread = Some((min, nodes[nodes.len() / 2], max));
    }
    for (&k, files) in &by_k {
        if files.len() > 1 {
            report.duplicated.push(Duplicate { k, files: files.iter().map(|r| r.file.clone()).collect() });
        }
    }
    // N may be huge: list at most this many missing shards.
    const MAX_LISTED: usize = 10_000;
    report.missing = (0..n).filter(|k| !by_k.contains_key(k)).take(MAX_LISTED).collect();
    report.complete = report.missing.is_empty()
        && report.duplicated.is_empty()
        && report.unfinished.is_empty()
        && report.foreign.is_empty();
    let symmetries = u128::from(first.symmetries.max(1));
    if distinct_weight.is_multiple_of(symmetries) {
        report.distinct = Some(distinct_weight / symmetries);
    }
    if report.complete {
        report.total = if report.distinct_requested { report.distinct } else { Some(report.raw) };
    }
    report
}

impl MergeReport {
    /// What is wrong, one line each (nothing when complete).
    pub fn problems(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if self.results == 0 {
            lines.push("no shard results given".to_string());
        }
        if !self.missing.is_empty() {
            let shown: Vec<String> = self.missing.iter().map(u64::to_string).collect();
            lines.push(format!("missing shards (run them): {}", shown.join(" ")));
        }
        for d in &self.duplicated {
            lines.push(format!("shard {} given {} times: {}", d.k, d.files.len(), d.files.join(", ")));
        }
        if !self.unfinished.is_empty() {
            lines.push(format!(
                "unfinished shards (resume each with `pzl solve PUZZLE --count --shard K/N --resume FILE`): {}",
                self.unfinished.join(", ")
            ));
        }
        for f in &self.foreign {
            lines.push(format!("does not belong: {f}"));
        }
        if self.complete && self.total.is_none() {
            lines.push("the distinct weights do not add up to whole solutions".to_string());
        }
        lines
    }
}

/// The total alone when complete (as `pzl solve --count` prints it); else what is wrong and the
/// partial sums.
impl fmt::Display for MergeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (true, Some(total)) = (self.complete, self.total) {
            return writeln!(f, "{total}");
        }
        // File names and hashes come from outside: escaped, so none drives the terminal.
        for line in self.problems() {
            writeln!(f, "{}", pzl_core::text::printable_name(&line))?;
        }
        writeln!(f, "partial raw count (a lower bound): {}", self.raw)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_file_too_large_for_a_shard_result_is_refused_by_its_size() {
        assert!(super::ShardResult::check_size(super::MAX_SHARD_FILE as u64).is_ok());
        let e = super::ShardResult::check_size(100 << 20).unwrap_err();
        assert!(e.message.starts_with("not a shard result (104857600 bytes"), "{e}");
    }

    use super::*;

    fn result(k: u64, n: u64) -> ShardResult {
        ShardResult {
            file: format!("shard-{k}.json"),
            problem_hash: "00000000000000aa".into(),
            pzl_version: VERSION.into(),
            k,
            n,
            raw: 8,
            distinct_weight: 8,
            symmetries: 4,
            nodes: 10 + k,
            subtrees: 4096,
            time_ms: 1.0,
            finished: true,
            distinct: false,
        }
    }

    #[test]
    fn adds_up_and_names_what_is_wrong() {
        let all: Vec<ShardResult> = (0..3).map(|k| result(k, 3)).collect();
        let merged = merge(&all);
        assert!(merged.complete);
        assert_eq!((merged.raw, merged.distinct, merged.total), (24, Some(6), Some(24)));
        assert_eq!(merged.nodes_spread, Some((10, 11, 12)));
        assert_eq!(merged.to_string(), "24\n");

        let missing = merge(&all[..2]);
        assert!(!missing.complete);
        assert_eq!(missing.missing, vec![2]);

        let mut twice = all.clone();
        twice.push(ShardResult { file: "again.json".into(), ..result(1, 3) });
        assert_eq!(merge(&twice).duplicated.len(), 1);

        let mut unfinished = all.clone();
        unfinished[2].finished = false;
        assert_eq!(merge(&unfinished).unfinished, vec!["shard-2.json".to_string()]);

        let mut foreign = all.clone();
        foreign[1].problem_hash = "bb".into();
        let merged = merge(&foreign);
        assert!(!merged.complete && merged.foreign.len() == 1 && merged.missing == vec![1]);

        // A shard counted by a build whose search cuts the tree differently.
        let mut recut = all.clone();
        recut[2].subtrees = 4100;
        let merged = merge(&recut);
        assert!(!merged.complete && merged.missing == vec![2], "{merged:?}");
        assert!(merged.foreign[0].contains("cut into 4100 subtrees, not 4096"), "{:?}", merged.foreign);

        // N20h: shards counted with and without --distinct do not add up, in either order.
        let mut mixed = all.clone();
        mixed[0].distinct = true;
        for files in [mixed.clone(), mixed.into_iter().rev().collect()] {
            let merged = merge(&files);
            assert!(!merged.complete && merged.total.is_none(), "{merged:?}");
            assert!(merged.foreign.iter().any(|f| f.contains("--distinct, not")), "{:?}", merged.foreign);
        }

        assert!(!merge(&[]).complete);
    }

    #[test]
    fn reads_only_shard_results() {
        assert!(ShardResult::from_json(b"{}", "x.json").is_err());
        assert!(ShardResult::from_json(b"not json", "x.json").is_err());
    }
}
