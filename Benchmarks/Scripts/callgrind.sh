#!/bin/sh
# Instructions per run of benchmark operations, counted by callgrind: stable on
# a loaded machine where wall-clock time is not, so that a change can be
# compared with the code before it. Usage, from Benchmarks/:
#
#     swift build -c release --product CallgrindProbe
#     Scripts/callgrind.sh [probe binary] [operation ...]
#
# With no operations, the usual list. Each operation runs twice and three
# times (`measured` only), and the difference of the two counts is one run,
# so that the first run's one-time costs (caches, type metadata) drop out.
# Operations: see `.build/release/CallgrindProbe` without arguments.
set -eu
probe=${1:-.build/release/CallgrindProbe}
[ $# -gt 0 ] && shift
if [ $# -eq 0 ]; then
    set -- parse/twitter parse/citm_catalog parse/canada write/twitter write/citm_catalog write/canada \
        decode/app-twitter decode/app-citm_catalog decode/app-canada \
        JSONDecoder/app-twitter JSONDecoder/app-citm_catalog JSONDecoder/app-canada \
        encode/app-twitter encode/app-citm_catalog encode/app-canada \
        JSONEncoder/app-twitter JSONEncoder/app-citm_catalog JSONEncoder/app-canada \
        decode/heldout-twitter decode/heldout-citm_catalog JSONDecoder/heldout-twitter JSONDecoder/heldout-citm_catalog \
        encode/heldout-twitter encode/heldout-citm_catalog JSONEncoder/heldout-twitter JSONEncoder/heldout-citm_catalog
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --collect-atstart=no \
        --toggle-collect='*probe_measured*' --callgrind-out-file="$out/cg" "$probe" "$1" "$2" >/dev/null 2>&1
    sed -n 's/^summary: *//p' "$out/cg"
}
for operation in "$@"; do
    two=$(count "$operation" 2)
    three=$(count "$operation" 3)
    printf '%-36s %14d\n' "$operation" $((three - two))
done
