//! The run engine over several inputs is the library's ([`pzl::run::each_in_order`]); the binary
//! adds its progress bar.

use pzl::Error;

use crate::io::Ctx;

/// [`pzl::run::each_in_order`] with a progress bar on a terminal (`what` is its label).
pub fn each_in_order<T: Sync, R>(
    ctx: &Ctx,
    items: &[T],
    jobs: usize,
    what: &str,
    work: impl Fn(&T) -> R + Sync,
    use_result: impl FnMut(&T, R) -> Result<(), Error> + Send,
) -> Result<(), Error> {
    let bar = ctx.progress(items.len() as u64, what);
    let outcome = pzl::run::each_in_order(
        items,
        jobs,
        |item| {
            let result = work(item);
            bar.inc(1);
            result
        },
        use_result,
    );
    bar.finish_and_clear();
    outcome
}
