# The two commands of the README, and a few more for developers.
#   make demo   install what is missing, build, convert the bundled demo project, show the result
#   make test   install what is missing, build, run every test
BUILD ?= build
JOBS ?= $(shell nproc)
BIN := $(BUILD)/torch2paddle

.PHONY: all setup build demo test coverage bench sanitize fuzz clean

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
	@echo "--- diff of corpus/demo/requirements.txt ---"
	@diff -u corpus/demo/requirements.txt $(BUILD)/demo-out/requirements.txt || true
	@echo "--- converted project in $(BUILD)/demo-out, JSON report in $(BUILD)/demo-report.json ---"

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# AddressSanitizer + UndefinedBehaviorSanitizer build running the whole test suite.
sanitize: setup
	cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DT2P_SANITIZE=ON
	cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

# libFuzzer on convert_source, seeded with the corpus and golden inputs (FUZZ_SECONDS, default 60).
FUZZ_SECONDS ?= 60
fuzz:
	@scripts/setup.sh clang libclang-rt-14-dev
	@mkdir -p build-fuzz/corpus-live
	CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DT2P_FUZZ=ON -DT2P_TESTS=OFF -DT2P_SANITIZE=ON
	cmake --build build-fuzz -j $(JOBS) --target fuzz_convert kg_db
	@mkdir -p build-fuzz/seeds build-fuzz/findings
	@for f in $$(find corpus tests/golden -name '*.py'); do cp "$$f" "build-fuzz/seeds/$$(echo $$f | tr / _)"; done
	build-fuzz/tests/fuzz/fuzz_convert -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 \
	  -artifact_prefix=build-fuzz/findings/ -print_final_stats=1 build-fuzz/corpus-live build-fuzz/seeds

# The real-code corpus (Debian's torch, torchvision, torchaudio, torchtext, skorch sources, fetched
# into the git-ignored corpus-real/) converted and measured: docs/coverage.md.
coverage: build
	scripts/fetch-real-code.sh corpus-real
	python3 scripts/coverage.py --bin $(BIN) --corpus corpus-real --out $(BUILD)/coverage -j $(JOBS)

bench:
	bench/run

clean:
	rm -rf $(BUILD)
