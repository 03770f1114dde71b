#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang, ASan, UBSan: `cmake --preset fuzz`, build-fuzz/) and
# runs each for a fixed time, as many at once as there are cores, on a working corpus seeded
# from tests/fuzz/corpus/. Prints one line per harness (runs, corpus, crashes, timeouts) and
# exits 1 if any harness crashed, timed out or ran out of memory.
# Usage: packaging/fuzz.sh [SECONDS_PER_HARNESS (default 30)] [HARNESS...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-30}"
shift || true
"$here/packaging/deps.sh" --fuzz
build="$("$here/packaging/build.sh" --fuzz fuzz_harnesses | tail -n 1)"
harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
  harnesses=(fuzz_probe fuzz_judge_probe fuzz_rubric fuzz_csv_log fuzz_byhand_csv
             fuzz_byhand_json fuzz_judge_reply fuzz_ollama_reply fuzz_openai_reply)
fi
runs="$build/runs"
rm -rf "$runs"
mkdir -p "$runs"

fuzz_one() {
  local name="$1" work="$build/corpus/$1" out="$runs/$1"
  mkdir -p "$work" "$out"
  # -timeout: one input taking this long is a hang worth a report; -rss_limit_mb: the
  # readers cap what they take, so more memory than this is a bug too.
  ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1" \
  UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
  "$build/tests/fuzz/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -dict="$here/tests/fuzz/readers.dict" \
    -artifact_prefix="$out/" "$work" "$here/tests/fuzz/corpus/$name" \
    >"$out/log.txt" 2>&1 && echo 0 >"$out/status" || echo $? >"$out/status"
}

running=0
for name in "${harnesses[@]}"; do
  fuzz_one "$name" &
  running=$((running + 1))
  if [ "$running" -ge "$(nproc)" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

failed=0
total=0
printf '%-20s %12s %8s %8s %9s %6s\n' harness runs corpus crashes timeouts status
for name in "${harnesses[@]}"; do
  out="$runs/$name"
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log.txt" | tail -n 1)"
  corpus="$(find "$build/corpus/$name" -type f | wc -l)"
  crashes="$(find "$out" -name 'crash-*' -o -name 'leak-*' -o -name 'oom-*' | wc -l)"
  timeouts="$(find "$out" -name 'timeout-*' -o -name 'slow-unit-*' | wc -l)"
  status="$(cat "$out/status")"
  printf '%-20s %12s %8s %8s %9s %6s\n' "$name" "${execs:-?}" "$corpus" "$crashes" "$timeouts" \
    "$status"
  total=$((total + ${execs:-0}))
  if [ "$status" != 0 ] || [ "$crashes" != 0 ] || [ "$timeouts" != 0 ]; then
    failed=1
    echo "--- $name: $out/log.txt" >&2
    tail -n 40 "$out/log.txt" >&2
  fi
done
echo "total runs: $total in ${seconds} s per harness"
exit "$failed"
