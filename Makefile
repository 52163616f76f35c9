# The two commands of the README:
#   make run    installs what is missing, then generates the docs of the bundled example into Output/
#   make test   installs what is missing, then runs the test suite
SWIFT ?= swift

.PHONY: setup run test build benchmark

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

run: build
	$(SWIFT) run scenograph validate Examples/Photos.yaml

test: setup
	$(SWIFT) test
