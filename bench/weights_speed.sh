#!/usr/bin/env bash
# The target of `torch2paddle weights` (docs/testing-your-migration.md): a torchvision ResNet-50 and
# ViT-B/16 state_dict (random init, no download) converted with --model in under 5 s each.
# Prints, per model, the wall time of the whole command (best and median of BENCH_REPEAT runs,
# default 3) and where one run spends it (Python and torch start-up, torch.load, building the
# model, converting, writing). Usage: bench/weights_speed.sh [BUILD] (default: build).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
binary=$build/torch2paddle
repeat=${BENCH_REPEAT:-3}
[ -x "$binary" ] || { echo "weights_speed: no $binary (build first)" >&2; exit 1; }
# The checkpoints and outputs on a tmpfs when there is one: the figures measure the tool, not the disk.
if [ -z "${BENCH_WORK:-}" ] && [ -d /dev/shm ]; then BENCH_WORK=/dev/shm/t2p-weights-bench-$UID; fi
work=${BENCH_WORK:-$build/weights-bench}
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

echo "weights speed: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$root" rev-parse --short HEAD)," \
     "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for model in resnet50 vit_b_16; do
  /usr/bin/python3 -c "import torch, torchvision; torch.manual_seed(0); \
torch.save(torchvision.models.$model(weights=None).state_dict(), '$work/$model.pt')"
  runs=()  # "wall cpu" per run; CPU time (user + system, the command and its python3) is less
           # sensitive than wall time to other work on a shared machine
  for _ in $(seq "$repeat"); do
    runs+=("$(/usr/bin/time -f '%e %U %S' "$binary" weights "$work/$model.pt" -o "$work/$model.pdparams" \
              --model "torchvision.models:$model" --force -q 2>&1 | tail -1 | awk '{print $1, $2 + $3}')")
  done
  sorted=$(printf '%s\n' "${runs[@]}" | sort -n)
  best=$(echo "$sorted" | head -1)
  median=$(echo "$sorted" | sed -n "$(( (repeat + 1) / 2 ))p")
  size=$(du -m "$work/$model.pt" | cut -f1)
  printf '%-9s %4s MB  wall: best %.2f s, median %.2f s; CPU of the best run %.2f s  (target: < 5 s)\n' \
    "$model" "$size" "${best% *}" "${median% *}" "${best#* }"
  # One run's phases, in-process (the same functions the command calls).
  PYTHONPATH=$build/python /usr/bin/python3 - "$work" "$model" <<'PY'
import sys, time
t0 = time.perf_counter()
import torch, torchvision
from torch2paddle_runtime import weights
t1 = time.perf_counter()
work, model = sys.argv[1], sys.argv[2]
state = weights.load_state_dict(f"{work}/{model}.pt")
t2 = time.perf_counter()
m = weights.build_structure(f"torchvision.models:{model}")
t3 = time.perf_counter()
params, report = weights.convert_state_dict(state, model=m)
t4 = time.perf_counter()
weights.write_pdparams(params, f"{work}/{model}.phases.pdparams", force=True)
t5 = time.perf_counter()
print(f"          phases: start-up {t1-t0:.2f} s, torch.load {t2-t1:.2f} s, build model {t3-t2:.2f} s, "
      f"convert {t4-t3:.2f} s, write {t5-t4:.2f} s")
PY
  rm -f "$work/$model.pt" "$work"/*.pdparams
done
