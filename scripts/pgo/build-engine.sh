#!/usr/bin/env bash
# Builds torch2paddle in Release with the engine profile-guided and link-time optimised
# (cmake/engine_profile.cmake, docs/performance.md), as bench/run does:
#   1. BUILD/engine-pgo: the engine instrumented (T2P_ENGINE_PROFILE=generate, tests and the
#      Python module off), built incrementally;
#   2. training, only when that binary changed: it converts, three times at -j1, inputs that are
#      not the bench corpus: corpus/demo, corpus/negative and the golden inputs
#      (tests/golden/*/input*.py); the profile goes to BUILD/engine-profile (its stamp is touched,
#      so every object of step 3 is compiled again);
#   3. BUILD itself with T2P_ENGINE_PROFILE=BUILD/engine-profile.
# Not GCC: BUILD is configured and built plainly (the profile options are GCC's).
# Usage: build-engine.sh BUILD JOBS [CMAKE-OPTION...]
set -euo pipefail
build=$1 jobs=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

if ! "${CXX:-c++}" -v 2>&1 | grep -q '^gcc version'; then
  echo "build-engine: ${CXX:-c++} is not GCC: building without the engine profile" >&2
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DT2P_ENGINE_PROFILE= "$@" >/dev/null
  cmake --build "$build" -j "$jobs"
  exit 0
fi

gen=$build/engine-pgo
profile=$(realpath -m "$build/engine-profile")
echo "build-engine: the instrumented engine in $gen" >&2
cmake -S . -B "$gen" -G Ninja -DCMAKE_BUILD_TYPE=Release -DT2P_TESTS=OFF -DT2P_PYTHON_MODULE=OFF \
  -DT2P_ENGINE_PROFILE=generate "$@" >/dev/null
cmake --build "$gen" -j "$jobs" --target torch2paddle kg_db

if [ ! -f "$profile/stamp" ] || [ "$gen/torch2paddle" -nt "$profile/stamp" ]; then
  echo "build-engine: training the engine profile" >&2
  data=$gen/engine-profile-data   # where the instrumented objects write (cmake/engine_profile.cmake)
  training=$gen/training
  rm -rf "$data" "$training"      # kg_db's run of the instrumented binary wrote profiles too
  mkdir -p "$training/inputs"
  cp -r corpus/demo "$training/inputs/demo"
  cp -r corpus/negative "$training/inputs/negative"
  mkdir "$training/inputs/golden"
  for f in tests/golden/*/input*.py; do
    cp "$f" "$training/inputs/golden/$(echo "$f" | tr / _)"
  done
  for i in 1 2 3; do
    "$gen/torch2paddle" convert "$training/inputs" -o "$training/out$i" -j1 -q
  done
  rm -rf "$profile"
  cp -r "$data" "$profile"
  touch "$profile/stamp"
fi

echo "build-engine: the optimised build in $build" >&2
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DT2P_ENGINE_PROFILE="$profile" "$@" >/dev/null
cmake --build "$build" -j "$jobs"
