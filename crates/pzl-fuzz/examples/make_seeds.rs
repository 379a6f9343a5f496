//! Make the seed corpora `fuzz/seeds/<target>/` from small puzzles written here and in the
//! repository's `examples/`, converted by pzl's own writers to every format of their kind.
//! Deterministic: running it again gives the same files.
//!
//!   cargo run -p pzl-fuzz --example make_seeds
//!
//! It replaces `fuzz/seeds/` entirely; `fuzz/crashes/` (past crash inputs) is left alone.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use pzl::{Document, Format, SolveRequest};

/// Seeds by target, each a (file name, bytes).
#[derive(Default)]
struct Seeds {
    by_target: BTreeMap<&'static str, BTreeMap<String, Vec<u8>>>,
    /// How many files of each format the facade's targets have, to keep them few.
    per_format: BTreeMap<&'static str, usize>,
}

/// At most this many files of one format seed `detect_any` and `convert_any`.
const PER_FORMAT: usize = 5;

impl Seeds {
    fn add(&mut self, target: &'static str, name: &str, bytes: &[u8]) {
        if bytes.len() > 16 * 1024 {
            return;
        }
        let files = self.by_target.entry(target).or_default();
        if files.values().any(|b| b == bytes) {
            return;
        }
        let name: String = name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '_' })
            .collect();
        files.insert(name, bytes.to_vec());
    }

    /// `bytes` in `format`: a seed of the format's own targets, and of the facade's targets under
    /// the file name the format's first extension gives (and, for some, under no name at all).
    fn add_document(&mut self, label: &str, format: Format, params: &str, bytes: &[u8]) {
        let file = format!("{label}.{}", format.name());
        for target in targets_of(format) {
            self.add(target, &file, bytes);
        }
        let count = self.per_format.entry(format.name()).or_default();
        *count += 1;
        if *count > PER_FORMAT {
            return;
        }
        let nameless_too = *count == 1;
        let ext = format.info().extensions.first().copied().unwrap_or("");
        let name = format!("puzzle.{ext}");
        let mut with_name = vec![pzl_fuzz::opening_byte(&name, params).unwrap_or(0)];
        with_name.extend_from_slice(bytes);
        self.add("detect_any", &file, &with_name);
        self.add("convert_any", &file, &with_name);
        if nameless_too {
            let mut nameless = vec![0u8];
            nameless.extend_from_slice(bytes);
            self.add("detect_any", &format!("{file}.nameless"), &nameless);
        }
    }

    /// Read `bytes` as `format` and add them, then every format its kind writes them in.
    fn convert(&mut self, label: &str, format_name: &str, params: &str, bytes: &[u8]) -> Option<Document> {
        let format = Format::from_name(format_name).ok()?;
        let doc = match Document::parse(bytes, format, params) {
            Ok(parsed) => parsed.value,
            Err(e) => {
                eprintln!("skipped {label} ({format_name}): {e}");
                return None;
            }
        };
        self.add_document(label, format, params, bytes);
        for to in Format::all().filter(|f| f.kind() == doc.kind() && f.info().write && *f != format) {
            if let Ok(written) = doc.write(to) {
                self.add_document(label, to, params, &written.bytes);
            }
        }
        Some(doc)
    }

    fn save(&self, root: &Path) -> std::io::Result<()> {
        if root.exists() {
            std::fs::remove_dir_all(root)?;
        }
        for (target, files) in &self.by_target {
            let dir = root.join(target);
            std::fs::create_dir_all(&dir)?;
            for (name, bytes) in files {
                std::fs::write(dir.join(name), bytes)?;
            }
            eprintln!(
                "{target}: {} seeds, {} bytes",
                files.len(),
                files.values().map(Vec::len).sum::<usize>()
            );
        }
        Ok(())
    }
}

/// The format-specific targets a file in `format` seeds.
fn targets_of(format: Format) -> &'static [&'static str] {
    match format.name() {
        "tootsweet" => &["masyu_tootsweet"],
        "pzprv3" => &["masyu_pzprv3", "masyu_check_render"],
        "pzprjs" => &["masyu_pzprjs"],
        "tatham" => &["masyu_tatham"],
        "janko" => &["masyu_janko"],
        "masyu" => &["masyu_text"],
        "sol" => &["masyu_sol"],
        "apad-text" => &["apad_text"],
        "apad" => &["apad"],
        "puz" => &["puz_read"],
        "across-text" => &["text_read"],
        "ipuz" => &["ipuz_read"],
        "xd" => &["xd_read"],
        "jpz" => &["jpz_read"],
        "applesingle" | "appledouble" => &["applesingle"],
        "binhex" => &["binhex"],
        "macbinary" => &["macbinary"],
        "rsrc" => &["fork"],
        "rez" => &["rez"],
        "pzl-pack" => &["pack_read"],
        "macpoly" | "macpoly-solution" => &["macpoly_read"],
        _ => &[],
    }
}

/// A small deterministic generator (xorshift), so the seeds are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn solve_request() -> SolveRequest {
    SolveRequest { timeout: Some(Duration::from_secs(2)), ..SolveRequest::default() }
        .with("trace", pzl_core::settings::Value::Text(String::new()))
}

fn masyu(seeds: &mut Seeds, root: &Path) {
    let mut puzzles: Vec<(String, &str, Vec<u8>)> = vec![
        ("ladybug".into(), "tootsweet", b"4:4:AgAQAA\n".to_vec()),
        ("ladybug-solved".into(), "tootsweet", b"4:4:AgAQAA\nww:gq\n".to_vec()),
        ("aphid-broken".into(), "tootsweet", b"4:4:CCQQQA\nAA:IC\n".to_vec()),
        ("six".into(), "masyu", b"6 6\n..W...\n.B..W.\n......\n...B..\n.W....\n......\n".to_vec()),
        ("six-solution".into(), "sol", b"6 6\n955C9C\nA956AA\nAA956A\nA36956\n35CA00\n003600\n".to_vec()),
        (
            "wikipedia".into(),
            "masyu",
            b"10 10\n..W.W.....\n....W...B.\n..B.B.W...\n...W..W...\nB....W...W\n..W....W..\n..B...W...\n\
              W...B....W\n......WW..\n..B......B\n"
                .to_vec(),
        ),
        (
            "pzprv3-solved".into(),
            "pzprv3",
            b"pzprv3/mashu/6/6/. . 1 . . . /. 2 . . 1 . /. . . . . . /. . . 2 . . /. 1 . . . . /. . . . . . /\
              1 1 1 0 1 /0 1 1 -1 0 /0 0 1 1 0 /0 1 -1 1 1 /1 1 0 0 0 /0 0 1 0 0 /1 0 0 1 1 1 /1 1 0 0 1 1 /\
              1 1 1 -1 0 1 /1 -1 0 1 0 0 /0 0 1 1 0 0 /"
                .to_vec(),
        ),
        (
            "janko-solution".into(),
            "janko",
            b"6 6\nse sw - - se sw\nns ns - - ns ns\nns ne ew ew nw ns\nns se ew ew sw ns\nns ns - - ns ns\n\
              ne nw - - ne nw\n"
                .to_vec(),
        ),
    ];
    for (file, format) in [("hook.masyu", "masyu"), ("hook.sol", "sol"), ("ladybug.tootsweet", "tootsweet")] {
        if let Ok(bytes) = std::fs::read(root.join("examples/masyu").join(file)) {
            puzzles.push((format!("example-{}", file.replace('.', "-")), format, bytes));
        }
    }
    // Small boards with pearls here and there: some solve, some do not.
    let mut rng = Rng(0x6d61_7379_7521);
    for i in 0..14 {
        let (w, h) = (2 + rng.below(7), 2 + rng.below(7));
        let mut text = format!("{w} {h}\n");
        let mut solve_bytes = vec![(w - 1) as u8, (h - 1) as u8];
        for _ in 0..h {
            for _ in 0..w {
                let (c, k) = match rng.below(8) {
                    0 => ('W', 0),
                    1 => ('B', 1),
                    _ => ('.', 2),
                };
                text.push(c);
                solve_bytes.push(k);
            }
            text.push('\n');
        }
        seeds.add("masyu_solve", &format!("random-{i}"), &solve_bytes);
        puzzles.push((format!("random-{i}"), "masyu", text.into_bytes()));
    }
    seeds.add("masyu_solve", "empty", b"");
    seeds.add("masyu_solve", "one-by-one", &[0, 0, 0]);
    seeds.add("masyu_solve", "ladybug", &[3, 3, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2]);
    for (label, format, bytes) in puzzles {
        let Some(doc) = seeds.convert(&label, format, "", &bytes) else { continue };
        if let Ok(solution) = doc.solve(&solve_request()) {
            if let Some(trace) = &solution.trace {
                seeds.add("masyu_trace", &format!("{label}.jsonl"), trace.as_bytes());
            }
            for (n, solved) in solution.solutions.iter().enumerate().take(1) {
                let format = solved.format();
                if let Ok(written) = solved.write(format) {
                    seeds.convert(&format!("{label}-solved{n}"), format.name(), "", &written.bytes);
                }
            }
        }
    }
}

fn crossword(seeds: &mut Seeds) {
    let sample = "<ACROSS PUZZLE V2>\n<TITLE>\n\tT\n<AUTHOR>\n\tA\n<COPYRIGHT>\n\t\n<SIZE>\n\t3x3\n<GRID>\n\
                  \t1aT\n\t..A\n\t..R\n<REBUS>\n\tMARK;\n\t1:CAT:C\n<ACROSS>\n  Pet\n<DOWN>\n  Sticky stuff\n\
                  <NOTEPAD>\nline one\n";
    let mut docs = Vec::new();
    docs.extend(seeds.convert("rebus", "across-text", "", sample.as_bytes()));
    let mut rng = Rng(0x7075_7a7a_6c65);
    for i in 0..10 {
        let (w, h) = (3 + rng.below(5), 3 + rng.below(5));
        let grid: Vec<Vec<char>> = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| if rng.below(6) == 0 { '.' } else { (b'A' + rng.below(26) as u8) as char })
                    .collect()
            })
            .collect();
        let open = |r: usize, c: usize| grid[r][c] != '.';
        let (mut across, mut down) = (Vec::new(), Vec::new());
        for r in 0..h {
            for c in 0..w {
                if !open(r, c) {
                    continue;
                }
                if (c == 0 || !open(r, c - 1)) && c + 1 < w && open(r, c + 1) {
                    across.push(format!("  Across clue {r}-{c}"));
                }
                if (r == 0 || !open(r - 1, c)) && r + 1 < h && open(r + 1, c) {
                    down.push(format!("  Down clue {r}-{c} «é»"));
                }
            }
        }
        let version = if i % 2 == 0 { "" } else { " V2" };
        let mut text = format!(
            "<ACROSS PUZZLE{version}>\n<TITLE>\n\tPuzzle {i}\n<AUTHOR>\n\tpzl\n<COPYRIGHT>\n\t2026\n<SIZE>\n\t{w}x{h}\n<GRID>\n"
        );
        for row in &grid {
            text.push('\t');
            text.extend(row.iter());
            text.push('\n');
        }
        text.push_str("<ACROSS>\n");
        text.push_str(&across.join("\n"));
        text.push_str("\n<DOWN>\n");
        text.push_str(&down.join("\n"));
        text.push('\n');
        if i % 3 == 0 {
            text.push_str("<NOTEPAD>\nA note.\n");
        }
        docs.extend(seeds.convert(&format!("grid-{i}"), "across-text", "", text.as_bytes()));
    }
    for (i, doc) in docs.iter().enumerate() {
        if let Ok(locked) = pzl::kinds::crossword::lock(doc, 1234 + i as u16 * 1111)
            && let Ok(written) = locked.write(Format::from_name("puz").expect("puz"))
        {
            seeds.convert(&format!("locked-{i}"), "puz", "", &written.bytes);
        }
    }
}

fn apad(seeds: &mut Seeds) {
    use pzl::kinds::apad::edition;
    use pzl_apad::date;
    use pzl_apad::solve::{Limits, solve_date, weekday_for};
    for (params, dates) in
        [("", ["Jan 1", "Feb 29", "Jul 4", "Dec 31"]), ("weekday", ["Mar 3", "Jun 15", "Oct 31", "Jan 19"])]
    {
        let name = if params.is_empty() { "classic" } else { params };
        let Ok(puzzle) = edition(name) else { continue };
        let mut all = Vec::new();
        for (i, text) in dates.iter().enumerate() {
            let Ok(parsed) = date::parse(text) else { continue };
            let weekday = weekday_for(&puzzle, parsed, Some(["Sun", "Mon", "Tue", "Wed"][i]))
                .ok()
                .and_then(|w| w.value);
            let answer = pzl_apad::board::Answer { date: parsed.date, weekday };
            let solved = solve_date(&puzzle, answer, true, &Limits::new(Some(Duration::from_secs(5)), None));
            let Ok(bytes) = solved.apad_bytes(&puzzle) else { continue };
            all.extend_from_slice(&bytes);
            seeds.convert(&format!("{name}-{}", text.replace(' ', "")), "apad", params, &bytes);
        }
        seeds.convert(&format!("{name}-four-dates"), "apad", params, &all);
        seeds.add("apad_text", &format!("{name}-edition.txt"), puzzle_text(name).as_bytes());
    }
    for text in ["Jan 19", "2024-02-29", "12/25", "31 Dec 1999", "Feb 30", "mon"] {
        seeds.add("apad_text", &format!("date-{text}"), text.as_bytes());
    }
}

fn puzzle_text(name: &str) -> &'static str {
    if name == "weekday" { pzl_apad::puzzle::WEEKDAY_TEXT } else { pzl_apad::puzzle::CLASSIC_TEXT }
}

fn mac(seeds: &mut Seeds) {
    let sources: [(&str, &str); 4] = [
        ("string", "data 'STR ' (128, \"greeting\") {\n\t$\"0548 656C 6C6F\"\n};\n"),
        (
            "text",
            "data 'TEXT' (128, \"note\", purgeable) {\n\t\"A note in a resource.\"\n};\ndata 'TEXT' (129) {\n\t$\"\"\n};\n",
        ),
        (
            "attrs",
            "data 'ICN#' (-16455, \"\", sysheap, locked) {\n\t$\"0000 0000 FFFF FFFF 0102 0304\"\n};\ndata 'vers' (1) {\n\t$\"0100 8000 0000 0331 2E30\"\n};\n",
        ),
        ("empty", "/* nothing */\ndata 'PICT' (1) {\n};\n"),
    ];
    for (label, text) in sources {
        seeds.convert(&format!("rez-{label}"), "rez", "", text.as_bytes());
    }
    // A MacPoly resource file: the puzzle stored with ftor, in every container.
    if let Ok(mut doc) = pzl::kinds::mac::new_file("puzzles.rsrc")
        && pzl::kinds::poly::ftor(&mut doc, "SBP1", &[("fig6.txt".to_string(), FIG6.as_bytes().to_vec())])
            .is_ok()
        && let Ok(written) = doc.write(Format::from_name("rsrc").expect("rsrc"))
    {
        seeds.convert("macpoly-resources", "rsrc", "", &written.bytes);
    }
}

const FIG6: &str = "6 x 6 Square\rCongratulations! Puzzle by David Levner.\r\
    ..................\r.a.a..SSSSSS..b.b.\r.aaaa.SSSSSS.bbbb.\r.aaa..SSSSSS..bbb.\r\
    ......SSSSSS......\r.c.c..SSSSSS..d.d.\r.cccc.SSSSSS.dddd.\r.ccc..........ddd.\r\
    ..................\r";
const FIG4: &str =
    "6 x 6 Square Solution\n........\n.AAABBB.\n.AABBBB.\n.AAABDB.\n.CACDDD.\n.CCCCDD.\n.CCCDDD.\n........\n";

fn poly(seeds: &mut Seeds) {
    let square = "pzl-pack 1\ntitle 6 x 6 Square\nflips yes\n\nboard\n######\n######\n######\n######\n######\n\
                  ######\n\npiece a x2\n#.#.\n####\n###.\n\npiece b x2\n.#.#\n####\n.###\n";
    let mut docs = Vec::new();
    docs.extend(seeds.convert("square", "pzl-pack", "", square.as_bytes()));
    docs.extend(seeds.convert("fig6", "macpoly", "", FIG6.as_bytes()));
    docs.extend(seeds.convert("fig4", "macpoly-solution", "", FIG4.as_bytes()));
    let shapes = ["##", "###", "#.\n##", "##\n##", "###\n#..", "###\n.#.", "##.\n.##"];
    let mut rng = Rng(0x706f_6c79);
    for i in 0..8 {
        let (w, h) = (2 + rng.below(5), 2 + rng.below(4));
        let mut text =
            format!("pzl-pack 1\ntitle Box {i}\nflips {}\n\nboard\n", if i % 2 == 0 { "yes" } else { "no" });
        for r in 0..h {
            for c in 0..w {
                text.push(if (r + c + i) % 7 == 0 && i % 3 == 0 { '.' } else { '#' });
            }
            text.push('\n');
        }
        for p in 0..1 + rng.below(3) {
            let copies = 1 + rng.below(3);
            text.push_str(&format!(
                "\npiece {} x{copies}\n{}\n",
                (b'a' + p as u8) as char,
                shapes[rng.below(shapes.len())]
            ));
        }
        docs.extend(seeds.convert(&format!("box-{i}"), "pzl-pack", "", text.as_bytes()));
    }
    for (i, doc) in docs.iter().enumerate() {
        if let Ok(solution) =
            doc.solve(&SolveRequest { timeout: Some(Duration::from_secs(2)), ..SolveRequest::default() })
            && let Some(solved) = solution.solutions.first()
            && let Ok(written) = solved.write(solved.format())
        {
            seeds.convert(&format!("solved-{i}"), solved.format().name(), "", &written.bytes);
        }
    }
    // ftor: the resource type, then a MacPoly resource's data; and sources under a type.
    for (code, source) in [(b"SBP1", FIG6), (b"SBS1", FIG4)] {
        if let Ok((_, data)) = pzl_poly::format::macpoly::ftor::resource_from_source(code, source.as_bytes())
        {
            seeds.add(
                "ftor",
                &format!("{}-resource", String::from_utf8_lossy(code)),
                &[&code[..], &data].concat(),
            );
        }
        seeds.add(
            "ftor",
            &format!("{}-source", String::from_utf8_lossy(code)),
            &[&code[..], source.as_bytes()].concat(),
        );
    }
    seeds.add("ftor", "text-type", b"TEXTsome text\r");
    // dlx: Knuth's example and small random problems.
    seeds.add(
        "dlx_read",
        "knuth",
        b"| Knuth's example\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
    );
    seeds.add("dlx_read", "secondary", b"a b c | x y\na x\nb y\nc\na b x:1\nc y:2\n");
    for i in 0..8 {
        let items = 3 + rng.below(6);
        let names: Vec<String> = (0..items).map(|k| format!("i{k}")).collect();
        let mut text = format!("| random {i}\n{}\n", names.join(" "));
        for _ in 0..2 + rng.below(10) {
            let option: Vec<&str> =
                names.iter().filter(|_| rng.below(3) == 0).map(String::as_str).collect::<Vec<_>>();
            if !option.is_empty() {
                text.push_str(&option.join(" "));
                text.push('\n');
            }
        }
        seeds.add("dlx_read", &format!("random-{i}"), text.as_bytes());
    }
}

fn main() -> std::io::Result<()> {
    let root: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut seeds = Seeds::default();
    masyu(&mut seeds, &root);
    crossword(&mut seeds);
    apad(&mut seeds);
    mac(&mut seeds);
    poly(&mut seeds);
    // Past crash inputs of the format targets, opened by the facade under their extension.
    for dir in std::fs::read_dir(root.join("fuzz/crashes")).into_iter().flatten().flatten() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir.path())?.flatten().map(|e| e.path()).collect();
        files.sort();
        for path in files {
            let (Some(stem), Some(ext)) = (path.file_stem(), path.extension()) else { continue };
            let Some(byte) = pzl_fuzz::opening_byte(&format!("puzzle.{}", ext.to_string_lossy()), "") else {
                continue;
            };
            let bytes = [vec![byte], std::fs::read(&path)?].concat();
            let name = format!("crash-{}", stem.to_string_lossy());
            seeds.add("detect_any", &name, &bytes);
            seeds.add("convert_any", &name, &bytes);
        }
    }
    seeds.add("detect_any", "empty", b"");
    seeds.add("detect_any", "one-byte", b"\x05");
    seeds.save(&root.join("fuzz/seeds"))
}
