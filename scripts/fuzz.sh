#!/usr/bin/env bash
# The long fuzz run: N damaged models and storyboards, each through the release build of `scenograph`
# (validate, import, simulate, and generate for one valid case in 4), every run in its own process with
# a 10 s timeout and a 2 GB address-space limit. Prints a table of outcomes and timings; fails on any
# crash, hang, error without position or unexpected exit status, and keeps those inputs in .build/fuzz/.
# Then N/25 random valid models, each documented by `generate --jobs 1` (every diagram rendered in the
# process): fails on any that does not end with status 0.
#
#   make fuzz N=10000 [SEED=1] [WORKERS=2]
#   scripts/fuzz.sh N [SEED] [WORKERS]
set -euo pipefail
cd "$(dirname "$0")/.."

cases="${1:-10000}"
seed="${2:-1}"
workers="${3:-2}"
swift="${SWIFT:-swift}"

# The executable under test is the optimised one; the harness is in the test target.
"$swift" build -c release --scratch-path .build-release --product scenograph
"$swift" build --build-tests

SCENOGRAPH_FUZZ_CASES="$cases" SCENOGRAPH_FUZZ_SEED="$seed" SCENOGRAPH_FUZZ_WORKERS="$workers" \
SCENOGRAPH_FUZZ_VALID="$(( cases / 25 > 16 ? cases / 25 : 16 ))" \
SCENOGRAPH_FUZZ_BINARY="$PWD/.build-release/release/scenograph" \
  "$swift" test --skip-build --filter 'FuzzHarnessTests/(damagedInputsNeverCrashHangOrLoseTheirPosition|randomValidModelsRenderEveryDiagram)' 2>&1 \
  | grep -v -e '^◇' -e '^↳' -e "^Test Suite 'Selected tests'" -e '^	 Executed 0 tests'
