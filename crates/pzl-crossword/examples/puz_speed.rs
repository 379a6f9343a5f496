//! A fixed amount of work for measuring with `perf stat` on a busy machine (CPU time, not wall
//! time): `puz_speed read N` reads and verifies every corpus `.puz` file N times;
//! `puz_speed unlock N` brute-forces `nyt_locked.puz` N times. Prints the bytes processed.

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_else(|| "read".into());
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1000);
    let Some(dir) = pzl_corpus::dir("puz") else { return };
    let files: Vec<Vec<u8>> = pzl_corpus::files(&dir, ".puz")
        .into_iter()
        .filter_map(|p| std::fs::read(p).ok())
        .filter(|b| pzl_crossword::read(b).is_ok())
        .collect();
    match what.as_str() {
        "unlock" => {
            let Ok(bytes) = std::fs::read(dir.join("puzpy/nyt_locked.puz")) else { return };
            let Ok(read) = pzl_crossword::read(&bytes) else { return };
            let mut found = 0;
            for _ in 0..times {
                found += read.file.unlock_candidates().map_or(0, |c| c.len());
            }
            println!("{times} brute-force unlocks, {found} candidates");
        }
        _ => {
            let mut bytes = 0;
            for _ in 0..times {
                for f in &files {
                    if let Ok(read) = pzl_crossword::read(std::hint::black_box(f)) {
                        bytes += f.len() + read.checksum_mismatches.len();
                    }
                }
            }
            println!("{bytes} bytes read and verified");
        }
    }
}
