# The two commands of the README:
#   make run    installs what is missing, then generates the docs of the bundled example into Output/
#   make test   installs what is missing, then runs the test suite
SWIFT ?= swift

.PHONY: setup run test build benchmark screenshots fuzz

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

run: build
	$(SWIFT) run scenograph generate

# Headless Chromium screenshots of the generated site (index, a scene, a flow) into .screenshots/.
screenshots: run
	@bash scripts/screenshots.sh Output/site .screenshots

# Stage-by-stage figures on a generated model, from an optimised build.
benchmark: setup
	$(SWIFT) run -c release --scratch-path .build-release scenograph benchmark

test: setup
	$(SWIFT) test

# The long fuzz run on the release build (default N=10000 cases, SEED=1, WORKERS=2): a table of figures;
# fails on any crash, hang or error without position. A short run is part of `make test`.
fuzz: setup
	@bash scripts/fuzz.sh $(or $(N),10000) $(or $(SEED),1) $(or $(WORKERS),2)
