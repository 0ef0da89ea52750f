# Thin wrapper over CMake presets. Every target installs missing dependencies first.
# Tests run JOBS at a time (default: one per core).
JOBS ?= $(shell nproc)

.PHONY: all deps build build-dev run test bench bench-scale soak fuzz tsan lint format clean

all: build

deps:
	@scripts/install-deps

build: deps
	cmake --preset release
	cmake --build --preset release

build-dev: deps
	cmake --preset dev
	cmake --build --preset dev

run: build
	@if [ -n "$$DISPLAY" ]; then \
	  build/release/sandbox/oblique-sandbox --scene Pyramid; \
	else \
	  echo "No display (DISPLAY is unset): running the sandbox headless under Xvfb for 120 frames"; \
	  xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" build/release/sandbox/oblique-sandbox --scene Pyramid --frames 120 \
	    --screenshot build/sandbox-screenshot.png && \
	  echo "Sandbox screenshot written to $(CURDIR)/build/sandbox-screenshot.png"; \
	fi

test: build build-dev tsan
	ctest --preset release -j $(JOBS)
	scripts/check-install build/release
	ctest --preset dev -j $(JOBS)
	scripts/check-determinism build/release build/dev
	scripts/check-cross-compiler build/release
	scripts/lint build/release
	scripts/run-fuzzers

bench: build
	build/release/bench/oblique-bench-collision
	build/release/bench/oblique-bench-world
	build/release/bench/oblique-bench-threads
	build/release/bench/oblique-bench-snapshot
	@if [ -n "$$DISPLAY" ]; then \
	  build/release/bench/oblique-bench-sprites; \
	else \
	  xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" build/release/bench/oblique-bench-sprites; \
	fi

# The step against the world's size beside Box2D 2.4, and its plot (needs gnuplot-nox).
bench-scale: build
	build/release/bench/oblique-bench-scale --csv=build/scale.csv
	scripts/plot-scaling build/scale.csv docs/images/scaling.png

soak: build
	build/release/bench/oblique-soak 10000 10000
	build/release/bench/oblique-joint-runaways 200 600 | grep -v ' seed '

# The libFuzzer targets, each for FUZZ_SECONDS (default 60), in their own clang build (docs/fuzzing.md).
fuzz: deps
	scripts/run-fuzzers

# The threaded step's tests under ThreadSanitizer, in a build of their own.
tsan: deps
	cmake --preset tsan
	cmake --build --preset tsan
	ctest --preset tsan -j $(JOBS)

lint: build
	scripts/lint build/release

format:
	git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

clean:
	rm -rf build
