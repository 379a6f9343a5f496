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
/// fifth of the time; 32 per thread keep them in the caches).
const AHEAD_PER_JOB: usize = 32;

/// How many consecutive items a thread takes at a time.
const RUN: usize = 16;

/// `work` over `items` on `jobs` threads (one: in this thread), with a progress bar on a
/// terminal; `use_result` gets each item's result in the items' order, as soon as it and every
/// item before it are done. An error from `use_result` stops the run: no new item starts.
///
/// The threads are plain scoped threads that take the next [`RUN`] items from a shared counter
/// and block (never spin) when they are [`AHEAD_PER_JOB`] items per thread ahead of the printer. A rayon
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
    // Items go to the threads in small runs, each sent back as one message: one wake-up of the
    // printer per run, not per item (a message per `.puz` file cost a fifth more CPU).
    let window = AHEAD_PER_JOB * jobs / RUN;
    let runs: Vec<&[T]> = items.chunks(RUN).collect();
    let next = AtomicUsize::new(0);
    let printed = Mutex::new(Printed { count: 0, stopped: false });
    let moved = Condvar::new();
    let (send, receive) = mpsc::channel::<(usize, Vec<R>)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let send = send.clone();
            let (next, printed, moved, runs) = (&next, &printed, &moved, &runs);
            scope.spawn(move || {
                // A panicking worker stops the run, so the others do not wait for the printer
                // forever (the panic itself is raised again when the scope ends).
                let _stop_on_panic = StopOnPanic(printed, moved);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= runs.len() || !wait_for_room(printed, moved, i, window) {
                        return;
                    }
                    if send.send((i, runs[i].iter().map(run).collect())).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        let mut waiting = BTreeMap::new();
        let mut count = 0;
        for (i, results) in receive {
            waiting.insert(i, results);
            while let Some(results) = waiting.remove(&count) {
                for (item, result) in runs[count].iter().zip(results) {
                    if let Err(e) = use_result(item, result) {
                        // The workers stop at their next run; what they are doing is dropped.
                        if let Ok(mut p) = printed.lock() {
                            p.stopped = true;
                        }
                        moved.notify_all();
                        return Err(e);
                    }
                }
                count += 1;
                if let Ok(mut p) = printed.lock() {
                    p.count = count;
                }
                moved.notify_all();
            }
        }
        Ok(())
    })
}

/// Block until run `i` is within `window` runs of the printer; false when the run stopped.
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

/// Stops the run when the thread holding it unwinds from a panic.
struct StopOnPanic<'a>(&'a Mutex<Printed>, &'a Condvar);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            if let Ok(mut p) = self.0.lock() {
                p.stopped = true;
            }
            self.1.notify_all();
        }
    }
}
