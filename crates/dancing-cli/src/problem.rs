//! `dancing problem`: classic exact-cover problems, counted and pictured.

use std::io::{BufWriter, Write};
use std::sync::Arc;

use dancing::problems::{self, Drawing};
use dancing::{AnyEngine, Engine, EngineName, OptionId, Problem, Stats};

use crate::answer::Answer;
use crate::args::{ProblemArgs, ProblemKind, XcArgs};
use crate::failure::{Failure, Outcome};
use crate::output::{Format, PictureTarget};
use crate::picture::{Kept, Picture, Sheet, draw_solutions};
use crate::plan::{self, Mode};
use crate::{report, search, xc};

pub(crate) fn run(kind: &ProblemKind) -> Result<Outcome, Failure> {
    if let ProblemKind::Tiling {
        file,
        svg,
        format,
        search,
    } = kind
    {
        let target = crate::output::PictureTarget::open(svg.as_deref(), *format)?;
        return crate::tiling::run(file.as_deref(), search, target);
    }
    if let Some((size, args)) = size(kind) {
        crate::memory::check_build(size, args.max_memory, "the problem")?;
    }
    let (problem, args) = match kind {
        ProblemKind::Queens { n, args } => (problems::queens(usize::from(*n)), args),
        ProblemKind::Langford { n, args } => (problems::langford(usize::from(*n)), args),
        ProblemKind::Pentomino {
            size: (width, height),
            args,
        } => (problems::pentominoes(*width, *height), args),
        ProblemKind::Latin { n, args } => (problems::latin_square(usize::from(*n)), args),
        ProblemKind::Domino {
            size: (width, height),
            args,
        } => (problems::dominoes(*width, *height), args),
        ProblemKind::Polyomino {
            board,
            pieces,
            turns,
            uses,
            args,
        } => {
            let board = crate::polyomino::board(board, args.max_memory)?;
            let pieces = crate::polyomino::pieces(pieces, args.max_memory)?;
            let (problem, built) =
                crate::polyomino::problem(&board, &pieces, (*turns, *uses), args)?;
            if let Some(note) = crate::polyomino::cells_note(&board, &pieces, *uses)
                && !args.search.report.quiet
            {
                stderr_line!("{note}");
            }
            // The build counts in --timeout: the search has what is left.
            let mut args = args.clone();
            args.search.timeout = args
                .search
                .timeout
                .map(|t| (t - built.as_secs_f64()).max(f64::MIN_POSITIVE));
            return answer(&problem, &args, Drawing::Packing(Arc::new(board)), kind);
        }
        ProblemKind::Tiling { .. } => unreachable!("answered above"),
    };
    answer(&problem, args, drawn(kind), kind)
}

/// Prints `problem`, or counts or draws its solutions as `args` ask.
fn answer(
    problem: &Problem,
    args: &ProblemArgs,
    drawn: Drawing,
    kind: &ProblemKind,
) -> Result<Outcome, Failure> {
    let wants_picture = args.svg.is_some() || args.format == Format::Svg;
    if wants_picture && !drawn.has_svg() {
        let named = args.svg.as_ref().map_or_else(
            || "--format svg".to_owned(),
            |path| format!("--svg {}", path.display()),
        );
        return Err(Failure::input(format!(
            "{named}: only queens, pentominoes, dominoes and polyomino packings are drawn \
             as pictures"
        )));
    }
    let target = PictureTarget::open(args.svg.as_deref(), args.format)?;
    let kept = target.as_ref().map(|_| Kept::default());
    let mut out = BufWriter::new(crate::output::stdout());
    if args.dlx {
        out.write_all(dancing::format::to_string(problem).as_bytes())?;
        out.flush()?;
        return Ok(Outcome::ANSWERED);
    }
    let text = drawn.clone();
    let picture = Picture {
        draw: Arc::new(move |problem, solution| text.text(problem, solution)),
    };
    let xc = args.xc(picture, kept.clone());
    let engine = plan::check_engine(&xc)?;
    if let ProblemKind::Langford { n, .. } = kind
        && !problems::langford_exists(usize::from(*n))
    {
        return none_exist(usize::from(*n), args, &mut out);
    }
    if engine == EngineName::Memo
        && !args.count
        && args.memo.sample.is_none()
        && !args.memo.queried()
    {
        return Err(Failure::input(
            "`dancing problem` with --memo counts (--count), draws (--sample K) or \
             answers --marginals and --backbone; leave --memo out to see the number of \
             solutions and the first one drawn",
        ));
    }
    let name = "the problem";
    let plan = plan::plan(&xc, engine, name, problem)?;
    suggest_memo(kind, &xc);
    if args.count || plan.mode == Mode::Memo {
        drop(out);
        // The solutions the memo drew (--sample K), kept as they were printed.
        let outcome = xc::execute(&plan, &xc, name, problem)?;
        if let (Some(target), Some(kept)) = (target, kept) {
            let quiet = args.search.report.quiet;
            target.finish(&draw_solutions(&drawn, problem, &kept.take(), quiet))?;
        }
        return Ok(outcome);
    }
    let engine =
        AnyEngine::new(problem, plan.engine).map_err(|e| Failure::input(format!("{name}: {e}")))?;
    let threads = match plan.mode {
        Mode::Threads(threads) => threads,
        _ => 1,
    };
    let svg = target.map(|target| (target, drawn));
    first_drawn(&xc, problem, (engine, threads), &mut out, svg)
}

/// About how many items and nodes the problem of `kind` has, before it is built (an
/// upper bound), with its arguments; `None` for the kinds that count their own size
/// (polyomino packings, tilings).
fn size(kind: &ProblemKind) -> Option<((u64, u64), &ProblemArgs)> {
    let cube = |n: u16| u64::from(n).pow(3);
    let square = |n: u16| u64::from(n).pow(2);
    let area = |(w, h): (usize, usize)| (w as u64).saturating_mul(h as u64);
    Some(match kind {
        // Rows, columns and both diagonals; a square a queen, four items and a spacer.
        ProblemKind::Queens { n, args } => ((6 * u64::from(*n), 5 * square(*n)), args),
        // 3n items; under n² options of three items and a spacer.
        ProblemKind::Langford { n, args } => ((3 * u64::from(*n), 4 * square(*n)), args),
        // Cells, row-symbols, column-symbols; n³ options of three and a spacer.
        ProblemKind::Latin { n, args } => ((3 * square(*n), 4 * cube(*n)), args),
        // A cell an item; two dominoes a cell, two cells and a spacer each.
        ProblemKind::Domino { size, args } => ((area(*size), 6 * area(*size)), args),
        // Cells and pieces; 63 orientations a cell, five cells, a piece and a spacer.
        ProblemKind::Pentomino { size, args } => ((area(*size) + 12, 7 * 63 * area(*size)), args),
        ProblemKind::Polyomino { .. } | ProblemKind::Tiling { .. } => return None,
    })
}

/// Langford's n ≡ 1, 2 (mod 4): no pairing exists, answered without a search.
fn none_exist(n: usize, args: &ProblemArgs, out: &mut impl Write) -> Result<Outcome, Failure> {
    let stats = Stats::default();
    let answer = Answer::of(&stats).field("engine", "none");
    let text = match args.count {
        true => answer.count_text(),
        false => report::solutions_found(&stats),
    };
    writeln!(out, "{text}")?;
    out.flush()?;
    stderr_line!(
        "note: no Langford pairing exists for n = {n}: the two k's at p and p + k + 1 make \
         the positions' sum have the wrong parity unless n ≡ 0 or 3 (mod 4); no search ran"
    );
    answer.print(&args.search);
    Ok(Outcome::ANSWERED)
}

/// On boards of dominoes, where the memo counts in milliseconds what the plain search
/// takes hours to enumerate, a note says so when a search is about to visit every
/// tiling: not with `--count`, which takes the memo there by itself (unless
/// `--no-memo`), nor when the memo is asked for.
fn suggest_memo(kind: &ProblemKind, xc: &XcArgs) {
    if let ProblemKind::Domino {
        size: (width, height),
        ..
    } = kind
        && width * height >= 64
        && !xc.memo.wanted()
        && !xc.count
        && !xc.search.report.quiet
    {
        stderr_line!(
            "note: the {width}x{height} board has many tilings, and this search visits every \
             one; --count counts them in milliseconds (with the memo), --sample K --seed S \
             draws some uniformly"
        );
    }
}

/// Counts the solutions (up to `--limit`) on `threads` threads and draws the first.
fn first_drawn(
    xc: &XcArgs,
    problem: &Problem,
    (mut engine, threads): (AnyEngine, usize),
    out: &mut impl Write,
    svg: Option<(PictureTarget, Drawing)>,
) -> Result<Outcome, Failure> {
    let name = engine.name();
    // The solutions kept: the first, and with --svg and --limit N the first N drawn
    // (at most MOST_DRAWN, the others counted as left out).
    let wanted = match (&svg, xc.limit) {
        (Some(_), Some(limit)) => limit,
        _ => 1,
    };
    let mut seen = 0u64;
    let mut kept = Sheet::default();
    let mut keep = |solution: &[OptionId]| {
        if seen < wanted {
            kept.push(solution.to_vec());
        }
        seen += 1;
        Ok(())
    };
    let stats = if threads > 1 {
        crate::memory::check_copies(xc, problem, &engine, threads + 1, "--threads")?;
        search::run_parallel(engine, threads, &xc.search, xc.limit, false, keep)?
    } else {
        search::run(&mut engine, &xc.search, xc.limit, &mut keep)?
    };
    writeln!(out, "{}", report::solutions_found(&stats))?;
    if let (Some(solution), Some(Picture { draw })) = (kept.kept().first(), &xc.picture) {
        writeln!(out, "first solution:")?;
        out.write_all(draw(problem, solution).as_bytes())?;
    }
    out.flush()?;
    if let Some((target, drawn)) = svg {
        let quiet = xc.search.report.quiet;
        target.finish(&draw_solutions(&drawn, problem, &kept, quiet))?;
    }
    let mut answer = Answer::of(&stats).field("engine", name);
    if threads > 1 {
        answer = answer.field("threads", threads);
    }
    Ok(answer.print(&xc.search))
}

/// How a solution of `kind` is drawn.
fn drawn(kind: &ProblemKind) -> Drawing {
    match kind {
        ProblemKind::Queens { .. } => Drawing::Queens,
        ProblemKind::Langford { .. } => Drawing::Langford,
        ProblemKind::Pentomino {
            size: (width, height),
            ..
        } => Drawing::Packing(Arc::new(problems::Board::rectangle(*width, *height))),
        ProblemKind::Latin { n, .. } => Drawing::Latin(usize::from(*n)),
        ProblemKind::Domino { size, .. } => Drawing::Dominoes(*size),
        ProblemKind::Polyomino { .. } | ProblemKind::Tiling { .. } => Drawing::Nothing,
    }
}
