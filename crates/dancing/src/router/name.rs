//! The names of the engines, and what each can do.

/// An engine, by the name the front ends take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum EngineName {
    /// Algorithm M when the problem has multiplicities, else the faster of the links
    /// and the dense engine on the first nodes. The default.
    #[default]
    Auto,
    /// Dancing links ([`Solver`](crate::Solver)): every capability.
    Links,
    /// The dense bitsets ([`DenseSolver`](crate::DenseSolver)), for problems of few options.
    Dense,
    /// Dancing cells (`CellsSolver`): one thread, no prefixes; only in a build with
    /// the `cells` feature.
    Cells,
    /// Algorithm M ([`MultiSolver`](crate::MultiSolver)): multiplicities.
    Multi,
    /// The memoized search ([`Memo`](crate::Memo)): counts without visiting, lists and
    /// draws from its diagram; one thread, all the solutions.
    Memo,
}

/// What a search may be asked besides searching on one thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Capability {
    /// Several threads sharing one search ([`ParallelSolver`](crate::ParallelSolver)).
    Threads,
    /// Cutting the search into subproblems at a depth.
    Split,
    /// Cutting the search into a number of balanced subproblems (Knuth's estimates).
    SplitJobs,
    /// Searching below a prefix, a subproblem of a split.
    Prefix,
    /// The cheapest solutions (costs: branch and bound).
    Cheapest,
    /// The problem as a formula, and the learner that solves it.
    Formula,
    /// The cases of the HUST 1017 matrix format, each answered by its first cover.
    Matrix,
    /// Options forced before the search, anywhere in the problem (Python's `given=`,
    /// a sudoku's givens): every solution holds them.
    Forced,
}

impl EngineName {
    /// Every name, in the order of the command line's help.
    pub const ALL: [Self; 6] = [
        Self::Auto,
        Self::Links,
        Self::Dense,
        Self::Cells,
        Self::Multi,
        Self::Memo,
    ];

    /// What it is, in a line (the command line's help lists it).
    pub fn description(self) -> &'static str {
        match self {
            Self::Auto => {
                "The faster of links and dense on this problem, timed on its first nodes \
                 (Algorithm M when it has multiplicities)"
            }
            Self::Links => "Dancing links (Algorithms X and C): every feature",
            Self::Dense => {
                "Bitsets of live options, for small problems: counts and solutions, on \
                 threads, split"
            }
            Self::Cells => {
                "Dancing cells (sparse sets, TAOCP 7.2.2.3): counts and solutions on one \
                 thread, in builds with the `cells` feature"
            }
            Self::Multi => {
                "Multiplicities (Knuth's Algorithm M, `u:v|name` bounds): counts and \
                 solutions, on threads, split. Files with bounds use it without being asked"
            }
            Self::Memo => {
                "The memoized search (as --memo): counts without visiting, from a ZDD of \
                 all the solutions; one thread"
            }
        }
    }

    /// Its word: `auto`, `links`, `dense`, `cells`, `multi` or `memo`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Links => "links",
            Self::Dense => "dense",
            Self::Cells => "cells",
            Self::Multi => "multi",
            Self::Memo => "memo",
        }
    }

    /// The cargo feature this build lacks for the engine, if any: `cells` for dancing
    /// cells without it.
    ///
    /// ```
    /// use dancing::EngineName;
    ///
    /// assert_eq!(EngineName::Links.missing_feature(), None);
    /// let cells = EngineName::Cells.missing_feature();
    /// assert_eq!(cells.is_none(), cfg!(feature = "cells"));
    /// ```
    pub fn missing_feature(self) -> Option<&'static str> {
        match self {
            Self::Cells if !cfg!(feature = "cells") => Some("cells"),
            _ => None,
        }
    }

    /// The engine `self` names for `problem`, as far as the router knows it before any
    /// search: `auto` is Algorithm M for a problem with multiplicities, else it stays
    /// `auto` (the links or the dense engine, whichever its probe finds faster); every
    /// other name is itself. A front end asks it to refuse, before a search, what the
    /// engine picked cannot do.
    ///
    /// ```
    /// use dancing::{EngineName, format::parse_str};
    ///
    /// let bounded = parse_str("2|a b\na\na b\nb\n")?;
    /// assert_eq!(EngineName::Auto.for_problem(&bounded), EngineName::Multi);
    /// assert_eq!(EngineName::Links.for_problem(&bounded), EngineName::Links);
    /// let plain = parse_str("a b\na b\n")?;
    /// assert_eq!(EngineName::Auto.for_problem(&plain), EngineName::Auto);
    /// # Ok::<(), dancing::ParseError>(())
    /// ```
    pub fn for_problem(self, problem: &crate::problem::Problem) -> Self {
        match self {
            Self::Auto if problem.has_bounds() => Self::Multi,
            name => name,
        }
    }

    /// Whether the engine can do `what` (`auto` can do whatever the engine it picks
    /// for a problem can; a problem with multiplicities goes to Algorithm M).
    ///
    /// ```
    /// use dancing::{Capability, EngineName};
    ///
    /// assert!(EngineName::Dense.can(Capability::Threads));
    /// assert!(!EngineName::Cells.can(Capability::Threads));
    /// assert!(!EngineName::Multi.can(Capability::SplitJobs));
    /// assert!(!EngineName::Dense.can(Capability::Forced));
    /// ```
    pub fn can(self, what: Capability) -> bool {
        use Capability::{Prefix, Split, SplitJobs, Threads};
        match self {
            Self::Auto | Self::Links => true,
            Self::Dense => matches!(what, Threads | Split | SplitJobs | Prefix),
            Self::Multi => matches!(what, Threads | Split | Prefix),
            // The memo's diagram gives the cheapest solutions without a search.
            Self::Memo => matches!(what, Capability::Cheapest),
            Self::Cells => false,
        }
    }
}

crate::names::named!(EngineName, "engine");
