//! List an archive or a disk image, or extract every member's forks to check them:
//! `cargo run --release -p pzl-macarchive --example maclist -- FILE [--extract [DIR]] [--in-memory]` (with
//! DIR, each fork is written there as `NAME` and `NAME.rsrc`, as `unar` writes files: the speed
//! comparison in docs/notes-macarchive.md).

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().ok_or("usage: maclist FILE [--extract]")?;
    let extract = args.iter().any(|a| a == "--extract");
    let dir = args.iter().skip_while(|a| *a != "--extract").nth(1).map(std::path::PathBuf::from);
    let write = |name: &str, forks: &pzl_macfile::Forks| -> std::io::Result<()> {
        if let Some(dir) = &dir {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().unwrap_or(dir))?;
            std::fs::write(&path, &forks.data)?;
            if !forks.rsrc.is_empty() {
                std::fs::write(dir.join(format!("{name}.rsrc")), &forks.rsrc)?;
            }
        }
        Ok(())
    };
    let mut total = 0usize;
    let mut file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    let mut head = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(&mut file, pzl_macarchive::volume::HEAD as u64),
        &mut head,
    )?;
    if pzl_macarchive::volume::detect_head(&head, len).is_some() {
        // A disk image is read at positions: the catalog, then each file's extents
        // (`--in-memory`: the whole file first, as the browser and Python hand it over).
        let volume = if args.iter().any(|a| a == "--in-memory") {
            pzl_macarchive::volume::Volume::read(&std::fs::read(path)?)?
        } else {
            pzl_macarchive::volume::Volume::open(file)?
        };
        if extract {
            volume.will_read_all();
        }
        for (i, e) in volume.entries.iter().enumerate() {
            if extract && !e.folder {
                let f = volume.forks(i)?;
                write(&e.shown(), &f)?;
                total += f.data.len() + f.rsrc.len();
            } else {
                println!("{:?}{} {} {}", e.shown(), if e.folder { "/" } else { "" }, e.data_len, e.rsrc_len);
            }
        }
    } else {
        let bytes = std::fs::read(path)?;
        let archive = pzl_macarchive::Archive::read(&bytes)?;
        for (i, e) in archive.entries.iter().enumerate() {
            if extract && !e.folder {
                let f = archive.forks(i)?;
                write(&e.shown(), &f)?;
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
