#!/usr/bin/env bash
# What `make test` runs once the Debian packages are there, as steps of
# scripts/test/step (a line per suite, failures in full, each step's log in
# .build/test-logs/), arranged so that the two cores stay busy:
#
#   1. the package and its tests build while the scripts' venvs are made;
#   2. the scripts' tests, which need only the built announce, run beside
#      the Swift tests (a build beside them would slow both);
#   3. the iOS glue is compiled against the SDKs' declarations
#      (scripts/ios/compile-glue.sh), two compiles at a time;
#   4. the fuzz seeds are replayed, and the tarball is packed from the
#      debug build (linked statically, as a release is) and run without Swift.
#
# Every step runs even when one fails; the last line, `N passed, N failed`,
# and the exit status are the whole run's.
#
#   SWIFT=swift SWIFTC=swiftc TEST_DIST=… RUNTIME_PACKAGES=… SCRIPT_PACKAGES=… DEBUG_STATIC_FLAGS=… scripts/test/all.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
step=scripts/test/step
swift=${SWIFT:-swift}

$step --reset
$step tools lines -- scripts/prepare-tools &
$step swift-build lines -- "$swift" build --build-tests
built=$?
wait

{
    $step push unittest -- python3 scripts/push/test_push.py
    $step jyutping unittest -- python3 scripts/voice/test_check_jyutping.py
    $step espeak-tts unittest -- python3 scripts/voice/test_espeak_tts.py
    $step tts unittest -- python3 scripts/tts/test_tts.py
} &
[ "$built" -eq 0 ] && $step swift-test swift -- "$swift" test --skip-build
wait

# The iOS glue (docs/ios), compiled for each of its targets and push
# services against the declarations of Tests/IOSInterfaces, with the
# package's phone modules just built.
[ "$built" -eq 0 ] && $step compile-glue lines -- env SWIFTC="${SWIFTC:-swiftc}" scripts/ios/compile-glue.sh

$step fuzz-replay lines -- env SWIFT="$swift" scripts/fuzz/run.sh --replay
# shellcheck disable=SC2086 # the flags are words
$step dist lines -- sh -c "\"$swift\" build $DEBUG_STATIC_FLAGS --product announce && \
    scripts/dist/pack.sh .build/debug/announce \"$TEST_DIST\" \"$RUNTIME_PACKAGES\" \"$SCRIPT_PACKAGES\""
$step test-dist lines -- env REFERENCE="$PWD/.build/debug/announce" scripts/dist/test-dist.sh "$TEST_DIST"
$step --total
