# Sourced by the bench scripts: runs a command RUNS times as a whole process (cold start each
# time, output discarded) and sets `wall` to the median wall time in seconds (bash's microsecond
# clock around GNU time, whose own wall time has only hundredths of a second) and `rss_mb` to the
# largest peak resident memory in MiB (GNU time's KiB / 1024; figures before issue 42 say "MB").
#   measure RUNS COMMAND [ARG...]
measure() {
    local runs=$1
    shift
    local times rss=0 row_wall row_rss
    times=$(mktemp)
    for ((i = 0; i < runs; i++)); do
        row_wall=$(timed "$times.run" "$@")
        read -r row_rss <"$times.run"
        echo "$row_wall" >>"$times"
        [ "$row_rss" -gt "$rss" ] && rss=$row_rss
    done
    wall=$(sort -g "$times" | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}')
    rss_mb=$((rss / 1024))
    rm -f "$times" "$times.run"
}

# Runs a command once with GNU time writing its peak RSS (KB) to FILE; prints its wall time in
# seconds, to the microsecond.
#   timed FILE COMMAND [ARG...]
timed() {
    local file=$1 start end
    shift
    start=$EPOCHREALTIME
    /usr/bin/time -f "%M" -o "$file" "$@" >/dev/null 2>&1
    end=$EPOCHREALTIME
    awk "BEGIN{printf \"%.6f\\n\", $end - $start}"
}

# Prints whether `value` is below `limit`: "  LABEL target (< LIMIT UNIT): met" or "MISSED".
target() { # LABEL VALUE LIMIT UNIT
    if awk "BEGIN{exit !($2 < $3)}"; then
        echo "  $1 target (< $3 $4): met"
    else
        echo "  $1 target (< $3 $4): MISSED"
    fi
}

# Runs command A and command B (the names of two arrays holding each command) in turn RUNS
# times, A B A B ..., each as a whole process with GNU time, and sets `ratio` to the median of
# the pairs' A/B wall-time ratios (pairing keeps it fair when a shared machine's speed drifts),
# `wall_a`/`wall_b` to each one's median wall time and `rss_a_mb` to A's largest peak RSS.
#   measure_pair RUNS ARRAY_A ARRAY_B
measure_pair() {
    local runs=$1
    local -n a=$2 b=$3
    local rows a_wall a_rss b_wall b_rss
    rows=$(mktemp)
    for ((i = 0; i < runs; i++)); do
        a_wall=$(timed "$rows.a" "${a[@]}")
        b_wall=$(timed "$rows.b" "${b[@]}")
        read -r a_rss <"$rows.a"
        read -r b_rss <"$rows.b"
        echo "$a_wall $b_wall $a_rss" >>"$rows"
    done
    median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
    ratio=$(awk '{print ($2 > 0) ? $1 / $2 : 0}' "$rows" | median)
    wall_a=$(awk '{print $1}' "$rows" | median)
    wall_b=$(awk '{print $2}' "$rows" | median)
    rss_a_mb=$(($(awk '{print $3}' "$rows" | sort -g | tail -1) / 1024))
    rm -f "$rows" "$rows.a" "$rows.b"
}
