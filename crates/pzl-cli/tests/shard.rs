//! `pzl solve --count --shard K/N -o FILE` and `pzl merge`: the shards of a count add up to the
//! one-process count, run by hand and through GNU parallel (when installed); the merge names a
//! missing, duplicated or unfinished shard and exits 1; other kinds refuse `--shard`.

mod common;
use common::{pzl, s, stderr, stdout, write};

/// The 12 pentominoes on 6x10: 9,356 labelled packings, 2,339 up to symmetry.
fn pent_6x10() -> String {
    common::pack("pentominoes 6x10", 10, 6, &common::PENTOMINOES)
}

/// Levner's 6x6 square (MacPoly's figure 3): 48 packings, 6 up to symmetry.
const SQUARE: &str = "pzl-pack 1\ntitle 6 x 6 Square\nflips yes\n\nboard\n######\n######\n######\n\
    ######\n######\n######\n\npiece a x2\n#.#.\n####\n###.\n\npiece b x2\n.#.#\n####\n.###\n";

fn count(problem: &str, extra: &[&str]) -> String {
    let out = pzl(&[&["solve", problem, "--count"], extra].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    stdout(&out)
}

#[test]
fn shards_written_by_hand_merge_to_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.pack", SQUARE);
    let p = s(&square);
    for distinct in [false, true] {
        let extra: &[&str] = if distinct { &["--distinct"] } else { &[] };
        let mut files = Vec::new();
        for k in 0..3 {
            let file = dir.path().join(format!("shard-{k}.json"));
            let shard = format!("{k}/3");
            let out = pzl(&[&["solve", p, "--count", "--shard", &shard, "-o", s(&file)], extra].concat());
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            files.push(file);
        }
        let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&files[1]).unwrap()).unwrap();
        for key in [
            "problem_hash",
            "pzl_version",
            "shard_k",
            "shard_n",
            "raw",
            "distinct_weight",
            "nodes",
            "finished",
        ] {
            assert!(json["facts"].get(key).is_some(), "{key}: {json}");
        }
        assert!(json.get("time_ms").is_some());
        let names: Vec<&str> = files.iter().map(|f| s(f)).collect();
        let out = pzl(&[&["merge"], names.as_slice()].concat());
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(stdout(&out), count(p, extra));

        // Shard 2 missing, shard 0 twice: named, exit 1.
        let out = pzl(&["merge", names[0], names[0], names[1]]);
        assert_eq!(out.status.code(), Some(1));
        let shown = stdout(&out);
        assert!(shown.contains("missing shards (run them): 2"), "{shown}");
        assert!(shown.contains("shard 0 given 2 times"), "{shown}");
        let out = pzl(&["merge", "--json", names[0], names[1]]);
        assert_eq!(out.status.code(), Some(1));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["missing"], serde_json::json!([2]));
    }

    // A shard stopped by its timeout is written, says so, and the merge names it.
    let slow = write(dir.path(), "slow.pack", pent_6x10());
    let unfinished = dir.path().join("unfinished.json");
    let out =
        pzl(&["solve", s(&slow), "--count", "--shard", "0/1", "--timeout", "0.001", "-o", s(&unfinished)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let out = pzl(&["merge", s(&unfinished)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains(
            "unfinished shards (resume each with `pzl solve PUZZLE --count --shard K/N --resume FILE`)"
        ),
        "{}",
        stdout(&out)
    );

    // Not a shard result; a bad K/N; another kind.
    let out = pzl(&["merge", p]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("not a shard result"), "{}", stderr(&out));
    for bad in ["3/3", "1", "a/b", "0/0"] {
        let out = pzl(&["solve", p, "--count", "--shard", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stderr(&out));
    }
    let masyu = write(dir.path(), "m.txt", "4 4\n.W..\n....\n..B.\n....\n");
    let out = pzl(&["solve", s(&masyu), "--count", "--shard", "0/2"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--shard splits polyomino counts"), "{}", stderr(&out));
}

/// `parallel pzl solve P --count --shard {}/N -o DIR/shard-{}.json ::: $(seq 0 N-1)`, then
/// `pzl merge`, gives `pzl solve P --count`.
#[test]
fn gnu_parallel_runs_the_shards() {
    let found = std::process::Command::new("parallel").arg("--version").output();
    if !found.is_ok_and(|o| o.status.success()) {
        // CI sets PZL_REQUIRE_PARALLEL=1: there the run must happen.
        assert!(std::env::var_os("PZL_REQUIRE_PARALLEL").is_none(), "GNU parallel is not installed");
        println!("skipped: GNU parallel is not installed (apt-get install -y parallel)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let problem = write(dir.path(), "pent-6x10.pack", pent_6x10());
    let n = 7;
    let out = std::process::Command::new("parallel")
        .args(["--will-cite", "--halt", "now,fail=1", "-j", "2"])
        .arg(env!("CARGO_BIN_EXE_pzl"))
        .args(["solve", s(&problem), "--count", "--distinct", "--shard", &format!("{{}}/{n}"), "-o"])
        .arg(dir.path().join("shard-{}.json"))
        .arg(":::")
        .args((0..n).map(|k| k.to_string()))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let files: Vec<String> =
        (0..n).map(|k| s(&dir.path().join(format!("shard-{k}.json"))).to_string()).collect();
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    let out = pzl(&[&["merge"], names.as_slice()].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), count(s(&problem), &["--distinct"]));
    assert_eq!(stdout(&out), "2339\n");
}

/// `--timeout` stops a shard count with an unfinished result that `--resume` continues: resumed
/// again and again, it ends with exactly the one-process count. Ctrl-C (SIGINT to a real
/// process) does the same. A resume file of another problem is refused, naming it. (Each run
/// has 1 s: a debug build spends about 0.2 s setting up the cut before counting, more on a busy
/// machine, and a shorter timeout left some runs counting nothing.)
#[test]
fn an_interrupted_shard_resumes_to_the_same_count() {
    let dir = tempfile::tempdir().unwrap();
    let problem = write(dir.path(), "pent.pack", pent_6x10());
    let p = s(&problem);
    let mut previous: Option<std::path::PathBuf> = None;
    let mut unfinished_runs = 0;
    for run in 0..200 {
        let file = dir.path().join(format!("run-{run}.json"));
        let mut args = vec!["solve", p, "--count", "--shard", "0/1", "--timeout", "1", "-o", s(&file)];
        if let Some(earlier) = &previous {
            args.extend(["--resume", s(earlier)]);
        }
        let out = pzl(&args);
        let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
        previous = Some(file);
        match out.status.code() {
            Some(0) => {
                assert_eq!(json["facts"]["finished"], true);
                break;
            }
            Some(1) => {
                unfinished_runs += 1;
                assert_eq!(json["facts"]["finished"], false, "{json}");
                assert!(json["facts"]["done_subtrees"].is_array(), "{json}");
                assert!(stderr(&out).contains("go on with --resume"), "{}", stderr(&out));
            }
            other => panic!("exit {other:?}: {}", stderr(&out)),
        }
    }
    let last = previous.unwrap();
    let merged = pzl(&["merge", s(&last)]);
    assert_eq!(merged.status.code(), Some(0), "{}", stderr(&merged));
    assert_eq!(stdout(&merged), "9356\n");
    println!("{unfinished_runs} unfinished runs before the last");

    // A resume file of another problem: exit 2, the file named, nothing written.
    let square = write(dir.path(), "square.pack", SQUARE);
    let unfinished = dir.path().join("unfinished.json");
    let first = pzl(&["solve", p, "--count", "--shard", "0/1", "--timeout", "0.05", "-o", s(&unfinished)]);
    if first.status.code() == Some(1) {
        let out_file = dir.path().join("never.json");
        let out = pzl(&[
            "solve",
            s(&square),
            "--count",
            "--shard",
            "0/1",
            "--resume",
            s(&unfinished),
            "-o",
            s(&out_file),
        ]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("unfinished.json") && stderr(&out).contains("another problem"),
            "{}",
            stderr(&out)
        );
        assert!(!out_file.exists());

        // A resume file whose run cut the tree differently (another pzl build): its subtree
        // numbers mean other subtrees here, so it is refused.
        let mut json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&unfinished).unwrap()).unwrap();
        let subtrees = json["facts"]["subtrees"].as_u64().unwrap();
        json["facts"]["subtrees"] = (subtrees + 1).into();
        let recut = write(dir.path(), "recut.json", json.to_string());
        let out = pzl(&["solve", p, "--count", "--shard", "0/1", "--resume", s(&recut), "-o", s(&out_file)]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("cuts the search tree"), "{}", stderr(&out));
        assert!(!out_file.exists());
    }
    let refused = pzl(&["solve", p, "--count", "--resume", s(&last)]);
    assert_eq!(refused.status.code(), Some(2), "--resume needs --shard: {}", stderr(&refused));
}

#[cfg(unix)]
#[test]
fn ctrl_c_writes_an_unfinished_shard_that_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let problem = write(dir.path(), "pent.pack", pent_6x10());
    let first = dir.path().join("first.json");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_pzl"))
        .args(["solve", s(&problem), "--count", "--distinct", "--shard", "2/3", "-o", s(&first)])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(150));
    let _ = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status();
    let out = child.wait_with_output().unwrap();
    let resumed = dir.path().join("resumed.json");
    let to_merge = match out.status.code() {
        Some(1) => {
            let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&first).unwrap()).unwrap();
            assert_eq!(json["facts"]["finished"], false, "{json}");
            assert!(String::from_utf8_lossy(&out.stderr).contains("interrupted"));
            let run = pzl(&[
                "solve",
                s(&problem),
                "--count",
                "--distinct",
                "--shard",
                "2/3",
                "--resume",
                s(&first),
                "-o",
                s(&resumed),
            ]);
            assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
            resumed
        }
        // The count finished before the signal came (a fast machine): nothing to resume.
        Some(0) => first,
        other => panic!("exit {other:?}: {}", String::from_utf8_lossy(&out.stderr)),
    };
    let mut files = vec![to_merge];
    for k in 0..2 {
        let file = dir.path().join(format!("shard-{k}.json"));
        let out = pzl(&[
            "solve",
            s(&problem),
            "--count",
            "--distinct",
            "--shard",
            &format!("{k}/3"),
            "-o",
            s(&file),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        files.push(file);
    }
    let names: Vec<&str> = files.iter().map(|f| s(f)).collect();
    let merged = pzl(&[&["merge"], names.as_slice()].concat());
    assert_eq!(stdout(&merged), "2339\n", "{}", stderr(&merged));
}
