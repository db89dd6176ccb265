//! The integration tests of `dancing-sat`, one binary with a module per topic: the
//! learner against brute force on small random problems, known counts, and its
//! statistics and limits.

mod brute_force;
mod limits;
mod oracles;

use dancing::{ItemId, OptionId, Problem};

/// Whether `options` form an exact cover of `problem`, by the definition and nothing of
/// the engine's (not [`Problem::verify`]): every primary item used once; a secondary
/// item used at most once, or only by options that all give it one color.
pub(crate) fn is_cover(problem: &Problem, options: &[OptionId]) -> bool {
    let mut uses: Vec<Vec<Option<dancing::ColorId>>> = vec![Vec::new(); problem.item_count()];
    for &option in options {
        if option.index() >= problem.option_count() {
            return false;
        }
        for (item, color) in problem.option_items(option) {
            uses[item.index()].push(color);
        }
    }
    (0..problem.item_count()).all(|k| {
        let item_uses = &uses[k];
        if problem.is_primary(ItemId::new(k)) {
            item_uses.len() == 1
        } else {
            item_uses.len() <= 1
                || (item_uses[0].is_some() && item_uses.iter().all(|c| *c == item_uses[0]))
        }
    })
}
