//! The one run engine: every verb over several inputs (`info`, `check`, `convert`, `solve`) goes
//! through [`each_in_order`], which works on `--jobs` threads and hands each result back in the
//! inputs' order, so the printers see one ordered stream whatever the thread count. (The library
//! owns it so that every front end runs several inputs the same way; the `pzl` binary adds its
//! progress bar around `work`.)

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

use crate::Error;

/// How far (in items per thread) the threads may run ahead of the item printed last: a run over
/// thousands of files holds a few reports per thread at a time, not all of them (3,312 `.puz`
/// files: 33 MB at the peak when every report was kept, and the allocator's fresh pages cost a
/// fifth of the time; 32 per thread keep them in the caches).
const AHEAD_PER_JOB: usize = 32;

/// How many consecutive items a thread takes at a time, at most: fewer when there are fewer
/// than [`RUNS_PER_JOB`] runs of it per thread, so that a handful of heavy inputs (two large
/// puzzles to solve) still go to every thread.
const RUN: usize = 16;

/// How many runs each thread should get at least, when the items allow (a thread whose last run
/// is slow then waits less for the others).
const RUNS_PER_JOB: usize = 8;

/// The length of the runs for `items` items on `jobs` threads: [`RUN`], or shorter for a short
/// list.
fn run_length(items: usize, jobs: usize) -> usize {
    (items / (jobs.max(1) * RUNS_PER_JOB)).clamp(1, RUN)
}

/// `work` over `items` on `jobs` threads (one: in this thread); `use_result` gets each item's result in the items' order, as soon as it and every
/// item before it are done. An error from `use_result` stops the run: no new item starts.
///
/// The threads (this one and `jobs - 1` scoped threads) take the next run of items (up to `RUN`) from a
/// shared counter, and each hands its own results to `use_result` when their turn comes, so a
/// result is used and freed by the thread that made it: no printer thread, no hand-off. A thread
/// blocks (never spins) when it is `AHEAD_PER_JOB` items per thread ahead of the printing. A
/// rayon pool over fixed chunks cost 10–36 % more CPU at `--jobs 2` than one thread: its idle
/// workers spun at every chunk's end, waiting for the chunk's slowest item; a printer thread fed
/// by a channel cost 13 % more on 10,000 `.puz` files (each report freed by another thread than
/// the one that allocated it, and two wake-ups of the printer every 16 files).
pub fn each_in_order<T: Sync, R>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
    mut use_result: impl FnMut(&T, R) -> Result<(), Error> + Send,
) -> Result<(), Error> {
    let jobs = jobs.clamp(1, items.len().max(1));
    if jobs == 1 {
        items.iter().try_for_each(|item| use_result(item, work(item)))
    } else {
        in_threads(items, jobs, run_length(items.len(), jobs), &work, use_result)
    }
}

/// What the threads share.
struct Shared<'a, T, F> {
    /// The items in runs of [`run_length`].
    runs: Vec<&'a [T]>,
    /// The next run to take.
    next: AtomicUsize,
    /// How many runs were handed to `use_result` (the next one's number). It changes only under
    /// `printer`'s lock; a thread reads it without the lock to see whether its turn came.
    printed: AtomicUsize,
    /// `use_result` failed, or a thread panicked: no new run starts.
    stopped: AtomicBool,
    printer: Mutex<Printer<F>>,
    /// Signalled when `printed` moves or the run stops, if a thread waits.
    moved: Condvar,
    /// How many runs past the next to print a thread may take.
    window: usize,
}

/// `use_result`, and what goes with using it.
struct Printer<F> {
    use_result: F,
    /// How many threads wait on `moved`: a print signals only when one does.
    waiting: usize,
    /// The error that stopped the run.
    error: Option<Error>,
}

/// A thread's finished runs, not yet handed on (waiting for an earlier run of another thread):
/// run numbers in increasing order, with their results.
type Done<R> = VecDeque<(usize, Vec<R>)>;

/// What a waiting thread waits for.
#[derive(Clone, Copy)]
enum Until {
    /// Room to take run `i`.
    Room(usize),
    /// Its own runs handed on.
    Handed,
}

fn in_threads<T: Sync, R, F: FnMut(&T, R) -> Result<(), Error> + Send>(
    items: &[T],
    jobs: usize,
    run_length: usize,
    run: &(impl Fn(&T) -> R + Sync),
    use_result: F,
) -> Result<(), Error> {
    let shared = Shared {
        runs: items.chunks(run_length).collect(),
        next: AtomicUsize::new(0),
        printed: AtomicUsize::new(0),
        stopped: AtomicBool::new(false),
        printer: Mutex::new(Printer { use_result, waiting: 0, error: None }),
        moved: Condvar::new(),
        window: (AHEAD_PER_JOB * jobs / run_length).max(2),
    };
    std::thread::scope(|scope| {
        for _ in 1..jobs {
            let shared = &shared;
            scope.spawn(move || shared.work(run));
        }
        // This thread is one of the workers.
        shared.work(run);
    });
    match shared.printer.into_inner() {
        Ok(Printer { error: Some(e), .. }) => Err(e),
        _ => Ok(()),
    }
}

impl<T: Sync, F> Shared<'_, T, F> {
    /// One thread's part: take runs until none is left, hand each run's results on when its
    /// turn comes.
    fn work<R>(&self, run: &impl Fn(&T) -> R)
    where
        F: FnMut(&T, R) -> Result<(), Error>,
    {
        // A panicking thread stops the run, so the others do not wait for its turn forever (the
        // panic itself is raised again when the scope ends).
        let _stop_on_panic = StopOnPanic(self);
        let mut done: Done<R> = VecDeque::new();
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.runs.len() {
                break;
            }
            if i >= self.printed.load(Ordering::Acquire) + self.window
                && !self.wait(&mut done, Until::Room(i))
            {
                return;
            }
            if self.stopped.load(Ordering::Relaxed) {
                return;
            }
            done.push_back((i, self.runs[i].iter().map(run).collect()));
            // The lock only when this thread's turn came (read without it, the count can be
            // behind: the turn is then taken after the next run, or while waiting).
            let turn = done.front().is_some_and(|(first, _)| *first == self.printed.load(Ordering::Acquire));
            if turn && !self.take_turn(&mut done) {
                return;
            }
        }
        if !done.is_empty() {
            self.wait(&mut done, Until::Handed);
        }
    }

    /// Hand on this thread's runs whose turn came; false when the run stopped.
    fn take_turn<R>(&self, done: &mut Done<R>) -> bool
    where
        F: FnMut(&T, R) -> Result<(), Error>,
    {
        let Ok(mut printer) = self.printer.lock() else { return false };
        self.hand_on(&mut printer, done);
        !self.stopped.load(Ordering::Relaxed)
    }

    /// Hand on this thread's runs whose turn came, then block until `until` holds (each time
    /// `printed` moves, hand on again); false when the run stopped.
    fn wait<R>(&self, done: &mut Done<R>, until: Until) -> bool
    where
        F: FnMut(&T, R) -> Result<(), Error>,
    {
        let Ok(mut printer) = self.printer.lock() else { return false };
        loop {
            self.hand_on(&mut printer, done);
            if self.stopped.load(Ordering::Relaxed) {
                return false;
            }
            let holds = match until {
                Until::Room(i) => i < self.printed.load(Ordering::Relaxed) + self.window,
                Until::Handed => done.is_empty(),
            };
            if holds {
                return true;
            }
            printer.waiting += 1;
            printer = match self.moved.wait(printer) {
                Ok(p) => p,
                Err(_) => return false,
            };
            printer.waiting -= 1;
        }
    }

    /// Give `use_result` this thread's runs that are next in order (with `printer` locked).
    fn hand_on<R>(&self, printer: &mut MutexGuard<'_, Printer<F>>, done: &mut Done<R>)
    where
        F: FnMut(&T, R) -> Result<(), Error>,
    {
        let mut printed = self.printed.load(Ordering::Relaxed);
        let start = printed;
        while !self.stopped.load(Ordering::Relaxed)
            && let Some((i, _)) = done.front()
            && *i == printed
        {
            let Some((i, results)) = done.pop_front() else { break };
            for (item, result) in self.runs[i].iter().zip(results) {
                if let Err(e) = (printer.use_result)(item, result) {
                    // The others stop at their next run; what they are doing is dropped.
                    printer.error = Some(e);
                    self.stopped.store(true, Ordering::Relaxed);
                    self.moved.notify_all();
                    return;
                }
            }
            printed += 1;
            self.printed.store(printed, Ordering::Release);
        }
        if printed != start && printer.waiting > 0 {
            self.moved.notify_all();
        }
    }
}

/// Stops the run when the thread holding it unwinds from a panic.
struct StopOnPanic<'a, 'b, T, F>(&'a Shared<'b, T, F>);

impl<T, F> Drop for StopOnPanic<'_, '_, T, F> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stopped.store(true, Ordering::Relaxed);
            // Taken so that a thread about to wait sees `stopped` (a poisoned lock is taken too).
            let _lock = self.0.printer.lock();
            self.0.moved.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Work whose cost varies from item to item, so that the threads finish their runs out of
    /// order and wait for each other's turns.
    fn uneven(item: &usize) -> usize {
        let mut x = *item as u64;
        for _ in 0..(item * 7919 % 13) * 2000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        }
        std::hint::black_box(x);
        item * 3
    }

    #[test]
    fn results_come_in_the_items_order_at_any_thread_count() {
        for n in [0, 1, 15, 16, 17, 100, 1000] {
            let items: Vec<usize> = (0..n).collect();
            for jobs in 1..=5 {
                let mut seen = Vec::new();
                each_in_order(&items, jobs, uneven, |item, result| {
                    assert_eq!(result, item * 3);
                    seen.push(*item);
                    Ok(())
                })
                .unwrap();
                assert_eq!(seen, items, "{n} items, {jobs} jobs");
            }
        }
    }

    #[test]
    fn a_few_items_still_go_to_every_thread() {
        // Two heavy inputs on two threads run at once: each thread takes one.
        assert_eq!(run_length(2, 2), 1);
        assert_eq!(run_length(100, 2), 6);
        assert_eq!(run_length(10_000, 2), RUN);
        let items = [0usize, 1];
        let started = AtomicUsize::new(0);
        let together = AtomicUsize::new(0);
        each_in_order(
            &items,
            2,
            |_| {
                // Each item waits (up to ten seconds) for the other to start: with one thread
                // doing both in turn, neither sees the other.
                started.fetch_add(1, Ordering::SeqCst);
                let give_up = std::time::Instant::now() + std::time::Duration::from_secs(10);
                while started.load(Ordering::SeqCst) < 2 && std::time::Instant::now() < give_up {
                    std::thread::yield_now();
                }
                if started.load(Ordering::SeqCst) == 2 {
                    together.fetch_add(1, Ordering::SeqCst);
                }
            },
            |_, _| Ok(()),
        )
        .unwrap();
        assert_eq!(together.load(Ordering::SeqCst), 2, "both items were in work at once");
    }

    #[test]
    fn an_error_stops_the_run() {
        let items: Vec<usize> = (0..2000).collect();
        for jobs in 1..=4 {
            let mut seen = 0;
            let outcome = each_in_order(&items, jobs, uneven, |item, _| {
                if *item == 300 {
                    return Err(Error::io("stop here"));
                }
                seen += 1;
                Ok(())
            });
            assert_eq!(outcome.map_err(|e| e.message), Err("stop here".to_string()), "{jobs} jobs");
            assert_eq!(seen, 300, "{jobs} jobs: the items before the error, in order");
        }
    }

    #[test]
    fn a_panicking_thread_stops_the_run() {
        let items: Vec<usize> = (0..2000).collect();
        for jobs in 2..=3 {
            let outcome = std::panic::catch_unwind(|| {
                let _ = each_in_order(
                    &items,
                    jobs,
                    |item: &usize| {
                        assert_ne!(*item, 500, "a bad item");
                        uneven(item)
                    },
                    |_, _| Ok(()),
                );
            });
            assert!(outcome.is_err(), "{jobs} jobs: the panic comes through, the others do not wait");
        }
    }
}
