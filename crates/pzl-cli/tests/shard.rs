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
    assert!(stdout(&out).contains("unfinished shards (run them again)"), "{}", stdout(&out));

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
