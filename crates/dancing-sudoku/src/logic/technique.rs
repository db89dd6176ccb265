//! The techniques, their names and their scores.

/// A solving technique, ordered by difficulty (the order of [`Technique::ALL`], which is
/// the order of [`score`](Technique::score)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a unit.
    FullHouse,
    /// The only cell of a unit that can hold a value.
    HiddenSingle,
    /// A pointing whose eliminations leave a value one place in another box, where the
    /// step places it (Sudoku Explainer's "direct" form).
    DirectPointing,
    /// A claiming whose eliminations leave a value one place in another line, where the
    /// step places it.
    DirectClaiming,
    /// A hidden pair whose eliminations leave another value of its unit one place, where
    /// the step places it.
    DirectHiddenPair,
    /// A cell with a single candidate.
    NakedSingle,
    /// A hidden triple whose eliminations leave another value of its unit one place,
    /// where the step places it.
    DirectHiddenTriple,
    /// A value confined to one line inside a box leaves the rest of the line.
    Pointing,
    /// A value confined to one box inside a line leaves the rest of the box.
    Claiming,
    /// Two cells of a unit holding only the same two values.
    NakedPair,
    /// A fish of size 2: a value in two rows lies in two columns (or the transpose).
    XWing,
    /// Two values of a unit confined to the same two cells.
    HiddenPair,
    /// Three cells of a unit holding only three values between them.
    NakedTriple,
    /// A fish of size 3.
    Swordfish,
    /// Three values of a unit confined to the same three cells.
    HiddenTriple,
    /// A two-value pivot with two two-value pincers sharing a third value.
    XYWing,
    /// A three-value pivot with two two-value pincers sharing one of its values.
    XYZWing,
    /// A unique rectangle or loop, types 1, 2 and 4: cells whose two values could swap
    /// if nothing else held them, which a puzzle with one solution forbids. 4.5 for a
    /// rectangle, up to 5.0 for a loop of ten cells or more.
    UniqueRectangle,
    /// Four cells of a unit holding only four values between them.
    NakedQuad,
    /// A fish of size 4.
    Jellyfish,
    /// Four values of a unit confined to the same four cells.
    HiddenQuad,
    /// The bivalue universal grave, types 1 and 2: a grid with two candidates in every
    /// cell and two places for every value in every unit would have two solutions, so
    /// the candidates that keep the grid from it must hold. 5.6 for type 1, 5.7 for 2.
    Bug,
    /// Two-coloring of the conjugate pairs of one value (color wrap and color trap).
    SimpleColoring,
    /// A bidirectional cycle of one kind of link: an x-cycle (one value, its places in
    /// units) or a y-cycle (two-candidate cells). 6.5 and up with its length.
    Cycle,
    /// A forcing x-chain: one value's candidate that, assumed true, turns itself false,
    /// or assumed false, turns itself true. 6.6 and up with its length.
    ForcingXChain,
    /// A bidirectional cycle with both kinds of link. 7.0 and up with its length.
    XYCycle,
    /// A forcing chain with both kinds of link. 7.0 and up with its length.
    ForcingChain,
    /// An aligned triple exclusion: of the ways to fill three cells, those that repeat a
    /// value within a unit or take every candidate of a cell that sees all three are
    /// impossible; a candidate that no other way uses goes. 7.5.
    AlignedTripleExclusion,
    /// A Nishio forcing chain: a candidate that, followed through its value's places
    /// alone (and taking out what it turns off), leads to a contradiction. 7.5 and up.
    NishioForcingChain,
    /// Multiple forcing chains: what every candidate of a cell, or every place of a
    /// value in a unit, implies. 8.0 and up with the chains' length.
    MultipleForcingChain,
    /// Dynamic forcing chains: contradictions, double implications, cell and unit
    /// chains, taking out each candidate turned off as they go. 8.5 and up.
    DynamicForcingChain,
    /// Dynamic forcing chains "plus": the same, with locked candidates, hidden and
    /// naked pairs and x-wings applied inside the chains whenever their implications
    /// run out (Sudoku Explainer's level 1). 9.0 and up.
    DynamicForcingChainPlus,
    /// Nested forcing chains: dynamic chains "plus" that also look for forcing chains
    /// and cycles inside them (SE's level 2). 9.5 and up with their length, the nested
    /// chains' counted.
    NestedForcingChain,
    /// The same, with multiple forcing chains inside when forcing chains and cycles find
    /// nothing (SE's level 3). 10.0 and up.
    NestedMultipleForcingChain,
    /// Dynamic chains "plus" with dynamic forcing chains inside (SE's level 4). 10.5 and
    /// up.
    NestedDynamicForcingChain,
    /// Dynamic chains "plus" with dynamic forcing chains inside, then nested forcing
    /// chains inside when those find nothing (SE's level 5). 11.0 and up.
    NestedDynamicForcingChainPlus,
}

/// The techniques, easiest first, with their names and their scores in tenths (Sudoku
/// Explainer's): adding a technique is a variant of [`Technique`], a row here and in the
/// finders' table (`table.rs`; tests check that both follow the variants' order), and
/// its family's module.
#[rustfmt::skip]
const TABLE: [(Technique, &str, u16); Technique::COUNT] = {
    use Technique::*;
    [
        (FullHouse,              "full house",               10),
        (HiddenSingle,           "hidden single",            15),
        (DirectPointing,         "direct pointing",          17),
        (DirectClaiming,         "direct claiming",          19),
        (DirectHiddenPair,       "direct hidden pair",       20),
        (NakedSingle,            "naked single",             23),
        (DirectHiddenTriple,     "direct hidden triple",     25),
        (Pointing,               "pointing",                 26),
        (Claiming,               "claiming",                 28),
        (NakedPair,              "naked pair",               30),
        (XWing,                  "x-wing",                   32),
        (HiddenPair,             "hidden pair",              34),
        (NakedTriple,            "naked triple",             36),
        (Swordfish,              "swordfish",                38),
        (HiddenTriple,           "hidden triple",            40),
        (XYWing,                 "xy-wing",                  42),
        (XYZWing,                "xyz-wing",                 44),
        (UniqueRectangle,        "unique rectangle",         45),
        (NakedQuad,              "naked quad",               50),
        (Jellyfish,              "jellyfish",                52),
        (HiddenQuad,             "hidden quad",              54),
        (Bug,                    "bivalue universal grave",  56),
        (SimpleColoring,         "simple coloring",          60),
        (Cycle,                  "bidirectional cycle",      65),
        (ForcingXChain,          "forcing x-chain",          66),
        (XYCycle,                "bidirectional xy-cycle",   70),
        (ForcingChain,           "forcing chain",            70),
        (AlignedTripleExclusion, "aligned triple exclusion", 75),
        (NishioForcingChain,     "nishio forcing chain",     75),
        (MultipleForcingChain,   "multiple forcing chains",  80),
        (DynamicForcingChain,    "dynamic forcing chains",   85),
        (DynamicForcingChainPlus, "dynamic forcing chains (+)", 90),
        (NestedForcingChain,     "nested forcing chains",    95),
        (NestedMultipleForcingChain, "nested multiple forcing chains", 100),
        (NestedDynamicForcingChain, "nested dynamic forcing chains", 105),
        (NestedDynamicForcingChainPlus, "nested dynamic forcing chains (+)", 110),
    ]
};

impl Technique {
    /// How many techniques there are.
    pub const COUNT: usize = 36;

    /// Every technique, easiest first (the variants' order).
    pub const ALL: [Technique; Self::COUNT] = {
        let mut all = [Technique::FullHouse; Self::COUNT];
        let mut k = 0;
        while k < Self::COUNT {
            all[k] = TABLE[k].0;
            k += 1;
        }
        all
    };

    /// The name, in lower case as in a sentence: `"hidden single"`, `"x-wing"`, …
    pub fn name(self) -> &'static str {
        TABLE[self.index()].1
    }

    /// The score in tenths, so that scores compare exactly.
    pub(crate) fn tenths(self) -> u16 {
        TABLE[self.index()].2
    }

    /// The difficulty on Sudoku Explainer's scale (see the [module docs](super)). A hidden
    /// single scores 1.5 here; one in a box scores 1.2 as a [`Step`](super::Step).
    ///
    /// ```
    /// use dancing_sudoku::Technique;
    ///
    /// assert_eq!(Technique::NakedSingle.score(), 2.3);
    /// assert!(Technique::ALL.windows(2).all(|w| w[0].score() <= w[1].score()));
    /// ```
    pub fn score(self) -> f32 {
        tenths_to_score(self.tenths())
    }

    /// The position of this technique in [`ALL`](Self::ALL).
    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// A score in tenths as the `f32` of one decimal, which compares equal to the literal
/// (`23` gives exactly `2.3_f32`: the division is correctly rounded).
pub(crate) fn tenths_to_score(tenths: u16) -> f32 {
    f32::from(tenths) / 10.0
}

// Its words are read without regard to case, spaces, `-` and `_` (`"naked-pair"`,
// `"X_Wing"`), as every named setting's.
dancing::named!(Technique, "technique");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_without_case_or_separators() {
        assert_eq!("xy-wing".parse::<Technique>(), Ok(Technique::XYWing));
        assert_eq!(
            "Simple_Coloring".parse::<Technique>(),
            Ok(Technique::SimpleColoring)
        );
        let unknown = "y-wing".parse::<Technique>().unwrap_err();
        assert!(
            unknown
                .to_string()
                .starts_with("unknown technique `y-wing`: expected full house, ")
        );
    }

    #[test]
    fn the_table_follows_the_variants_and_the_scores_rise() {
        for (k, &(technique, name, ..)) in TABLE.iter().enumerate() {
            assert_eq!(technique.index(), k, "{name} is out of place in the table");
        }
        assert!(TABLE.windows(2).all(|w| w[0].2 <= w[1].2));
        let mut names: Vec<&str> = TABLE.iter().map(|row| row.1).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Technique::COUNT);
    }

    #[test]
    fn all_is_in_enum_order_and_names_round_trip() {
        for (i, t) in Technique::ALL.into_iter().enumerate() {
            assert_eq!(t.index(), i);
            assert_eq!(t.name().parse::<Technique>(), Ok(t));
            assert_eq!(t.to_string(), t.name());
        }
        assert!(
            Technique::ALL
                .windows(2)
                .all(|w| w[0] < w[1] && w[0].tenths() <= w[1].tenths())
        );
    }

    #[test]
    fn scores_are_exact_tenths() {
        assert_eq!(Technique::HiddenSingle.score(), 1.5);
        assert_eq!(Technique::Claiming.score(), 2.8);
        assert_eq!(Technique::XYWing.score(), 4.2);
        assert_eq!(Technique::SimpleColoring.score(), 6.0);
    }

    #[test]
    fn unknown_names_are_refused() {
        let err = "ywing".parse::<Technique>().unwrap_err();
        assert!(err.to_string().starts_with("unknown technique `ywing`"));
    }
}
