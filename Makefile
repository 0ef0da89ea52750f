# Thin wrapper over CMake presets. Every target installs missing dependencies first.
.PHONY: all deps build build-dev run test bench lint format clean

DEFAULT_SCENE ?= scenes/box_on_ground.json

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
	build/release/compare/oblique contacts $(DEFAULT_SCENE)

test: build build-dev
	ctest --preset release
	scripts/check-install build/release
	ctest --preset dev
	scripts/check-determinism build/release build/dev

bench: build
	build/release/bench/oblique-bench-collision
	build/release/bench/oblique-bench-world

lint: build
	scripts/lint build/release

format:
	git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

clean:
	rm -rf build
