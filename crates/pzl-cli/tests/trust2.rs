//! The second trust round (issue 36): every link form puzz.link's menus write, nothing lost or
//! overwritten silently, honest output, memory and time bounded by the input. Each test names
//! the finding of `shared/findings/reliability-2.md` (N…) or `newcomer-2.md` it holds.

use std::path::{Path, PathBuf};

mod common;
use common::{pzl, s, stderr, stdout, write};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/masyu")
}

/// pzprjs's test board for `mashu` (solved), in the one-line `/` form.
const SOLVED: &str = "pzprv3/mashu/6/6/. . 1 . . . /. 2 . . 1 . /. . . . . . /. . . 2 . . /. 1 . . . . /. . . . . . /1 1 1 0 1 /0 1 1 -1 0 /0 0 1 1 0 /0 1 -1 1 1 /1 1 0 0 0 /0 0 1 0 0 /1 0 0 1 1 1 /1 1 0 0 1 1 /1 1 1 -1 0 1 /1 -1 0 1 0 0 /0 0 1 1 0 0 /";

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'.' { (b as char).to_string() } else { format!("%{b:02X}") }
        })
        .collect()
}

/// Item 5: the edit link, the player/duplicate link, the `pearl` alias, a header with an empty
/// body and the `f` line all read; unknown-colour pearls are a named loss.
#[test]
fn interop_every_link_form_pzprjs_writes_reads() {
    let plain = pzl(&["solve", "https://puzz.link/p?mashu/6/6/1063000i3000"]);
    assert!(plain.status.success(), "{}", stderr(&plain));
    for url in [
        "https://puzz.link/p.html?mashu_edit/6/6/1063000i3000",
        "https://puzz.link/p.html?pearl/6/6/1063000i3000",
    ] {
        let out = pzl(&["solve", url]);
        assert!(out.status.success(), "{url}: {}", stderr(&out));
        assert_eq!(stdout(&out), stdout(&plain), "{url}");
    }
    let player = format!("https://puzz.link/p.html?type=player&{}", encode(SOLVED));
    let out = pzl(&["check", &player]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("ok"), "{}", stdout(&out));
    let out = pzl(&["info", &player]);
    assert!(stdout(&out).contains("pzprv3"), "{}", stdout(&out));

    let dir = tempfile::tempdir().unwrap();
    let pearl = write(dir.path(), "p.pzprv3", SOLVED.replace("/mashu/", "/pearl/").replace('/', "\n"));
    let out = pzl(&["check", s(&pearl)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let f = write(dir.path(), "f.pzprv3", SOLVED.replace("/6/6/", "/6/6/f/").replace('/', "\n"));
    let out = pzl(&["check", s(&f)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("`f`"), "{}", stderr(&out));
    let empty = write(dir.path(), "e.pzprv3", "pzprv3\nmashu\n6\n6\n");
    let out = pzl(&["info", s(&empty)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("empty 6×6 board"), "{}", stderr(&out));
    let unknown = write(dir.path(), "u.pzprv3", "pzprv3\nmashu\n1\n2\n- 1 \n0 \n");
    let out = pzl(&["convert", s(&unknown), "--to", "pzprjs", "-o", "-"]);
    assert!(stderr(&out).contains("unknown colour"), "{}", stderr(&out));
    let _ = examples();
}
