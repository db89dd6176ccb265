//! Replays the committed fuzz regression inputs of the sudoku targets
//! (`fuzz/regressions/sudoku_formats/` and `variant_formats/`) through the fuzz
//! targets' own checks, on stable, without libFuzzer.

use crate::variants_fuzz;

crate::replay::replay_tests! {
    sudoku_format_inputs: "sudoku_formats" => crate::sudoku::check_formats;
    variant_inputs: "variant_formats" => variants_fuzz::check_variants;
}

#[test]
fn mangled_variant_files_are_read_or_refused_in_place() {
    // The CLI's jigsaw and killer files, each seventh byte in turn dropped, doubled or
    // replaced: every entry is still answered or refused in place, without a panic.
    let data = |name: &str| {
        std::fs::read(format!(
            "{}/../dancing-cli/tests/data/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
    };
    for (which, file) in [(0u8, data("jigsaw.txt")), (1, data("killer.txt"))] {
        for at in (0..file.len()).step_by(7) {
            for mangled in [
                [&file[..at], &file[at + 1..]].concat(),
                [&file[..=at], &file[at..]].concat(),
                [&file[..at], b"9", &file[at + 1..]].concat(),
            ] {
                variants_fuzz::check_variants(&[&[which][..], &mangled].concat());
            }
        }
    }
}

#[test]
fn long_tokens_are_quoted_short() {
    // Found by the sudoku_formats target: a huge token made a message as long.
    let long = "\u{6}".repeat(10_000);
    let e = dancing_sudoku::Grid::parse_numbers(&format!("7 0{long} 0\n")).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "line 1, column 3: `0{}…` is not a number",
            "\\u{6}".repeat(31)
        )
    );
    let nines = "9".repeat(10 << 20);
    let e = dancing_sudoku::Grid::parse_numbers(&format!("1 {nines} 0 0\n")).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "line 1, column 3: `{}…` stands for 18446744073709551615, out of range for a 4×4 grid (values 1 to 4)",
            "9".repeat(32)
        )
    );
}
