//! List an archive or a disk image, or extract every member's forks to check them:
//! `cargo run --release -p pzl-macarchive --example maclist -- FILE [--extract]` (the speed
//! comparison with `unar` in docs/notes-macarchive.md uses `--extract`).

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().ok_or("usage: maclist FILE [--extract]")?;
    let extract = args.iter().any(|a| a == "--extract");
    let bytes = std::fs::read(path)?;
    let mut total = 0usize;
    if pzl_macarchive::volume::detect(&bytes).is_some() {
        let volume = pzl_macarchive::volume::Volume::read(&bytes)?;
        for (i, e) in volume.entries.iter().enumerate() {
            if extract && !e.folder {
                let f = volume.forks(i)?;
                total += f.data.len() + f.rsrc.len();
            } else {
                println!("{:?}{} {} {}", e.shown(), if e.folder { "/" } else { "" }, e.data_len, e.rsrc_len);
            }
        }
    } else {
        let archive = pzl_macarchive::Archive::read(&bytes)?;
        for (i, e) in archive.entries.iter().enumerate() {
            if extract && !e.folder {
                let f = archive.forks(i)?;
                total += f.data.len() + f.rsrc.len();
            } else {
                println!("{:?}{} {} {}", e.shown(), if e.folder { "/" } else { "" }, e.data.len, e.rsrc.len);
            }
        }
    }
    if extract {
        println!("{total} bytes");
    }
    Ok(())
}
