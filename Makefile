# The two commands of the README:
#   make run    installs what is missing, then generates the docs of the bundled example into Output/
#   make test   installs what is missing, then runs the test suite
SWIFT ?= swift

.PHONY: setup run test build benchmark screenshots browser-test fuzz

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

run: build
	$(SWIFT) run scenograph generate

# Screenshots of the generated site (index, a scene, a flow) at 390 and 1400 px wide into docs/screenshots/,
# taken by the browser test in headless Chromium.
screenshots: run
	@bash scripts/setup.sh --browser
	SCENOGRAPH_SCREENSHOTS=$(CURDIR)/docs/screenshots $(SWIFT) test --filter BrowserTests

# The long browser run: every page of the site at six sizes from 320 to 1920 px wide.
browser-test: run
	@bash scripts/setup.sh --browser
	SCENOGRAPH_BROWSER_LONG=1 $(SWIFT) test --filter BrowserTests

# Stage-by-stage figures on a generated model, from an optimised build.
benchmark: setup
	$(SWIFT) run -c release --scratch-path .build-release scenograph benchmark

test: setup
	$(SWIFT) test

# The long fuzz run on the release build (default N=10000 cases, SEED=1, WORKERS=2): a table of figures;
# fails on any crash, hang or error without position. A short run is part of `make test`.
fuzz: setup
	@bash scripts/fuzz.sh $(or $(N),10000) $(or $(SEED),1) $(or $(WORKERS),2)
