#!/usr/bin/env python3
"""Regenerates the tables of docs/benchmarks.md and docs/benchmarks-sudoku.svg from
criterion's JSON output, so that no number in the docs is typed by hand.

    python3 benches/report.py [--commit HASH] [--load TEXT] [CRITERION_DIR ...]
    python3 benches/report.py --only generate|sudoku|variants [--load TEXT] [CRITERION_DIR ...]

Each CRITERION_DIR holds one run of the whole suite (criterion's output directory,
copied aside after the run). With several runs, every time is the median over the runs
of criterion's median, and every ratio is taken within each run, then the median over
the runs is reported with the lowest and highest in brackets: on a shared machine one
run can be off by 20%, and a ratio within a run is the fair comparison. Without an
argument, one run: $CARGO_TARGET_DIR/criterion, else target/criterion, where criterion
writes when CARGO_TARGET_DIR is unset (a relative CARGO_TARGET_DIR would be taken from
the benchmark's own directory, benches/). `--only generate` (or `sudoku`, `variants`) rewrites
only that table, from runs of `cargo bench -p dancing-benches --bench generate` (or
`--bench sudoku`, `--bench variants`), with its own date, commit and load line. The run line names the commit measured: HASH
if given (when the benchmarks ran in another checkout), else this checkout's HEAD;
--load TEXT says how busy the machine was (e.g. `uptime`'s load average before and
after), else the machine line says it was shared. The
doc's text outside the `<!-- report:NAME -->` ... `<!-- /report:NAME -->` markers is
kept. Python 3 standard library only.
"""

import datetime
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "benchmarks.md"
SVG = ROOT / "docs" / "benchmarks-sudoku.svg"

# The order of rows and bars; ids must match the benchmark files.
ENGINE_CASES = [
    ("queens-12", "N-queens 12", 14_200),
    ("queens-13", "N-queens 13", 73_712),
    ("langford-11", "Langford pairs 11", 35_584),
    ("langford-12", "Langford pairs 12", 216_288),
    ("pentominoes-6x10", "Pentominoes 6×10", 9_356),
    ("pentominoes-5x12", "Pentominoes 5×12", 4_040),
    ("pentominoes-3x20", "Pentominoes 3×20", 8),
    ("latin-5", "Latin squares 5", 161_280),
]
SUDOKU_SETS = [
    ("17-clue", "17-clue"),
    ("top1465", "magictour top1465"),
    ("forum-hardest-1106", "forum hardest 1106"),
    ("forum-hardest-1905-11+", "forum hardest 1905 11+"),
    ("serg", "serg (several solutions)"),
    ("gecode-16x16", "Gecode 16×16"),
]
SUDOKU_SOLVERS = [
    ("dancing-bands", "dancing-sudoku bands (default for 9×9)", "#d62728"),
    ("dancing-dlx", "dancing-sudoku DLX", "#1f77b4"),
    ("dancing-dlx-plain", "engine, plain (TAOCP branching, force + release)", "#9467bd"),
    ("bitmask", "dancing-sudoku bitmask", "#ff7f0e"),
    ("sudoku-crate", "sudoku crate 0.8", "#2ca02c"),
]
SETUP_CASES = [
    ("17-clue", "17-clue puzzle (17 givens)"),
    ("solved-grid", "solved grid (81 givens)"),
]

# The speed targets (docs/benchmarks.md, "Speed targets").
ENGINE_TARGET = 1.3
SUDOKU_VS_CRATE = [("17-clue", 1.0), ("forum-hardest-1905-11+", 1.0)]
SUDOKU_VS_BITMASK = [("17-clue", 20.0)]
SETUP_TARGET_US = 2.0

REPRODUCE = (
    "for run in 1 2 3; do\n"
    "  cargo bench -p dancing-benches\n"
    "  rm -rf target/criterion-$run && cp -rp target/criterion target/criterion-$run\n"
    "done\n"
    "python3 benches/report.py target/criterion-1 target/criterion-2 target/criterion-3"
)


def load(criterion_dir):
    """Maps (group, function, value) to (median ns per iteration, elements, run time)."""
    results = {}
    for bench in Path(criterion_dir).glob("**/new/benchmark.json"):
        meta = json.loads(bench.read_text())
        estimates = json.loads((bench.parent / "estimates.json").read_text())
        throughput = meta.get("throughput") or {}
        elements = throughput.get("Elements") if isinstance(throughput, dict) else None
        key = (meta["group_id"], meta.get("function_id"), meta.get("value_str"))
        results[key] = (
            estimates["median"]["point_estimate"],
            elements,
            bench.stat().st_mtime,
        )
    return results


def median(values):
    values = sorted(values)
    mid = len(values) // 2
    return values[mid] if len(values) % 2 else (values[mid - 1] + values[mid]) / 2


class Runs:
    """The results of one or more runs of the suite."""

    def __init__(self, runs):
        self.runs = runs

    def __len__(self):
        return len(self.runs)

    def times(self):
        return [t for run in self.runs for _, _, t in run.values()]

    def count(self):
        return len({key for run in self.runs for key in run})

    def entries(self, group, function, value):
        key = (group, function, value)
        return [run[key] for run in self.runs if key in run]

    def elements(self, group, function, value):
        """The elements per iteration (puzzles in a set), or None."""
        found = self.entries(group, function, value)
        return found[0][1] if found else None

    def time(self, group, function, value):
        """Median over the runs of the median ns per iteration, or None if not measured."""
        found = self.entries(group, function, value)
        return median([ns for ns, _, _ in found]) if found else None

    def rate(self, group, function, value):
        """Median over the runs of the elements per second, or None if not measured."""
        found = [e for e in self.entries(group, function, value) if e[1]]
        return median([elements / (ns / 1e9) for ns, elements, _ in found]) if found else None

    def ratio_to_best(self, numerator, candidates):
        """Per-run ratios numerator / the fastest of `candidates` (keys as in `time`)
        that the run measured, for the runs that measured the numerator and one of them."""
        out = []
        for run in self.runs:
            measured = [run[c][0] for c in candidates if c in run]
            if numerator in run and measured:
                out.append(run[numerator][0] / min(measured))
        return out

    def ratio(self, numerator, denominator):
        """Per-run ratios numerator / denominator of the medians (keys as in `time`), for
        the runs that measured both."""
        out = []
        for run in self.runs:
            if numerator in run and denominator in run:
                out.append(run[numerator][0] / run[denominator][0])
        return out


def fmt_spread(values, digits, unit="×"):
    """The median of per-run values, with their range when there are several."""
    mid = f"{median(values):.{digits}f}{unit}"
    if len(values) < 2:
        return mid
    return f"{mid} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def fmt_time(ns):
    if ns >= 1e9:
        return f"{ns / 1e9:.2f} s"
    if ns >= 1e6:
        return f"{ns / 1e6:.1f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.1f} µs"
    return f"{ns:.0f} ns"


def fmt_rate(per_second):
    if per_second >= 1e6:
        return f"{per_second / 1e6:.2f} M/s"
    if per_second >= 1e3:
        return f"{per_second / 1e3:.1f} k/s"
    return f"{per_second:.1f} /s"


def fmt_decade(per_second):
    for scale, suffix in ((1e6, "M"), (1e3, "k"), (1, "")):
        if per_second >= scale:
            return f"{per_second / scale:.0f}{suffix}/s"
    return f"{per_second:g}/s"


def verdict(ok):
    return "**met**" if ok else "**missed**"


def engine_table(results, targets):
    """Our engines (the links, and the dense engine where a problem fits it) against
    their peers: the `dlx` crate (with the target, met by the faster of our engines)
    and the `exact-covers` crate (measured since it joined; older runs leave its
    columns blank)."""
    lines = [
        "| problem | solutions | links (median) | dense (median) | `dlx` 0.8 (median) "
        "| speed-up vs `dlx` | target ≥ 1.3× "
        "| `exact-covers` 0.3 (median) | speed-up vs `exact-covers` |",
        "|---|---:|---:|---:|---:|---:|---|---:|---:|",
    ]
    for case, title, solutions in ENGINE_CASES:
        ours = results.time("engine", "dancing", case)
        dense = results.time("engine", "dancing-dense", case)
        theirs = results.time("engine", "dlx", case)
        engines = [("engine", "dancing", case), ("engine", "dancing-dense", case)]
        speedups = results.ratio_to_best(("engine", "dlx", case), engines)
        if ours is None or theirs is None or not speedups:
            lines.append(f"| {title} | {solutions:,} | not measured | | | | | | |")
            continue
        ok = median(speedups) >= ENGINE_TARGET
        reached = fmt_spread(speedups, 2)
        targets.append((f"Engine, {title}: ≥ 1.3× the `dlx` crate", reached, ok))
        exact = results.time("engine", "exact-covers", case)
        exact_speedups = results.ratio_to_best(("engine", "exact-covers", case), engines)
        if exact is None or not exact_speedups:
            exact_cells = "not measured | "
        else:
            exact_cells = f"{fmt_time(exact)} | {fmt_spread(exact_speedups, 2)}"
        dense_cell = fmt_time(dense) if dense is not None else "not measured"
        lines.append(
            f"| {title} | {solutions:,} | {fmt_time(ours)} | {dense_cell} | {fmt_time(theirs)} "
            f"| {reached} | {verdict(ok)} | {exact_cells} |"
        )
    return "\n".join(lines)


def sudoku_table(results, targets):
    header = "| data set | puzzles | " + " | ".join(
        f"{title} (puzzles/s)" for _, title, _ in SUDOKU_SOLVERS
    )
    header += " | bands ÷ sudoku crate | DLX ÷ sudoku crate | DLX ÷ bitmask |"
    lines = [header, "|---|---:|" + "---:|" * (len(SUDOKU_SOLVERS) + 3)]
    def throughput_ratios(name, peer, mine="dancing-dlx"):
        # Throughput ratio = the peer's time per set over ours (per-puzzle rates for the
        # bitmask, which runs on a subset).
        out = []
        for run in results.runs:
            ours, theirs = run.get(("sudoku", mine, name)), run.get(("sudoku", peer, name))
            if ours and theirs and ours[1] and theirs[1]:
                out.append((ours[1] / ours[0]) / (theirs[1] / theirs[0]))
        return out

    for name, title in SUDOKU_SETS:
        rates = {s: results.rate("sudoku", s, name) for s, _, _ in SUDOKU_SOLVERS}
        elements = results.elements("sudoku", "dancing-dlx", name)
        puzzles = f"{elements:,}" if elements else "?"
        cells = [fmt_rate(r) if r else "—" for r in rates.values()]
        bands_vs_crate = throughput_ratios(name, "sudoku-crate", "dancing-bands")
        vs_crate = throughput_ratios(name, "sudoku-crate")
        vs_bitmask = throughput_ratios(name, "bitmask")
        lines.append(
            f"| {title} | {puzzles} | " + " | ".join(cells)
            + f" | {fmt_spread(bands_vs_crate, 3) if bands_vs_crate else '—'}"
            + f" | {fmt_spread(vs_crate, 3) if vs_crate else '—'}"
            + f" | {fmt_spread(vs_bitmask, 1) if vs_bitmask else '—'} |"
        )
    titles = dict(SUDOKU_SETS)
    for name, goal in SUDOKU_VS_CRATE:
        ratios = throughput_ratios(name, "sudoku-crate", "dancing-bands")
        if ratios:
            targets.append((f"Sudoku, {titles[name]}: the default 9×9 solver ≥ {goal}× the `sudoku` crate", fmt_spread(ratios, 3), median(ratios) >= goal))
    for name, goal in SUDOKU_VS_BITMASK:
        ratios = throughput_ratios(name, "bitmask")
        if ratios:
            targets.append((f"Sudoku, {titles[name]}: ≥ {goal:.0f}× the bitmask baseline", fmt_spread(ratios, 1), median(ratios) >= goal))
    return "\n".join(lines)


def sudoku_apart(results, commit=None, busy=None):
    """The sudoku table from a run of `--bench sudoku` alone, with its own date, commit
    and load line."""
    return sudoku_table(results, []) + "\n\n" + measured_line(results, "sudoku", commit, busy)


def sudoku_targets(doc, results):
    """The targets table of `doc` with its sudoku rows measured again from `results` (a
    run of `--bench sudoku` alone); the other rows are kept as the last full run left
    them, and the count of targets met is redone."""
    targets = []
    sudoku_table(results, targets)
    match = re.search(r"<!-- report:targets -->\n(.*?)<!-- /report:targets -->", doc, re.S)
    if not match:
        sys.exit("docs/benchmarks.md has no <!-- report:targets --> markers")
    kept = []
    for line in match.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and line.startswith("| ") and not line.startswith("| target") and not cells[0].startswith("Sudoku,"):
            kept.append((cells[0], cells[1], cells[2] == verdict(True)))
    sudoku_at = next((k for k, (what, _, _) in enumerate(kept) if what.startswith("9×9 setup")), len(kept))
    return targets_table(kept[:sudoku_at] + targets + kept[sudoku_at:])


def setup_table(results, targets):
    lines = [
        "| input | `set_forced` (the solver's path), per puzzle (median) | force givens + release (median) | target < 2 µs |",
        "|---|---:|---:|---|",
    ]
    def per_puzzle_us(function, name):
        return [
            ns / elements / 1e3
            for ns, elements, _ in results.entries("setup", function, name)
            if elements
        ]

    for name, title in SETUP_CASES:
        relink = per_puzzle_us("set-forced", name)
        cover = per_puzzle_us("force-release", name)
        if not relink:
            lines.append(f"| {title} | not measured | | |")
            continue
        ok = median(relink) < SETUP_TARGET_US
        reached = fmt_spread(relink, 2, " µs")
        cover_us = fmt_spread(cover, 2, " µs") if cover else "not measured"
        targets.append((f"9×9 setup and teardown, {title}: < 2 µs", reached, ok))
        lines.append(f"| {title} | {reached} | {cover_us} | {verdict(ok)} |")
    return "\n".join(lines)


# `benches/benches/generate.rs`: (case, title) and who measures it.
GENERATE_CASES = [
    ("none", "no symmetry (minimal)"),
    ("rotational", "half-turn symmetry, minimal by pairs"),
    ("rotational-minimal", "half-turn symmetry, minimal given by given"),
]


def generate_table(results, commit=None, busy=None):
    """9×9 puzzles generated per CPU second, ours against the `sudoku` crate's, with the
    run's own date, commit and load (it is measured apart from the rest of the suite)."""
    lines = [
        "| puzzles | dancing-sudoku | `sudoku` crate 0.8 | dancing ÷ sudoku crate |",
        "|---|---:|---:|---:|",
    ]
    for case, title in GENERATE_CASES:
        ours = results.rate("generate", "dancing", case)
        theirs = results.rate("generate", "sudoku-crate", case)
        ratios = [1 / r for r in results.ratio(("generate", "dancing", case), ("generate", "sudoku-crate", case))]
        lines.append(
            f"| {title} | {fmt_rate(ours) if ours else 'not measured'} "
            f"| {fmt_rate(theirs) if theirs else '—'} | {fmt_spread(ratios, 3) if ratios else '—'} |"
        )
    lines += ["", measured_line(results, "generate", commit, busy)]
    return "\n".join(lines)


# `benches/benches/variants.rs`: (case, title).
VARIANT_CASES = [
    ("classic", "classic"),
    ("x", "x (diagonals)"),
    ("hyper", "hyper (windoku)"),
    ("jigsaw", "jigsaw"),
    ("killer", "killer"),
]


def variants_table(results, commit=None, busy=None):
    """9×9 puzzles of each variant checked for uniqueness per CPU second by the variant
    solver (a matrix per variant), with classic puzzles through `SudokuSolver` too."""
    lines = [
        "| variant | variant solver (puzzles/s) | `SudokuSolver` (puzzles/s) |",
        "|---|---:|---:|",
    ]
    for case, title in VARIANT_CASES:
        ours = results.rate("variant", "dancing-variant", case)
        classic = results.rate("variant", "dancing-dlx", case)
        lines.append(
            f"| {title} | {fmt_rate(ours) if ours else 'not measured'} "
            f"| {fmt_rate(classic) if classic else '—'} |"
        )
    lines += ["", measured_line(results, "variant", commit, busy)]
    return "\n".join(lines)


def measured_line(results, group, commit, busy):
    """When, how often and at which commit a group measured apart from the suite ran."""
    times = [t for run in results.runs for (g, _, _), (_, _, t) in run.items() if g == group]
    if not times:
        return "Not measured."
    start = datetime.datetime.fromtimestamp(min(times), datetime.timezone.utc)
    end = datetime.datetime.fromtimestamp(max(times), datetime.timezone.utc)
    return (
        f"Measured {start:%Y-%m-%d %H:%M}–{end:%H:%M} UTC, {len(results)} run(s), commit "
        f"`{commit or head()}`" + (f"; {busy}." if busy else "; the machine was shared.")
    )


def head():
    try:
        return subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def targets_table(targets):
    lines = ["| target | reached | verdict |", "|---|---:|---|"]
    for what, reached, ok in targets:
        lines.append(f"| {what} | {reached} | {verdict(ok)} |")
    met = sum(ok for _, _, ok in targets)
    lines.append("")
    lines.append(f"{met} of {len(targets)} measured targets met.")
    return "\n".join(lines)


def machine(results, commit=None, busy=None):
    model, cores = "unknown", "?"
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "Model name":
                model = value.strip()
            elif key.strip() == "CPU(s)":
                cores = value.strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    times = results.times()
    start = datetime.datetime.fromtimestamp(min(times), datetime.timezone.utc) if times else None
    end = datetime.datetime.fromtimestamp(max(times), datetime.timezone.utc) if times else None
    rustc = "unknown"
    try:
        rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    when = f"{start:%Y-%m-%d %H:%M}–{end:%H:%M} UTC" if start else "unknown"
    runs = "Run" if len(results) == 1 else f"{len(results)} runs of the whole suite, one after another"
    commit = commit or head()
    return "\n".join(
        [
            f"- Machine: {model}, {cores} CPUs (`lscpu`), "
            + (f"{busy}." if busy else "shared with other work while measuring."),
            f"- {runs}: {when}, commit `{commit}`, {rustc}, release profile (thin LTO, one "
            "codegen unit), single thread.",
            "- Times are the CPU time of the benchmark thread (see `benches/benches/common`), "
            "medians of criterion samples (warm-up 1 s, measurement 3 s, 10–20 samples)"
            + (
                "; each time below is the median over the runs, and each ratio is taken "
                "within a run (solvers measured minutes apart), then the median over the "
                "runs is given with the lowest and highest in brackets."
                if len(results) > 1
                else "; ratios compare solvers measured in the same run."
            ),
            "- Reproduce:",
            "",
            "```sh",
            REPRODUCE,
            "```",
        ]
    )


def svg_chart(results):
    """Grouped horizontal bars of puzzles per second, log scale, one group per data set."""
    rows = []
    for name, title in SUDOKU_SETS:
        bars = [(label, colour, results.rate("sudoku", s, name)) for s, label, colour in SUDOKU_SOLVERS]
        rows.append((title, [b for b in bars if b[2]]))
    values = [v for _, bars in rows for _, _, v in bars]
    if not values:
        return None
    lo = 10 ** math.floor(math.log10(min(values)))
    hi = 10 ** math.ceil(math.log10(max(values)))
    left, right, top, bar, gap = 190, 120, 60, 14, 18
    width = 900
    plot = width - left - right
    height = top + sum(len(bars) * bar + gap for _, bars in rows) + 50

    def x(v):
        return left + plot * (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">'
        "Sudoku throughput, counting up to 2 solutions (puzzles/s, log scale, higher is better)</text>",
    ]
    for k, (label, colour) in enumerate((l, c) for _, l, c in SUDOKU_SOLVERS):
        lx = left - 150 + k * 180
        out.append(f'<rect x="{lx}" y="34" width="12" height="12" fill="{colour}"/>')
        out.append(f'<text x="{lx + 16}" y="44">{label}</text>')
    bottom = height - 40
    decade = lo
    while decade <= hi * 1.0001:
        gx = x(decade)
        out.append(f'<line x1="{gx:.1f}" y1="{top - 4}" x2="{gx:.1f}" y2="{bottom}" stroke="#ddd"/>')
        out.append(f'<text x="{gx:.1f}" y="{bottom + 16}" text-anchor="middle">{fmt_decade(decade)}</text>')
        decade *= 10
    y = top
    for title, bars in rows:
        group_height = len(bars) * bar
        out.append(
            f'<text x="{left - 8}" y="{y + group_height / 2 + 4:.1f}" text-anchor="end">{title}</text>'
        )
        for label, colour, value in bars:
            out.append(
                f'<rect x="{left}" y="{y}" width="{max(x(value) - left, 1):.1f}" height="{bar - 2}" '
                f'fill="{colour}"><title>{label}: {fmt_rate(value)}</title></rect>'
            )
            out.append(f'<text x="{x(value) + 4:.1f}" y="{y + bar - 4}" font-size="10">{fmt_rate(value)}</text>')
            y += bar
        y += gap
    out.append(f'<line x1="{left}" y1="{top - 4}" x2="{left}" y2="{bottom}" stroke="#333"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def replace_section(doc, name, body):
    pattern = re.compile(
        rf"(<!-- report:{re.escape(name)} -->\n).*?(<!-- /report:{re.escape(name)} -->)", re.S
    )
    if not pattern.search(doc):
        sys.exit(f"docs/benchmarks.md has no <!-- report:{name} --> markers")
    return pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), doc)


def main():
    args = sys.argv[1:]
    commit = busy = only = None
    while len(args) >= 2 and args[0] in ("--commit", "--load", "--only"):
        if args[0] == "--commit":
            commit = args[1]
        elif args[0] == "--load":
            busy = args[1]
        else:
            only = args[1]
        args = args[2:]
    dirs = [Path(a) for a in args] or [
        Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "criterion"
    ]
    runs = []
    for criterion_dir in dirs:
        run = load(criterion_dir)
        if not run:
            sys.exit(f"no criterion results under {criterion_dir}: run `cargo bench -p dancing-benches` first")
        runs.append(run)
    results = Runs(runs)
    targets = []
    doc = DOC.read_text()
    apart = {"generate": generate_table, "variants": variants_table, "sudoku": sudoku_apart}
    if only in apart:
        doc = replace_section(doc, only, apart[only](results, commit, busy))
        if only == "sudoku":
            doc = replace_section(doc, "targets", sudoku_targets(doc, results))
        DOC.write_text(doc)
        print(f"wrote the {only} table of {DOC.relative_to(ROOT)}")
        return
    if only is not None:
        sys.exit(f"--only takes `generate`, `sudoku` or `variants`, not `{only}`")
    doc = replace_section(doc, "machine", machine(results, commit, busy))
    doc = replace_section(doc, "engine", engine_table(results, targets))
    doc = replace_section(doc, "sudoku", sudoku_table(results, targets))
    doc = replace_section(doc, "setup", setup_table(results, targets))
    doc = replace_section(doc, "targets", targets_table(targets))
    DOC.write_text(doc)
    chart = svg_chart(results)
    if chart:
        SVG.write_text(chart)
    print(
        f"wrote {DOC.relative_to(ROOT)} and {SVG.relative_to(ROOT)} from {results.count()} "
        f"benchmarks in {len(results)} run(s)"
    )


if __name__ == "__main__":
    main()
