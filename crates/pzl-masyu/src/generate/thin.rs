//! Taking pearls away one at a time, each removal decided by the rules, without running the
//! rules from nothing for each one.
//!
//! The pearls are tried in the order [`Pearls::next_to_take`] gives (the top of a black list or
//! of a white list, whichever colour is above its share). Trying pearl `u` asks whether the
//! rules solve every pearl still placed but `u`: the pearls kept so far and every pearl not yet
//! tried. So the next `m` tries all share every placed pearl except the top `m` of each list:
//! that state is propagated once, and the window is halved, recursively, down to a single try,
//! which adds one pearl to an almost finished state. Each level of the recursion propagates
//! about one puzzle's worth, so a run of `n` tries costs about `log2 n` full propagations instead
//! of `n`, and decides exactly what trying them one by one from nothing decides.

use super::{Maker, Pearls, Stopped, Taken};
use crate::solver::{Difficulty, IncrementalRules};

/// Before each try: whether to go on.
pub(super) type GoOn<'a> = dyn FnMut(&mut Maker, &Pearls) -> Result<bool, Stopped> + 'a;
/// One try, with the pearl (the cell given) already taken out of `Pearls` and `rules` holding
/// every other placed pearl (not yet run): whether it stays away.
pub(super) type Decide<'a> =
    dyn FnMut(&mut Maker, &Pearls, usize, &mut IncrementalRules) -> Result<Taken, Stopped> + 'a;

/// The tries of one [`thin`] call.
struct Run<'m, 'a> {
    maker: &'m mut Maker<'a>,
    /// The pearls not yet tried, taken from the end.
    blacks: Vec<usize>,
    whites: Vec<usize>,
    stopped: bool,
}

/// Try taking away the pearls of `lists` (black, white: one per orbit, taken from the end) in
/// [`Pearls::next_to_take`]'s order, with the rules of `level`, until `go_on` says no, a try
/// says [`Taken::YesAndStop`], or none is left.
pub(super) fn thin(
    maker: &mut Maker,
    pearls: &mut Pearls,
    level: Difficulty,
    lists: (Vec<usize>, Vec<usize>),
    go_on: &mut GoOn,
    decide: &mut Decide,
) -> Result<(), Stopped> {
    let (blacks, whites) = lists;
    let mut run = Run { maker, blacks, whites, stopped: false };
    while !run.stopped && (!run.blacks.is_empty() || !run.whites.is_empty()) {
        // A window as long as the longer list holds every pearl not yet tried: the rules start
        // with the pearls kept. It takes as many tries as it is long; a second round finishes
        // the other list.
        let window = run.blacks.len().max(run.whites.len()).next_power_of_two();
        let untried: Vec<usize> = run.blacks.iter().chain(&run.whites).copied().collect();
        let mut rules = pearls.incremental_rules(level, &untried);
        run.window(pearls, &mut rules, window, go_on, decide)?;
    }
    Ok(())
}

impl Run<'_, '_> {
    /// The top `size` (a power of two) of each list: the pearls the next `size` tries draw from.
    fn top(&self, size: usize) -> impl Iterator<Item = usize> + '_ {
        let b = self.blacks.len().saturating_sub(size);
        let w = self.whites.len().saturating_sub(size);
        self.blacks[b..].iter().chain(&self.whites[w..]).copied()
    }

    /// Up to `size` tries. `rules` holds every placed pearl but the top `size` of each list,
    /// propagated.
    fn window(
        &mut self,
        pearls: &mut Pearls,
        rules: &mut IncrementalRules,
        size: usize,
        go_on: &mut GoOn,
        decide: &mut Decide,
    ) -> Result<(), Stopped> {
        if size == 1 {
            return self.one(pearls, rules, go_on, decide);
        }
        let window: Vec<usize> = self.top(size).collect();
        for _ in 0..2 {
            if self.stopped {
                break;
            }
            let save = rules.save();
            // Every pearl of the window still placed (kept, or not yet tried) and outside the
            // next half joins the rules.
            let half: Vec<usize> = self.top(size / 2).collect();
            for &i in &window {
                if pearls.placed[i].is_pearl() && !half.contains(&i) {
                    pearls.tell(i, rules);
                }
            }
            rules.propagate();
            self.window(pearls, rules, size / 2, go_on, decide)?;
            rules.undo_to(save);
        }
        Ok(())
    }

    /// One try: `rules` holds every placed pearl but the top of each list.
    fn one(
        &mut self,
        pearls: &mut Pearls,
        rules: &mut IncrementalRules,
        go_on: &mut GoOn,
        decide: &mut Decide,
    ) -> Result<(), Stopped> {
        if !go_on(self.maker, pearls)? {
            self.stopped = true;
            return Ok(());
        }
        let tops = [self.blacks.last().copied(), self.whites.last().copied()];
        let Some(i) = pearls.next_to_take(&mut self.blacks, &mut self.whites) else {
            self.stopped = true;
            return Ok(());
        };
        pearls.set(i, false);
        let save = rules.save();
        // The other list's top is still placed.
        for top in tops.into_iter().flatten().filter(|&t| t != i) {
            pearls.tell(top, rules);
        }
        let taken = decide(self.maker, pearls, i, rules);
        rules.undo_to(save);
        match taken? {
            Taken::Yes => {}
            Taken::YesAndStop => self.stopped = true,
            Taken::No => pearls.set(i, true),
        }
        Ok(())
    }
}
