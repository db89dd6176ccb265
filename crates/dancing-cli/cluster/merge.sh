#!/bin/bash
# Sums the counts that count.sbatch's tasks wrote, after checking that every line of
# JOBS was counted exactly once: prints the total, or names the lines missing, the tasks
# that did not finish (counts/T.txt.partial) and the stale files (lines JOBS does not
# have), and exits 1.
#   merge.sh JOBS [COUNTS_DIR]        (COUNTS_DIR: counts)
set -euo pipefail
jobs=${1:?usage: merge.sh JOBS [COUNTS_DIR]}
dir=${2:-counts}
lines=$(awk 'END { print NR }' "$jobs")
status=0
for partial in "$dir"/*.partial; do
    [ -e "$partial" ] || continue
    echo "task $(basename "$partial" .txt.partial) did not finish: rerun it" >&2
    status=1
done
shopt -s nullglob
files=("$dir"/[0-9]*.txt)
tasks=$(cat "$dir/TASKS" 2>/dev/null || echo 0)
awk -v lines="$lines" -v tasks="$tasks" '
    NF != 2 || $1 !~ /^[0-9]+$/ || $2 !~ /^[0-9]+$/ {
        printf "%s: line %d is not \"LINE COUNT\"\n", FILENAME, FNR > "/dev/stderr"; bad = 1; next
    }
    $1 < 1 || $1 > lines {
        stale[FILENAME] = 1; bad = 1; next
    }
    seen[$1]++ { printf "line %d of the jobs is counted twice (%s)\n", $1, FILENAME > "/dev/stderr"; bad = 1 }
    { sum += $2 }
    END {
        for (f in stale) printf "%s: lines the jobs file does not have (stale: remove it)\n", f > "/dev/stderr"
        missing = 0
        for (l = 1; l <= lines; l++) if (!(l in seen)) {
            if (missing++ < 10) {
                if (tasks > 0) printf "line %d of the jobs has no count (task %d)\n", l, (l - 1) % tasks > "/dev/stderr"
                else printf "line %d of the jobs has no count\n", l > "/dev/stderr"
            }
        }
        if (missing > 10) printf "… %d lines in all have no count\n", missing > "/dev/stderr"
        if (bad || missing) exit 1
        print sum
    }' /dev/null "${files[@]}" || status=1
exit "$status"
