#!/usr/bin/env bash
# Builds the fuzz targets (FuzzAmount, FuzzBatchLine, FuzzManifest, FuzzPack,
# FuzzPushArrival, FuzzTillDay: targets of the package itself, sources in
# Tests/Fuzz) with
# libFuzzer and AddressSanitizer and runs each for FUZZ_SECONDS (default 60)
# on a scratch copy of its committed seed corpus (with the dictionary of its
# tokens in scripts/fuzz/dict), so the seeds in the repository never grow.
# Exits 1 if any target finds a crash, trap, leak, hang or memory blow-up; the
# input that caused it is kept under .build-fuzz/findings/ and its path printed.
# Usage: scripts/fuzz/run.sh [target ...]   (default: all five)
#        scripts/fuzz/run.sh --replay       (no libFuzzer: each target, as
#            `swift build` makes it, runs its seeds once; `make test` does this)
set -euo pipefail

cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
BUILD=.build-fuzz
FUZZ=scripts/fuzz

# target:corpus:max_len. Amounts and batch lines are short; a manifest may
# be a few kilobytes, and its seeds hold one of 500 clips; a device voice
# pack's seeds are about 110 kB (scripts/fuzz/make-pack-seeds.sh); a push is
# refused over 4096 bytes, and inputs a little over reach that refusal.
ALL="FuzzAmount:amount:4096 FuzzBatchLine:batch-line:4096 FuzzManifest:manifest:65536 FuzzPack:pack:131072 FuzzPushArrival:push-arrival:6144 FuzzTillDay:till-day:65536"

if [ "${1:-}" = "--replay" ]; then
    bin=$("$SWIFT" build --show-bin-path)
    for entry in $ALL; do
        IFS=: read -r target corpus _ <<<"$entry"
        "$SWIFT" build --product "$target" >/dev/null
        "$bin/$target" "$FUZZ/corpus/$corpus"
    done
    exit 0
fi

if [ "$#" -gt 0 ]; then
    selected=""
    for name in "$@"; do
        entry=$(printf '%s\n' $ALL | grep "^$name:") || { echo "fuzz: unknown target '$name'" >&2; exit 64; }
        selected="$selected $entry"
    done
    ALL=$selected
fi

# Release (faster; preconditions still trap), instrumented for libFuzzer and
# AddressSanitizer. FUZZING adds the entry point libFuzzer's own main calls;
# --export-dynamic lets FuzzDriver find LLVMFuzzerRunDriver and hand it the
# target (SwiftPM's main runs first, libFuzzer's is never reached).
mkdir -p "$BUILD/findings" "$BUILD/logs"
echo "fuzz: building the targets (log: $BUILD/logs/build.log)"
: >"$BUILD/logs/build.log"
for entry in $ALL; do
    IFS=: read -r target _ _ <<<"$entry"
    if ! "$SWIFT" build --build-path "$BUILD" -c release --product "$target" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xlinker --export-dynamic >>"$BUILD/logs/build.log" 2>&1; then
        grep -E 'error:' "$BUILD/logs/build.log" >&2 || tail -20 "$BUILD/logs/build.log" >&2
        echo "fuzz: the build of $target failed" >&2
        exit 1
    fi
done
bin=$("$SWIFT" build --build-path "$BUILD" -c release --show-bin-path)

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
