//! Converting: the format a document is written as for an output name, and the plan of a
//! collection conversion (a mirrored tree of outputs, names that would clash refused before
//! anything is written).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use pzl_core::Error;
use pzl_core::settings::mention;

use crate::input::{Walk, expand, shown};
use crate::{Document, Format};

/// The format to write called `name` (`--to`): a format's name without parameters (those are
/// read, not written).
pub fn format_named(name: &str) -> Result<Format, Error> {
    let open = crate::Open::from_name(name)?;
    if !open.params.is_empty() {
        return Err(Error::usage(format!(
            "{} {name}: parameters are read with {}, not written",
            mention("to"),
            mention("from")
        )));
    }
    open.from.ok_or_else(|| Error::usage(format!("unknown format `{name}`")))
}

/// The format `doc` is written as to `output` (not `-`): the one the name implies among the
/// document's kind's formats. A name another kind's format claims (`out.puz` for a Masyu
/// puzzle) is refused, saying so.
pub fn target_format(doc: &Document, output: &Path) -> Result<Format, Error> {
    let file_name = output.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if let Some(format) = doc.format_for_output(&file_name) {
        return Ok(format);
    }
    let formats = doc.writable_formats().join(", ");
    if let Some(other) = Format::claiming(&file_name).into_iter().find(|f| f.kind() != doc.kind()) {
        return Err(Error::usage(format!(
            "`{}` names a {} format ({}); a {} puzzle cannot be written as one",
            output.display(),
            other.kind(),
            other.name(),
            doc.kind()
        ))
        .hint(format!("the {} formats: {formats}", doc.kind())));
    }
    Err(Error::usage(format!("cannot tell which format to write to `{}`", output.display())).hint(format!(
        "name it with {}; the {} formats: {formats}",
        mention("to"),
        doc.kind()
    )))
}

/// A collection conversion, planned: each input with its output path relative to the output
/// folder, and what the walk of the input folders passed over.
#[derive(Debug, Default)]
pub struct Plan {
    /// `(input, output relative to the output folder)`, in the inputs' order.
    pub jobs: Vec<(PathBuf, PathBuf)>,
    /// What the walk and the naming found: folders that could not be read, files that are no
    /// puzzle, and warnings (`(path, message)`) in the order met.
    pub walk: Walk,
    output: PathBuf,
    out_real: Option<PathBuf>,
}

/// The plan of converting `inputs` (files and folders, not `-`) as `to` into the folder
/// `output`: a folder's files keep their path below it, a file named directly its name, the
/// extension changed to the target's. Where several inputs would share one output (`x.puz` and
/// `x.ipuz` both `x.xd`), each keeps its own extension too (`x.puz.xd`, with a warning). The
/// output folder itself is never walked. [`Plan::refuse_clashes`] says whether it can run.
pub fn plan(inputs: &[PathBuf], output: &Path, to: Format) -> Plan {
    let ext = to.info().extensions.first().copied().unwrap_or(to.name());
    // The output folder as the file system names it, when it exists: an input folder that holds
    // it does not walk into it (the outputs of an earlier run are not inputs of this one).
    let out_real = std::fs::canonicalize(output).ok();
    let mut plan = mirrored(inputs, out_real.as_deref());
    plan.jobs = output_names(output, std::mem::take(&mut plan.jobs), ext, &mut plan.walk.warnings);
    Plan { output: output.to_path_buf(), out_real, ..plan }
}

impl Plan {
    /// Refuse the plan, naming every pair, when outputs would be written twice or are inputs of
    /// the run: nothing is written then.
    pub fn refuse_clashes(&self) -> Result<(), Error> {
        let mut clashes = clashes(&self.output, self.out_real.as_deref(), &self.jobs);
        if clashes.is_empty() {
            return Ok(());
        }
        clashes.sort();
        Err(Error::usage(format!(
            "{} output{} clash; nothing was written: {}",
            clashes.len(),
            if clashes.len() == 1 { "" } else { "s" },
            crate::text::printable_name(&clashes.join("; "))
        ))
        .hint("convert the clashing inputs into separate folders, or rename one of each pair"))
    }
}

/// Each input with its path relative to the output folder.
fn mirrored(inputs: &[PathBuf], out_real: Option<&Path>) -> Plan {
    let mut plan = Plan::default();
    for root in inputs {
        if !root.is_dir() {
            let relative = root.file_name().map(PathBuf::from).unwrap_or_else(|| root.clone());
            plan.jobs.push((root.clone(), relative));
            continue;
        }
        // A file of the output folder is found by its real path: every file's when the output
        // folder lies inside this one, else only a symbolic link's (three system calls a file,
        // `getcwd` and `readlink`, saved on a folder of plain files).
        let holds_out =
            out_real.is_some_and(|out| std::fs::canonicalize(root).is_ok_and(|real| out.starts_with(real)));
        let walk = expand(std::slice::from_ref(root));
        for file in walk.files {
            if let Some(out) = out_real
                && (holds_out || file.is_symlink())
                && std::fs::canonicalize(&file).is_ok_and(|real| real.starts_with(out))
            {
                continue;
            }
            let relative = file.strip_prefix(root).map(Path::to_path_buf).unwrap_or_else(|_| file.clone());
            plan.jobs.push((file, relative));
        }
        plan.walk.unreadable.extend(walk.unreadable);
        plan.walk.skipped.extend(walk.skipped);
        plan.walk.warnings.extend(walk.warnings);
    }
    plan
}

/// Each input's output name: its relative path with the target's extension, or with its own
/// extension kept too where several inputs would share one output (warned about in `warnings`).
fn output_names(
    output: &Path,
    list: Vec<(PathBuf, PathBuf)>,
    ext: &str,
    warnings: &mut Vec<(String, String)>,
) -> Vec<(PathBuf, PathBuf)> {
    let plain = |relative: &Path| relative.with_extension(ext);
    let mut count: HashMap<PathBuf, usize> = HashMap::new();
    for (_, relative) in &list {
        *count.entry(plain(relative)).or_default() += 1;
    }
    let mut renamed: HashMap<PathBuf, Vec<String>> = HashMap::new();
    let list = list
        .into_iter()
        .map(|(file, relative)| {
            let default = plain(&relative);
            if count[&default] <= 1 || relative.extension().is_none() {
                return (file, default);
            }
            let mut name = relative.into_os_string();
            name.push(".");
            name.push(ext);
            let target = PathBuf::from(name);
            let moved = format!("{} -> {}", shown(&file), shown(&output.join(&target)));
            renamed.entry(default).or_default().push(moved);
            (file, target)
        })
        .collect();
    let mut renamed: Vec<_> = renamed.into_iter().collect();
    renamed.sort();
    for (default, moves) in renamed {
        let message = format!(
            "{} inputs would share this output; each keeps its extension: {}",
            moves.len(),
            moves.join(", ")
        );
        warnings.push((shown(&output.join(default)), message));
    }
    list
}

/// The outputs that would be written twice, or that are inputs of the run, each in words.
fn clashes(output: &Path, out_real: Option<&Path>, list: &[(PathBuf, PathBuf)]) -> Vec<String> {
    let mut by_target: HashMap<&Path, Vec<&Path>> = HashMap::new();
    for (file, target) in list {
        by_target.entry(target.as_path()).or_default().push(file.as_path());
    }
    let mut clashes: Vec<String> = by_target
        .iter()
        .filter(|(_, files)| files.len() > 1)
        .map(|(target, files)| {
            let files: Vec<String> = files.iter().map(|f| shown(f)).collect();
            format!("{} would be written from {}", shown(&output.join(target)), files.join(" and "))
        })
        .collect();
    // An output that is an input of the same run would be replaced before it is read.
    if let Some(out) = out_real {
        let inputs: HashSet<PathBuf> =
            list.iter().filter_map(|(file, _)| std::fs::canonicalize(file).ok()).collect();
        for (file, target) in list {
            if inputs.contains(&out.join(target)) {
                let target = shown(&output.join(target));
                clashes.push(format!("{target} (from {}) is an input of this run", shown(file)));
            }
        }
    }
    clashes
}
