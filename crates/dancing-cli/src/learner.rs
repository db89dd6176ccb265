//! `dancing xc --solver sat` and `--solver auto`: the CDCL learner, and dancing links
//! under a node budget that hands over to it.

use std::io::{BufWriter, Write};

use dancing::{OptionId, Problem, Solver, Stats};
use dancing_sat::{Handover, Learner};

use crate::answer::Answer;
use crate::args::{SearchArgs, XcArgs};
use crate::failure::{Failure, Outcome};
use crate::output::print_solution;
use crate::plan::Plan;
use crate::report;
use crate::search;

/// `--solver auto` with `--limit`: dancing links under a node budget, collecting what
/// they find (at most `--limit` solutions). If the budget settles the search, its
/// answers are printed as a plain search prints them; if it runs out, the learner
/// answers instead, and the nodes spent count in its statistics.
pub(crate) fn budgeted(plan: &Plan, args: &XcArgs, problem: &Problem) -> Result<Outcome, Failure> {
    let handover = Handover::default();
    let limits = args.search.limits();
    let budgeted = SearchArgs {
        max_nodes: handover.first_limits(&limits).max_nodes,
        ..args.search.clone()
    };
    let mut found: Vec<Vec<OptionId>> = Vec::new();
    let mut solver = Solver::new(problem);
    let stats = if plan.count {
        search::count(&mut solver, &budgeted, plan.limit)
    } else {
        search::run(&mut solver, &budgeted, plan.limit, |solution| {
            found.push(solution.to_vec());
            Ok(())
        })?
    };
    if handover.hands_over(&limits, &stats) {
        return learn(plan, args, problem, stats);
    }
    let mut out = BufWriter::new(crate::output::stdout());
    let answer = Answer::of(&stats).field("solver", "dlx");
    if plan.count {
        writeln!(out, "{}", answer.count_text())?;
    } else {
        let mut first = true;
        for solution in &found {
            print_solution(&mut out, problem, solution, &mut first, args)?;
        }
    }
    out.flush()?;
    Ok(answer.print(&args.search))
}

/// The CDCL learner: the first `--limit` solutions (all without it), printed as the
/// dancing links print them, each checked by the engine first. `spent` holds what
/// dancing links spent before handing over (`--solver auto`).
pub(crate) fn learn(
    plan: &Plan,
    args: &XcArgs,
    problem: &Problem,
    spent: Stats,
) -> Result<Outcome, Failure> {
    let mut learner = Learner::new(problem);
    learner.set_max_memory(args.max_memory);
    // The timeout counts from the links' start, when they ran first.
    let now = std::time::Instant::now();
    let started = now.checked_sub(spent.elapsed).unwrap_or(now);
    learner.set_limits(Handover::default().learner_limits(&args.search.limits(), started));
    let limit = if plan.count {
        report::count_bound(plan.limit)
    } else {
        plan.limit.unwrap_or(u64::MAX)
    };
    let mut out = BufWriter::new(crate::output::stdout());
    let mut first = true;
    let mut written = Ok(());
    let result = search::searching(|| {
        learner.search(&[], limit, |solution| {
            if !plan.count && written.is_ok() {
                written = print_solution(&mut out, problem, solution, &mut first, args);
            }
        })
    });
    written?;
    let count = result.map_err(|e| {
        Failure::input(format!(
            "internal error: the learner returned a wrong answer ({e})"
        ))
    })?;
    let learned = learner.stats();
    let learned_stats = Stats {
        solutions: count,
        elapsed: learned.elapsed,
        stopped: learned.stopped,
        ..Stats::default()
    };
    let stats = Handover::joined(&spent, &learned_stats);
    let stats = if plan.count {
        report::within_limit(stats, plan.limit)
    } else {
        stats
    };
    // The learner's work is its conflicts and solves; nodes and updates are the links'
    // probe before it, said only when there was one.
    let mut answer = Answer::of(&stats)
        .note(" by the learner")
        .counted_as("conflicts", learned.conflicts, "conflict")
        .counted_as("sat_solves", learned.solves, "SAT solve")
        .hidden("variables", learned.variables as u64)
        .hidden("clauses", learned.clauses as u64)
        .field("solver", "sat");
    if spent.nodes == 0 {
        answer = answer.unsaid(&["nodes", "updates"]);
    }
    if plan.count {
        writeln!(out, "{}", answer.count_text())?;
    }
    out.flush()?;
    Ok(answer.print(&args.search))
}
