#!/usr/bin/env bash
# Builds the fuzz targets of scripts/fuzz (libFuzzer + AddressSanitizer) and
# runs each for FUZZ_SECONDS (default 60) on a scratch copy of its committed
# seed corpus (with the dictionary of its tokens in scripts/fuzz/dict), so the
# seeds in the repository never grow.
# Exits 1 if any target finds a crash, trap, leak or hang; the input that
# caused it is kept under .build-fuzz/findings/ and its path printed.
# Usage: scripts/fuzz/run.sh [target ...]   (default: all three)
set -euo pipefail

cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
BUILD=.build-fuzz
FUZZ=scripts/fuzz

# target:corpus:max_len. Amounts and batch lines are short; a manifest may
# be a few kilobytes.
ALL="FuzzAmount:amount:4096 FuzzBatchLine:batch-line:4096 FuzzManifest:manifest:65536"
if [ "$#" -gt 0 ]; then
    selected=""
    for name in "$@"; do
        entry=$(printf '%s\n' $ALL | grep "^$name:") || { echo "fuzz: unknown target '$name'" >&2; exit 64; }
        selected="$selected $entry"
    done
    ALL=$selected
fi

# The package's tools version (5.4) keeps SwiftPM from renaming `main`, so
# libFuzzer's own `main` drives the targets (-parse-as-library: the targets
# have no top-level code). Release: faster; preconditions still trap.
mkdir -p "$BUILD/findings" "$BUILD/logs"
echo "fuzz: building the targets (log: $BUILD/logs/build.log)"
if ! "$SWIFT" build --package-path "$FUZZ" --build-path "$BUILD" -c release \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >"$BUILD/logs/build.log" 2>&1; then
    grep -E 'error:' "$BUILD/logs/build.log" >&2 || tail -20 "$BUILD/logs/build.log" >&2
    echo "fuzz: the build failed" >&2
    exit 1
fi
bin=$("$SWIFT" build --package-path "$FUZZ" --build-path "$BUILD" -c release --show-bin-path)

# Swift's own backtracer would catch a trap first and trip AddressSanitizer
# while reading memory; libFuzzer's handler reports it and keeps the input.
export SWIFT_BACKTRACE=enable=no
failed=()
for entry in $ALL; do
    IFS=: read -r target corpus max_len <<<"$entry"
    scratch="$BUILD/corpus/$corpus"
    rm -rf "$scratch"
    mkdir -p "$scratch"
    cp "$FUZZ/corpus/$corpus"/* "$scratch/"
    log="$BUILD/logs/$target.log"
    echo "fuzz: $target for ${SECONDS_PER_TARGET}s (seeds: $FUZZ/corpus/$corpus, log: $log)"
    status=0
    dict=()
    [ -f "$FUZZ/dict/$corpus.dict" ] && dict=(-dict="$FUZZ/dict/$corpus.dict")
    "$bin/$target" "$scratch" "${dict[@]}" \
        -max_total_time="$SECONDS_PER_TARGET" -max_len="$max_len" \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$BUILD/findings/$target-" >"$log" 2>&1 || status=$?
    # libFuzzer's last status line: executions, coverage, corpus.
    grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" || true
    if [ "$status" -ne 0 ]; then
        echo "fuzz: $target FOUND A PROBLEM (exit $status):" >&2
        grep -E 'ERROR: |Fatal error|SUMMARY|Test unit written to' "$log" >&2 || tail -20 "$log" >&2
        failed+=("$target")
    fi
done

if [ "${#failed[@]}" -gt 0 ]; then
    echo "fuzz: findings in ${failed[*]}; inputs in $BUILD/findings/, logs in $BUILD/logs/" >&2
    exit 1
fi
echo "fuzz: no findings"
