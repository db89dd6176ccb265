//! Settings chosen by a word (`--engine links`, `--turns rotations`, `--solver sat`):
//! one mechanism gives each its words, its [`Display`](std::fmt::Display) and
//! [`FromStr`](std::str::FromStr), the list of its choices, and one error that lists
//! them. The engine's settings, the sudoku crate's and the judges' all go through it, and
//! the command line and Python parse names only through it.

/// A setting chosen by a word: implemented by [`named!`](crate::named), which also
/// gives the type its `Display` and `FromStr`.
///
/// ```
/// use dancing::{EngineName, Named};
///
/// assert_eq!(EngineName::from_name("Links")?, EngineName::Links);
/// assert_eq!(EngineName::choices().len(), 6);
/// let unknown = "fast".parse::<EngineName>().unwrap_err();
/// assert_eq!(unknown.to_string(), "unknown engine `fast`: expected auto, links, dense, cells, multi or memo");
/// # Ok::<(), dancing::UnknownName>(())
/// ```
pub trait Named: Copy + 'static {
    /// What is named, in messages: `engine`, `turns`, `solver`.
    const SETTING: &'static str;

    /// Every choice, in the order of the help.
    fn choices() -> &'static [Self];

    /// The word of this choice.
    fn word(self) -> &'static str;

    /// Other words accepted for it (`uva1309` for the judge `poj3076`); none by default.
    fn aliases(self) -> &'static [&'static str] {
        &[]
    }

    /// The choice a word names, read without regard to case, spaces, `-` and `_`
    /// (`naked-pair`, `Naked_Pair` and `naked pair` are one technique).
    ///
    /// # Errors
    /// A word that names no choice: the error lists them.
    fn from_name(word: &str) -> Result<Self, UnknownName> {
        let wanted = key(word);
        Self::choices()
            .iter()
            .copied()
            .find(|choice| {
                key(choice.word()) == wanted || choice.aliases().iter().any(|a| key(a) == wanted)
            })
            .ok_or_else(|| UnknownName {
                setting: Self::SETTING,
                name: word.to_owned(),
                expected: Self::choices().iter().map(|c| c.word()).collect(),
            })
    }
}

/// A word compared without regard to case, spaces, `-` and `_`.
fn key(word: &str) -> String {
    word.trim()
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// A word that names none of a setting's choices (`--symmetry spiral`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown {setting} `{}`: expected {}",
    crate::format::quote(name),
    words(expected)
)]
pub struct UnknownName {
    /// What was named: `engine`, `symmetry`.
    pub setting: &'static str,
    /// The word given.
    pub name: String,
    /// The choices' words.
    pub expected: Vec<&'static str>,
}

/// `a, b or c`.
fn words(words: &[&str]) -> String {
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, first)) => format!("{} or {last}", first.join(", ")),
    }
}

/// Implements [`Named`] for a type with an inherent `ALL` (an array or a slice of its
/// choices) and an inherent `name(self) -> &'static str`, and gives it `Display` (its
/// word) and `FromStr` ([`Named::from_name`]). `named!(Type, "setting")`, or with the
/// aliases of each choice: `named!(Type, "setting", |choice| &[…])`.
#[macro_export]
macro_rules! named {
    ($type:ty, $setting:literal) => {
        $crate::named!($type, $setting, |_| &[]);
    };
    ($type:ty, $setting:literal, $aliases:expr) => {
        impl $crate::Named for $type {
            const SETTING: &'static str = $setting;

            fn choices() -> &'static [Self] {
                &Self::ALL
            }

            fn word(self) -> &'static str {
                Self::name(self)
            }

            fn aliases(self) -> &'static [&'static str] {
                let aliases: fn(Self) -> &'static [&'static str] = $aliases;
                aliases(self)
            }
        }

        impl ::std::fmt::Display for $type {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(Self::name(*self))
            }
        }

        impl ::std::str::FromStr for $type {
            type Err = $crate::UnknownName;

            fn from_str(word: &str) -> Result<Self, $crate::UnknownName> {
                <Self as $crate::Named>::from_name(word)
            }
        }
    };
}

/// [`named!`](crate::named!) by the path of its module, for this crate's own enums.
pub(crate) use named;
