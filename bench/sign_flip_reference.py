#!/usr/bin/env python3
"""Times the tutorial's own sign_flip_p on the gaps bench_sign_flip uses.

Usage: python3 bench/sign_flip_reference.py PATH_TO_tutorial_part1.py [N ...]
(PATH may also be the folder holding it; N defaults to 12 16 20.) Prints one line per n in
the format of bench_sign_flip:
  bench=sign_flip impl=python-reference method=exact-enumeration n=<n> histogram=0 reps=<r>
  seconds_per_p=<s> p=<p> hits=<h> gaps=<g1,g2,...>
n = 20 visits 2^20 patterns and takes tens of seconds.
"""
import os
import sys
import time

MASK = (1 << 64) - 1


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def bench_gaps(n):
    state, gaps = 1000 + n, []
    for _ in range(n):
        state, z = splitmix64(state)
        gaps.append(z % 9 - 3)
    return gaps


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    path = os.path.abspath(sys.argv[1])
    sys.path.insert(0, path if os.path.isdir(path) else os.path.dirname(path))
    from tutorial_part1 import sign_flip_p

    sizes = [int(a) for a in sys.argv[2:]] or [12, 16, 20]
    for n in sizes:
        gaps = bench_gaps(n)
        floats = [float(g) for g in gaps]     # the workbench's gaps are doubles
        min_seconds = 1.0 if n <= 16 else 0.0  # n = 20 is timed once
        reps, start = 0, time.perf_counter()
        while True:
            p = sign_flip_p(floats)
            reps += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_seconds:
                break
        print(f"bench=sign_flip impl=python-reference method=exact-enumeration n={n} histogram=0 "
              f"reps={reps} seconds_per_p={elapsed / reps:.6g} p={p!r} hits={round(p * 2 ** n)} "
              f"gaps={','.join(map(str, gaps))}", flush=True)


if __name__ == "__main__":
    main()
