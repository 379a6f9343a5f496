//! Speed of the readers and writers on a synthetic 1 MiB fork of 1,000 resources and its BinHex.

use criterion::{Criterion, criterion_group, criterion_main};
use pzl_macfile::{Container, ContainerKind, Forks, Resource, ResourceFork};

fn sample_fork() -> Vec<u8> {
    let mut fork = ResourceFork::new();
    for i in 0..1000i16 {
        let data: Vec<u8> = (0..1024u32).map(|k| (k * 7 + i as u32) as u8).collect();
        fork.insert(*b"DATA", Resource::new(i, Some(format!("resource {i}").into_bytes()), data));
    }
    fork.write().unwrap()
}

fn bench(c: &mut Criterion) {
    let rsrc = sample_fork();
    c.bench_function("fork read+write 1 MiB", |b| {
        b.iter(|| ResourceFork::read(&rsrc).unwrap().write().unwrap())
    });
    let forks = Forks { rsrc: rsrc.clone(), ..Forks::default() };
    let hqx = Container::from_forks(ContainerKind::BinHex, &forks).unwrap().0.write().unwrap();
    c.bench_function("binhex decode 1 MiB", |b| {
        b.iter(|| Container::read(&hqx, ContainerKind::BinHex).unwrap())
    });
    c.bench_function("binhex encode 1 MiB", |b| {
        b.iter(|| Container::from_forks(ContainerKind::BinHex, &forks).unwrap().0.write().unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
