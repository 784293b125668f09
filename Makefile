# The two commands of the README, and a few more for developers.
#   make demo   install what is missing, build, convert the bundled demo project, show the result
#   make test   install what is missing, build, run every test
BUILD ?= build
JOBS ?= $(shell nproc)
BIN := $(BUILD)/torch2paddle

.PHONY: all setup build demo test bench sanitize clean

all: build

setup:
	@scripts/setup.sh

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: setup $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	@rm -rf $(BUILD)/demo-out
	$(BIN) convert corpus/demo -o $(BUILD)/demo-out --report json=$(BUILD)/demo-report.json
	@echo "--- diff of corpus/demo/train_classifier.py (input -> converted) ---"
	@diff -u corpus/demo/train_classifier.py $(BUILD)/demo-out/train_classifier.py || true
	@echo "--- converted project in $(BUILD)/demo-out, JSON report in $(BUILD)/demo-report.json ---"

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD)
