#!/usr/bin/env python3
"""Draws docs/ratings.svg: a histogram of the ratings of a batch of generated puzzles,
one bar per score, coloured by difficulty band.

    cargo build --release
    target/release/dancing sudoku generate --count 1000 --seed 2026 --rate -q > rated.txt
    python3 benches/ratings.py rated.txt

Each input line is a puzzle, a space, then its rating (`2.6 pointing`, `8.7 needs
search (21 nodes)`), as `generate --rate` and `rate` print them. Scores of 7.0 and up
(forcing chains and nets, then search) are grouped by whole points. Python 3 standard
library only.
"""

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "docs" / "ratings.svg"

# The bands of dancing_sudoku::generate::Difficulty: (name, highest score, colour).
BANDS = [
    ("easy", 2.3, "#2ca02c"),
    ("medium", 3.4, "#1f77b4"),
    ("hard", 4.4, "#ff7f0e"),
    ("expert", 6.9, "#9467bd"),
    ("extreme", float("inf"), "#d62728"),
]


def band(score):
    return next(b for b in BANDS if score <= b[1])


def bucket(score, technique):
    """The bar a rating goes in: its score and technique, or, from 7.0 on, a whole point
    of chains, nets and search."""
    if score >= 7.0:
        low = int(score)
        return (float(low), f"{low}–{low + 1}", "chains, nets" if low < 9 else "nets, search")
    return (score, f"{score:.1f}", technique)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    counts = Counter()
    total = 0
    for line in Path(sys.argv[1]).read_text().splitlines():
        parts = line.split(" ", 1)
        if len(parts) < 2 or line.startswith("#"):
            continue
        words = parts[1].split()
        score = float(words[0])
        technique = " ".join(w for w in words[1:] if not w.startswith("("))
        technique = technique.replace(" nodes)", "").strip()
        counts[bucket(score, technique)] += 1
        total += 1
    bars = sorted(counts.items())
    width, height = 880, 420
    left, right, top, bottom = 60, 20, 50, 120
    plot_w, plot_h = width - left - right, height - top - bottom
    peak = max(counts.values())
    step = plot_w / len(bars)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="24" text-anchor="middle" font-size="15">'
        f"Ratings of {total} generated 9×9 puzzles (seed 2026)</text>",
    ]
    # Horizontal grid lines every fifth of the peak, rounded.
    unit = max(1, int(round(peak / 5, -1)) or round(peak / 5))
    y = 0
    while y <= peak:
        py = top + plot_h - plot_h * y / peak
        out.append(f'<line x1="{left}" y1="{py:.1f}" x2="{width - right}" y2="{py:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{py + 4:.1f}" text-anchor="end">{y}</text>')
        y += unit
    for k, ((score, label, technique), count) in enumerate(bars):
        name, _, colour = band(score)
        h = plot_h * count / peak
        x = left + k * step + step * 0.1
        out.append(
            f'<rect x="{x:.1f}" y="{top + plot_h - h:.1f}" width="{step * 0.8:.1f}" height="{h:.1f}" '
            f'fill="{colour}"><title>{label} {technique}: {count} puzzles ({name})</title></rect>'
        )
        cx = x + step * 0.4
        out.append(f'<text x="{cx:.1f}" y="{top + plot_h - h - 4:.1f}" text-anchor="middle">{count}</text>')
        out.append(f'<text x="{cx:.1f}" y="{top + plot_h + 16:.1f}" text-anchor="middle">{label}</text>')
        out.append(
            f'<text transform="translate({cx + 4:.1f},{top + plot_h + 26:.1f}) rotate(45)" '
            f'font-size="11" fill="#555">{technique}</text>'
        )
    # The legend: one swatch per band.
    for k, (name, _, colour) in enumerate(BANDS):
        x = left + 10 + k * 110
        out.append(f'<rect x="{x}" y="34" width="12" height="12" fill="{colour}"/>')
        out.append(f'<text x="{x + 16}" y="44">{name}</text>')
    out.append("</svg>")
    SVG.write_text("\n".join(out) + "\n")
    print(f"wrote {SVG.relative_to(ROOT)}: {total} ratings in {len(bars)} bars")


if __name__ == "__main__":
    main()
