//! CLI tests for pzl's own packing-problem format (`pzl-pack`): detection by its first line, and
//! `pzl info`, `check`, `solve`, `render`, `convert` (to and from MacPoly puzzles) on it.

mod common;
use common::{pzl, text, write};

/// Levner's 6x6 square: two copies of the 9-omino and two of its mirror image.
const SQUARE: &str = "pzl-pack 1\ntitle 6 x 6 Square\nflips yes\n\nboard\n######\n######\n######\n\
    ######\n######\n######\n\npiece a x2\n#.#.\n####\n###.\n\npiece b x2\n.#.#\n####\n.###\n";

#[test]
fn info_and_check_read_the_format_by_content() {
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.txt", SQUARE.as_bytes());
    let out = pzl(&["info", square.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("(pzl-pack)"), "{shown}");
    assert!(shown.contains("a  9 squares x 2 copies"), "{shown}");
    assert!(shown.contains("the areas match"), "{shown}");
    let out = pzl(&["check", square.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        format!("{}: ok: no proof that the puzzle cannot be solved\n  flips: allowed\n", square.display())
    );
}

#[test]
fn counts_with_and_without_flips() {
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.pack", SQUARE.as_bytes());
    let s = square.to_str().unwrap();
    let count = |extra: &[&str]| {
        let out = pzl(&[&["solve", s, "--count"], extra].concat());
        (out.status.code(), text(&out.stdout))
    };
    assert_eq!(count(&[]), (Some(0), "48\n".to_string()));
    assert_eq!(count(&["--distinct"]), (Some(0), "6\n".to_string()));
    assert_eq!(count(&["--jobs", "2"]), (Some(0), "48\n".to_string()));
    assert_eq!(count(&["--no-flip"]), (Some(1), "0\n".to_string()));
    let one_sided = write(dir.path(), "one.pack", SQUARE.replace("flips yes", "flips no").as_bytes());
    let out = pzl(&["solve", one_sided.to_str().unwrap(), "--count"]);
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(1), "0\n".to_string()));
}

/// The 12 pentominoes and the square tetromino on 8x8: 129,168 solutions, seconds of search.
fn pentominoes_and_square() -> String {
    let pieces: Vec<(&str, &str)> = common::PENTOMINOES.into_iter().chain([("O", "##\n##")]).collect();
    common::pack("pentominoes and square", 8, 8, &pieces)
}

#[test]
fn a_timeout_stops_a_count_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let big = write(dir.path(), "big.pack", pentominoes_and_square().as_bytes());
    let b = big.to_str().unwrap();
    for jobs in ["1", "2"] {
        let out = pzl(&["solve", b, "--count", "--timeout", "0.05", "--jobs", jobs]);
        assert!(text(&out.stdout).ends_with("+\n"), "{}", text(&out.stdout));
        assert!(text(&out.stderr).contains("timed out after 0.05 s while counting"), "{}", text(&out.stderr));
    }
    let out = pzl(&["solve", b, "--count", "--timeout", "0.05", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["facts"]["timed_out"], true);
    assert!(value["facts"]["raw"].as_u64().unwrap() < 129_168);
    let out = pzl(&["solve", b, "--timeout=0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--timeout 0: expected a positive number of seconds"),
        "{}",
        text(&out.stderr)
    );
    // Time enough: the first packing, no warning.
    let out = pzl(&["solve", b, "--timeout", "60"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).is_empty(), "{}", text(&out.stderr));
}

#[test]
fn solve_writes_the_pieces_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.pack", SQUARE.as_bytes());
    let solved = dir.path().join("solved.txt");
    let out = pzl(&["solve", square.to_str().unwrap(), "-o", solved.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let picture = std::fs::read_to_string(&solved).unwrap();
    assert_eq!(picture.lines().count(), 6);
    for name in ["a.1", "a.2", "b.1", "b.2"] {
        let squares: usize = picture.lines().map(|l| l.split(' ').filter(|w| *w == name).count()).sum();
        assert_eq!(squares, 9, "{name} in\n{picture}");
    }
    let out = pzl(&["render", square.to_str().unwrap(), "--as", "svg"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = text(&out.stdout);
    // Each piece is one outlined region with its name from the file on it.
    assert_eq!(svg.matches("<path").count(), 4, "{svg}");
    for name in ["a.1", "a.2", "b.1", "b.2"] {
        assert_eq!(svg.matches(&format!(">{name}</text>")).count(), 1, "{name} in {svg}");
    }
}

#[test]
fn pentomino_pictures_name_every_piece() {
    let dir = tempfile::tempdir().unwrap();
    let pack = common::pack("Pentominoes", 10, 6, &common::PENTOMINOES);
    let file = write(dir.path(), "pent.pack", pack.as_bytes());
    let out = pzl(&["render", file.to_str().unwrap(), "--as", "svg"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = text(&out.stdout);
    assert_eq!(svg.matches("<path").count(), 12);
    for (name, _) in common::PENTOMINOES {
        assert_eq!(svg.matches(&format!(">{name}</text>")).count(), 1, "{name} in {svg}");
    }
}

#[test]
fn check_with_reads_the_solution_solve_wrote() {
    // Finding F6: the text `solve -o` writes is what `check PROBLEM --with FILE` reads.
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.pack", SQUARE.as_bytes());
    let solved = dir.path().join("solved.txt");
    let out = pzl(&["solve", square.to_str().unwrap(), "-o", solved.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = pzl(&["check", square.to_str().unwrap(), "--with", solved.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("the solution is correct"), "{}", text(&out.stdout));
    // Two squares swapped between pieces: a wrong packing, exit 1, the pieces named.
    let picture = std::fs::read_to_string(&solved).unwrap();
    let mut rows: Vec<Vec<&str>> = picture.lines().map(|l| l.split(' ').collect()).collect();
    let (r, c) = (0..6)
        .flat_map(|r| (0..5).map(move |c| (r, c)))
        .find(|&(r, c)| rows[r][c] != rows[r][c + 1])
        .unwrap();
    rows[r].swap(c, c + 1);
    let swapped: String = rows.iter().map(|r| r.join(" ") + "\n").collect();
    let wrong = write(dir.path(), "wrong.txt", swapped.as_bytes());
    let out = pzl(&["check", square.to_str().unwrap(), "--with", wrong.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("not-a-solution"), "{}", text(&out.stdout));
    // A name that is no piece: exit 2, the place named.
    let bad = write(dir.path(), "bad.txt", picture.replacen("a.1", "q.9", 1).as_bytes());
    let out = pzl(&["check", square.to_str().unwrap(), "--with", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("bad.txt: line 1, column 1") && err.contains("\"q.9\""), "{err}");
}

#[test]
fn convert_to_macpoly_and_back_keeps_the_counts() {
    let dir = tempfile::tempdir().unwrap();
    let square = write(dir.path(), "square.pack", SQUARE.as_bytes());
    let same = dir.path().join("same.pack");
    let out = pzl(&["convert", square.to_str().unwrap(), "-o", same.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&same).unwrap(), SQUARE);
    let mac = dir.path().join("square.macpoly");
    let out = pzl(&["convert", square.to_str().unwrap(), "-o", mac.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read(&mac).unwrap().starts_with(b"6 x 6 Square\rCongratulations!\r"));
    let back = dir.path().join("back.pack");
    let out = pzl(&["convert", mac.to_str().unwrap(), "-o", back.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let back_text = std::fs::read_to_string(&back).unwrap();
    assert!(back_text.starts_with("pzl-pack 1\ntitle 6 x 6 Square\nmessage Congratulations!\n"));
    for file in [&mac, &back] {
        let out = pzl(&["solve", file.to_str().unwrap(), "--count", "--distinct"]);
        assert_eq!(text(&out.stdout), "6\n", "{}", file.display());
    }
}

#[test]
fn too_many_pieces_for_macpoly_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let many = write(
        dir.path(),
        "many.pack",
        b"pzl-pack 1\nflips yes\n\nboard\n##########################\n\npiece m x26\n#\n",
    );
    let out = pzl(&["convert", many.to_str().unwrap(), "--to", "macpoly", "-o", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("at most 25 pieces"), "{}", text(&out.stderr));
    let out = pzl(&["info", many.to_str().unwrap()]);
    assert!(text(&out.stdout).contains("pieces: 26\n"), "{}", text(&out.stdout));
}

#[test]
fn bad_files_exit_2_with_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(dir.path(), "bad.pack", b"pzl-pack 1\nboard\n#x#\n");
    let out = pzl(&["info", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("line 3, column 2: `x` in a drawing"), "{}", text(&out.stderr));
    let split = write(dir.path(), "split.pack", b"pzl-pack 1\nboard\n##\n\npiece a\n#.#\n");
    let out = pzl(&["solve", split.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("line 5, column 1: the squares of piece `a` are not connected"));
}

#[test]
fn the_text_picture_names_the_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "p.pack", pentominoes_and_square().as_bytes());
    let out = pzl(&["render", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("pieces: a F, b I, c L, d N,"), "{}", text(&out.stdout));
}
