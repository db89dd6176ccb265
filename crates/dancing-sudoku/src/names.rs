//! Settings chosen by name (`--symmetry`, `--difficulty`, `--variant`): the error for a
//! name that is none of them, and the `Display` and `FromStr` every such setting has.

/// A name that is not one of a setting's names (`--symmetry spiral`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {setting} `{name}`: expected {expected}")]
pub struct UnknownName {
    /// What was named: `symmetry`, `difficulty`.
    pub setting: &'static str,
    /// The name given.
    pub name: String,
    /// The names there are, as a phrase.
    pub expected: &'static str,
}

/// `Display` and `FromStr` by the names of `name()` over `ALL`.
macro_rules! by_name {
    ($type:ty, $setting:literal, $expected:literal) => {
        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $type {
            type Err = $crate::names::UnknownName;

            fn from_str(name: &str) -> Result<Self, Self::Err> {
                Self::ALL
                    .into_iter()
                    .find(|s| s.name() == name)
                    .ok_or_else(|| $crate::names::UnknownName {
                        setting: $setting,
                        name: name.to_owned(),
                        expected: $expected,
                    })
            }
        }
    };
}

pub(crate) use by_name;
