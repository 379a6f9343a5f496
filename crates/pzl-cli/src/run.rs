//! The one run engine: every verb over several inputs (`info`, `check`, `convert`, `solve`) goes
//! through [`each_in_order`], which works on `--jobs` threads and hands each result back in the
//! inputs' order, so the printers see one ordered stream whatever the thread count.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, mpsc};

use pzl::Error;

use crate::io::Ctx;

/// How far (in items per thread) the workers may run ahead of the item printed last: a run over
/// thousands of files holds a few reports per thread at a time, not all of them (3,312 `.puz`
/// files: 33 MB at the peak when every report was kept, and the allocator's fresh pages cost a
/// fifth of the time; 16 per thread keep them in the caches).
const AHEAD_PER_JOB: usize = 16;

/// `work` over `items` on `jobs` threads (one: in this thread), with a progress bar on a
/// terminal; `use_result` gets each item's result in the items' order, as soon as it and every
/// item before it are done. An error from `use_result` stops the run: no new item starts.
///
/// The threads are plain scoped threads that take the next item from a shared counter and block
/// (never spin) when they are [`AHEAD_PER_JOB`] items per thread ahead of the printer. A rayon
/// pool over fixed chunks cost 10–36 % more CPU at `--jobs 2` than one thread: its idle workers
/// spun at every chunk's end, waiting for the chunk's slowest item.
pub fn each_in_order<T: Sync, R: Send>(
    ctx: &Ctx,
    items: &[T],
    jobs: usize,
    what: &str,
    work: impl Fn(&T) -> R + Sync,
    mut use_result: impl FnMut(&T, R) -> Result<(), Error>,
) -> Result<(), Error> {
    let bar = ctx.progress(items.len() as u64, what);
    let run = |item: &T| {
        let result = work(item);
        bar.inc(1);
        result
    };
    let jobs = jobs.clamp(1, items.len().max(1));
    let outcome = if jobs == 1 {
        items.iter().try_for_each(|item| use_result(item, run(item)))
    } else {
        in_threads(items, jobs, &run, &mut use_result)
    };
    bar.finish_and_clear();
    outcome
}

/// The printer's position, shared with the workers: how many items were handed on, and whether
/// the run stopped.
struct Printed {
    count: usize,
    stopped: bool,
}

fn in_threads<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    run: &(impl Fn(&T) -> R + Sync),
    use_result: &mut impl FnMut(&T, R) -> Result<(), Error>,
) -> Result<(), Error> {
    let window = AHEAD_PER_JOB * jobs;
    let next = AtomicUsize::new(0);
    let printed = Mutex::new(Printed { count: 0, stopped: false });
    let moved = Condvar::new();
    let (send, receive) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let send = send.clone();
            let (next, printed, moved) = (&next, &printed, &moved);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items.len() || !wait_for_room(printed, moved, i, window) {
                        return;
                    }
                    if send.send((i, run(&items[i]))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        let mut waiting = BTreeMap::new();
        let mut count = 0;
        let mut outcome = Ok(());
        for (i, result) in receive {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&count) {
                outcome = use_result(&items[count], result);
                count += 1;
                if let Ok(mut p) = printed.lock() {
                    p.count = count;
                    p.stopped = outcome.is_err();
                }
                moved.notify_all();
                if outcome.is_err() {
                    // The workers stop at their next item; what they are doing is dropped.
                    return outcome;
                }
            }
        }
        outcome
    })
}

/// Block until item `i` is within `window` of the printer; false when the run stopped.
fn wait_for_room(printed: &Mutex<Printed>, moved: &Condvar, i: usize, window: usize) -> bool {
    let Ok(mut p) = printed.lock() else { return false };
    while !p.stopped && i >= p.count + window {
        p = match moved.wait(p) {
            Ok(p) => p,
            Err(_) => return false,
        };
    }
    !p.stopped
}
