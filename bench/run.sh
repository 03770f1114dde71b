#!/usr/bin/env bash
# Builds the benchmarks (Release), runs them, and rewrites docs/benchmarks.md with the
# figures, the machine and the date. Usage: bench/run.sh [--quick]
#   --quick   skips the Python reference at n = 20 (about 20 s on its own)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
reference="${PB_REFERENCE:-$here/../shared/reference/tutorial_part1.py}"
quick=0
[ "${1:-}" = "--quick" ] && quick=1

"$here/packaging/deps.sh"
build_dir="$("$here/packaging/build.sh" probebench bench_sign_flip | tail -n 1)"
# Optional benchmarks built when their targets exist.
for t in bench_runner_overhead fake_model_server bench_gui_responsiveness bench_cli_memory \
         bench_gui_open_project bench_big_probe bench_judge_analysis bench_nameset_calibration \
         bench_interval_coverage bench_calibration_study; do
  cmake --build "$build_dir" --target "$t" >/dev/null 2>&1 || true
done

raw="$(mktemp -d)"
trap 'rm -rf "$raw"' EXIT

echo "bench: sign-flip p (C++)" >&2
"$build_dir/bench/bench_sign_flip" > "$raw/sign_flip_cpp.txt"
if [ -f "$reference" ]; then
  ns="12 16 20"; [ $quick = 1 ] && ns="12 16"
  echo "bench: sign-flip p (Python reference, n = $ns)" >&2
  python3 "$here/bench/sign_flip_reference.py" "$reference" $ns > "$raw/sign_flip_py.txt"
else
  echo "bench: $reference not found; skipping the reference comparisons" >&2
  : > "$raw/sign_flip_py.txt"
fi

echo "bench: the whole tutorial probe" >&2
python3 - "$build_dir/app/probebench" "$here/resources/examples/style-probe.probe.json" "$reference" \
  > "$raw/tutorial.txt" <<'PY'
import os, subprocess, sys, tempfile, time
cli, probe, reference = sys.argv[1:4]
def best(cmd, reps=7):
    times = []
    for _ in range(reps):
        with tempfile.TemporaryDirectory() as d:
            c = [a.replace("{out}", d) for a in cmd]
            t = time.perf_counter()
            subprocess.run(c, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times.append(time.perf_counter() - t)
    times.sort()
    return times[len(times) // 2]
print(f"tutorial cli {best([cli, 'run', probe, '--out', '{out}', '--quiet']):.4f}")
if os.path.exists(reference):
    print(f"tutorial python {best(['python3', reference]):.4f}")
PY

if [ -x "$build_dir/bench/bench_runner_overhead" ]; then
  echo "bench: runner overhead against a fake server" >&2
  # Latency is what this measures, so other work on the machine (a build, say) must not
  # preempt the client or the server: run both real-time when allowed, and say which.
  if chrt -f 50 true 2>/dev/null; then
    echo "SCHED_FIFO priority 50 (chrt -f 50), so background jobs do not preempt client or server" > "$raw/runner_sched.txt"
    chrt -f 50 "$build_dir/bench/bench_runner_overhead" > "$raw/runner.txt" || true
  else
    echo "normal (chrt -f not permitted)" > "$raw/runner_sched.txt"
    "$build_dir/bench/bench_runner_overhead" > "$raw/runner.txt" || true
  fi
fi
if [ -x "$build_dir/bench/bench_gui_responsiveness" ]; then
  echo "bench: GUI responsiveness" >&2
  QT_QPA_PLATFORM=offscreen "$build_dir/bench/bench_gui_responsiveness" > "$raw/gui.txt" || true
fi

if [ -x "$build_dir/bench/bench_judge_analysis" ]; then
  echo "bench: judge run analysis against its calls" >&2
  "$build_dir/bench/bench_judge_analysis" "$here/resources/examples/library-padding.judge.json" \
    > "$raw/judge_analysis.txt" || true
fi
if [ -x "$build_dir/bench/bench_nameset_calibration" ]; then
  echo "bench: name-set false-positive rate and sensitivity (2,000 simulated probes a shift)" >&2
  "$build_dir/bench/bench_nameset_calibration" > "$raw/nameset.txt" || true
fi
if [ -x "$build_dir/bench/bench_interval_coverage" ]; then
  echo "bench: coverage of the average gap's interval, 2,000 stand-in probes per size (about 1.5 min)" >&2
  "$build_dir/bench/bench_interval_coverage" "$here/resources/examples/style-probe.probe.json" 2000 \
    > "$raw/interval_coverage.txt" || true
fi
if [ -x "$build_dir/bench/bench_calibration_study" ]; then
  echo "bench: the calibration study, docs/studies/calibration.md and its figures (about 1 min)" >&2
  "$build_dir/bench/bench_calibration_study" "$here/resources/examples" "$here/docs/studies" \
    > "$raw/calibration_study.txt" || true
fi
# Size and memory: a 1,002,000-call stand-in run by the CLI (a few minutes), the 102,000-call
# project it is measured against opened in the window, and a 1,000,000-item probe read.
if [ -x "$build_dir/bench/bench_cli_memory" ]; then
  echo "bench: CLI peak memory, 102,000 and 1,002,000 stand-in calls (a few minutes)" >&2
  "$build_dir/bench/bench_cli_memory" 1000 34 "$raw/calls-100k" > "$raw/memory.txt" || true
  "$build_dir/bench/bench_cli_memory" 1000 334 "$raw/calls-1m" >> "$raw/memory.txt" || true
  rm -rf "$raw/calls-1m"
fi
if [ -x "$build_dir/bench/bench_gui_open_project" ] && [ -f "$raw/calls-100k/results/bench.pbrun" ]; then
  echo "bench: opening the 102,000-call project in the window (3 times)" >&2
  # Like the runner benchmark, real-time when allowed, so other work does not stretch it.
  open_cmd=(env QT_QPA_PLATFORM=offscreen "$build_dir/bench/bench_gui_open_project"
            "$raw/calls-100k/results/bench.pbrun")
  if chrt -f 50 true 2>/dev/null; then
    echo "SCHED_FIFO priority 50 (chrt -f 50)" > "$raw/open_sched.txt"
    open_cmd=(chrt -f 50 "${open_cmd[@]}")
  else
    echo "normal (chrt -f not permitted)" > "$raw/open_sched.txt"
  fi
  for _ in 1 2 3; do "${open_cmd[@]}" >> "$raw/open.txt" 2>/dev/null || true; done
fi
if [ -x "$build_dir/bench/bench_big_probe" ]; then
  echo "bench: reading a 1,000,000-item probe" >&2
  "$build_dir/bench/bench_big_probe" > "$raw/bigprobe.txt" || true
fi

python3 "$here/bench/write_report.py" "$raw" "$here/docs/benchmarks.md"
echo "wrote docs/benchmarks.md" >&2
