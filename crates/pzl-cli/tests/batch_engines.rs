//! The batch-engine examples in `examples/`: the Slurm scripts (run through a stand-in `sbatch`
//! that runs each array task here with the variables Slurm sets) and the Kubernetes Indexed Job
//! (its shard command run for every completion index) add up to the one-process count.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{pzl, s, stderr, stdout, write};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

/// A PATH with the `pzl` under test first.
fn path_with_pzl(extra: &Path) -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_pzl")).parent().unwrap().to_path_buf();
    format!("{}:{}:{}", extra.display(), bin.display(), std::env::var("PATH").unwrap_or_default())
}

/// A stand-in for `sbatch`: `--array=0-M` runs the script once per task with
/// `SLURM_ARRAY_TASK_ID` set (Slurm's own variable) and prints a job id; otherwise it runs the
/// script once (the dependent merge), as Slurm would after the array ended.
const FAKE_SBATCH: &str = r#"#!/usr/bin/env bash
set -u
script="${@: -1}"
array=""
for a in "$@"; do case "$a" in --array=*) array="${a#--array=}";; esac; done
if [ -n "$array" ]; then
  for k in $(seq "${array%-*}" "${array#*-}"); do
    SLURM_ARRAY_JOB_ID=41 SLURM_ARRAY_TASK_ID=$k bash "$script" || echo "task $k failed" >&2
  done
  echo 41
else
  bash "$script"
fi
"#;

#[test]
fn the_slurm_array_scripts_add_up_to_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join("bin");
    std::fs::create_dir(&fake).unwrap();
    let sbatch = write(&fake, "sbatch", FAKE_SBATCH);
    Command::new("chmod").arg("+x").arg(&sbatch).status().unwrap();
    let problem = examples().join("poly/pent-6x10.pack");
    let run = Command::new(examples().join("slurm/submit"))
        .args([s(&problem), "5", "--distinct"])
        .current_dir(dir.path())
        .env("PATH", path_with_pzl(&fake))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert_eq!(stdout(&run).trim(), "2339", "the merge prints the distinct total");
    assert!(dir.path().join("results/shard-4.json").is_file());

    // A lost shard is named by the merge, which exits 1; re-running just it completes the count.
    std::fs::remove_file(dir.path().join("results/shard-2.json")).unwrap();
    let merge = Command::new("bash")
        .arg(examples().join("slurm/merge.sbatch"))
        .current_dir(dir.path())
        .env("PATH", path_with_pzl(&fake))
        .output()
        .unwrap();
    assert_eq!(merge.status.code(), Some(1), "{}", stdout(&merge));
    assert!(format!("{}{}", stdout(&merge), stderr(&merge)).contains('2'));
    let again = Command::new("bash")
        .arg(examples().join("slurm/count.sbatch"))
        .current_dir(dir.path())
        .env("PATH", path_with_pzl(&fake))
        .env("PZL_PROBLEM", &problem)
        .env("PZL_SHARDS", "5")
        .env("PZL_COUNT_FLAGS", "--distinct")
        .env("SLURM_ARRAY_TASK_ID", "2")
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    let total = pzl(&[
        "merge",
        s(&dir.path().join("results/shard-0.json")),
        s(&dir.path().join("results/shard-1.json")),
        s(&dir.path().join("results/shard-2.json")),
        s(&dir.path().join("results/shard-3.json")),
        s(&dir.path().join("results/shard-4.json")),
    ]);
    assert_eq!(stdout(&total).trim(), "2339", "{}", stderr(&total));
}

#[test]
fn the_kubernetes_indexed_job_maps_each_completion_index_to_one_shard() {
    let manifest = std::fs::read_to_string(examples().join("kubernetes/count-job.yaml")).unwrap();
    assert!(manifest.contains("kind: Job") && manifest.contains("completionMode: Indexed"));
    let completions: u64 = manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("completions: "))
        .and_then(|n| n.trim().parse().ok())
        .expect("completions: N");
    let command = manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("- pzl solve "))
        .map(|rest| format!("pzl solve {rest}"))
        .expect("the shard command");
    assert!(
        command.contains(&format!("--shard \"$JOB_COMPLETION_INDEX/{completions}\"")),
        "the shard count matches completions: {command}"
    );
    assert!(manifest.contains("mountPath: /results") && manifest.contains("mountPath: /problem"));

    // Every pod's command, as Kubernetes runs it (`sh -c`), with the volumes as folders here.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("results")).unwrap();
    let problem = examples().join("poly/pent-6x10.pack");
    let local = command
        .replace("/problem/problem.pack", s(&problem))
        .replace("/results", s(&dir.path().join("results")));
    for index in 0..completions {
        let run = Command::new("sh")
            .args(["-c", &local])
            .env("JOB_COMPLETION_INDEX", index.to_string())
            .env("PATH", path_with_pzl(dir.path()))
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(0), "index {index}: {}", stderr(&run));
    }
    let files: Vec<String> = (0..completions)
        .map(|k| dir.path().join(format!("results/shard-{k}.json")).display().to_string())
        .collect();
    let args: Vec<&str> = std::iter::once("merge").chain(files.iter().map(String::as_str)).collect();
    let total = pzl(&args);
    assert_eq!(stdout(&total).trim(), "2339", "{}", stderr(&total));
}
