#!/usr/bin/env bash
# Runs 1,000 Graphviz renders (every 25th one failing) in one process under
# valgrind memcheck and prints its leak summary. Extra arguments go to valgrind.
#
# valgrind 3.19 (Debian 12) cannot read DWARF 5, Swift 6's default, so the tests
# are built with DWARF 4 in their own scratch folder; and it crashes in Swift
# Testing's runner, so the check is an XCTest case.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-valgrind
swift build --build-tests --scratch-path "$scratch" -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4
SCENOGRAPH_LEAK_CHECK=1 valgrind --leak-check=full --num-callers=30 "$@" \
  "$scratch/debug/ScenographPackageTests.xctest" GraphvizTests.LeakCheckTests
