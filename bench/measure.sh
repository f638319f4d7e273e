# Sourced by the bench scripts: runs a command RUNS times as a whole process (cold start each
# time, output discarded) and sets `wall` to the median wall time in seconds and `rss_mb` to the
# largest peak resident memory in MB, both from GNU time.
#   measure RUNS COMMAND [ARG...]
measure() {
    local runs=$1
    shift
    local times rss=0 row_wall row_rss
    times=$(mktemp)
    for ((i = 0; i < runs; i++)); do
        /usr/bin/time -f "%e %M" -o "$times.run" "$@" >/dev/null
        read -r row_wall row_rss <"$times.run"
        echo "$row_wall" >>"$times"
        [ "$row_rss" -gt "$rss" ] && rss=$row_rss
    done
    wall=$(sort -g "$times" | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}')
    rss_mb=$((rss / 1024))
    rm -f "$times" "$times.run"
}

# Prints whether `value` is below `limit`: "  LABEL target (< LIMIT UNIT): met" or "MISSED".
target() { # LABEL VALUE LIMIT UNIT
    if awk "BEGIN{exit !($2 < $3)}"; then
        echo "  $1 target (< $3 $4): met"
    else
        echo "  $1 target (< $3 $4): MISSED"
    fi
}
