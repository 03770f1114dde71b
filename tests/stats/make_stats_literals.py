#!/usr/bin/env python3
"""Prints the C++ literals the tests in tests/stats/ compare against.

Usage: python3 tests/stats/make_stats_literals.py SECTION [REFERENCE_DIR]
SECTION is one of: mean stdev quotient sqrt tutorial tolerance signtest largegrid.
REFERENCE_DIR (default ../shared/reference beside the checkout, as bench/run.sh uses)
holds tutorial_part1.py.

Everything is computed with Python's own statistics module or exact fractions; doubles
are printed as C99 hex-float literals so nothing is lost on the way into C++.
"""
import math
import os
import random
import statistics
import struct
import sys
from fractions import Fraction
from itertools import product
from math import comb


def hexf(x):
    x = float(x)
    if x == 0:
        return "0.0"
    return float.hex(x)


def cpp_list(xs):
    return "{" + ", ".join(hexf(x) for x in xs) + "}"


def mean_cases():
    rng = random.Random(2024)
    cases = [
        [0.1, 0.2, 0.3],
        [1.0, 2.0 ** -53],                 # exact tie: rounds to even (0.5)
        [1.0, 3 * 2.0 ** -53],             # exact tie: rounds to even (up)
        [1e16, 1.0, -1e16],                # naive sum loses the 1
        [1e308, 1e308, -1e308],            # naive sum overflows
        [5e-324, 5e-324, 5e-324],          # subnormals
        [5e-324, 0.0],                     # half the smallest subnormal: tie to 0
        [5e-324, 5e-324, 5e-324, 0.0],     # 0.75 of the smallest subnormal
        [-0.0],
        [3.9, 2.55],
        [1.35, -0.30000000000000027, 0.7999999999999998, 0.34999999999999964],
        [2.0 ** 53, 1.0],                  # 2^52 + 0.5: exactly representable
        [2.0 ** 54, 1.0, 1.0, 1.0],
    ]
    while len(cases) < 40:
        n = rng.randint(2, 9)
        xs = [rng.choice([1, -1]) * rng.random() * 10.0 ** rng.randint(-20, 20) for _ in range(n)]
        naive = sum(xs) / n
        if statistics.mean(xs) != naive:   # keep only inputs where the naive sum is wrong
            cases.append(xs)
    while len(cases) < 60:                 # averages of small integers over R runs
        r = rng.randint(2, 30)
        cases.append([float(rng.randint(0, 9)) for _ in range(r)])
    return cases


def stdev_cases():
    rng = random.Random(77)
    cases = [
        [1.5, 2.5, 2.5, 2.75, 3.25, 4.75],
        [1.0, 1.0],
        [1e16, 1.0, -1e16],
        [3.0, 4.0, 4.0, 5.0, 3.0],
        [0.1, 0.2, 0.3],
        [1e-300, 2e-300, 4e-300],
    ]
    while len(cases) < 30:
        n = rng.randint(2, 20)
        cases.append([float(rng.randint(1, 9)) for _ in range(n)])
    while len(cases) < 45:
        n = rng.randint(2, 7)
        cases.append([rng.gauss(0, 1) * 10.0 ** rng.randint(-5, 5) for _ in range(n)])
    return cases


def section_mean():
    print("// python3 tests/stats/make_stats_literals.py mean")
    for i, xs in enumerate(mean_cases()):
        print(f'    QTest::addRow("mean-{i}") << QList<double>{cpp_list(xs)} << {hexf(statistics.mean(xs))};')


def section_stdev():
    print("// python3 tests/stats/make_stats_literals.py stdev")
    for i, xs in enumerate(stdev_cases()):
        print(f'    QTest::addRow("stdev-{i}") << QList<double>{cpp_list(xs)} << {hexf(statistics.stdev(xs))};')


def section_quotient():
    print("// python3 tests/stats/make_stats_literals.py quotient")
    rng = random.Random(5)
    cases = [(1, 3), (2, 3), (-7, 9), (10 ** 30 + 1, 10 ** 12), (1, 10 ** 320), (2 ** 1100, 3 * 2 ** 90),
             (2 ** 53 + 1, 1), (2 ** 53 + 3, 1), (2 ** 54 + 2, 1), (2 ** 1024 - 2 ** 971, 1), (2 ** 1024 - 2 ** 971 - 2 ** 969, 1),
             (1, 2 ** 1075), (3, 2 ** 1076), (1, 2 ** 1074 + 1), (3, 2 ** 1075)]
    while len(cases) < 40:
        a = rng.getrandbits(rng.randint(1, 200)) * rng.choice([1, -1])
        b = rng.getrandbits(rng.randint(1, 200)) + 1
        cases.append((a, b))
    for i, (a, b) in enumerate(cases):
        print(f'    QTest::addRow("quotient-{i}") << QStringLiteral("{a}") << QStringLiteral("{b}") << {hexf(a / b)};')


def section_sqrt():
    print("// python3 tests/stats/make_stats_literals.py sqrt")
    rng = random.Random(6)
    cases = [(1, 1), (2, 1), (1, 2), (9, 4), (10 ** 40, 3), (1, 10 ** 40), (2 ** 107 + 1, 1)]
    while len(cases) < 30:
        a = rng.getrandbits(rng.randint(1, 150)) + 1
        b = rng.getrandbits(rng.randint(1, 150)) + 1
        cases.append((a, b))
    for i, (a, b) in enumerate(cases):
        value = statistics._float_sqrt_of_frac(a, b)
        print(f'    QTest::addRow("sqrt-{i}") << QStringLiteral("{a}") << QStringLiteral("{b}") << {hexf(value)};')


def tutorial_runs(reference_dir):
    sys.path.insert(0, reference_dir)
    import tutorial_part1 as t
    seeds = list(range(1, 21))
    same = [{"formal": p["formal"], "formal again": p["formal"]} for p in t.PAIRS]
    return t, {
        "probe": (t.run_probe(t.PAIRS, seeds), "formal", "casual"),
        "same": (t.run_probe(same, seeds, seeds_by_variant={"formal again": [s + 100 for s in seeds]}),
                 "formal", "formal again"),
        "zero": (t.run_probe(t.PAIRS, seeds, planted_gap=0.0), "formal", "casual"),
        "few": (t.run_probe(t.PAIRS, seeds[:5]), "formal", "casual"),
    }


def section_tutorial(reference_dir):
    print(f"// python3 tests/stats/make_stats_literals.py tutorial {reference_dir}")
    print("// name, runs per cell, per-item sums A, per-item sums B, gaps, mean gap, p")
    t, runs = tutorial_runs(reference_dir)
    for name, (rows, a, b) in runs.items():
        items = sorted({r["item"] for r in rows})
        sa = [sum(r["steps"] for r in rows if r["item"] == i and r["variant"] == a) for i in items]
        sb = [sum(r["steps"] for r in rows if r["item"] == i and r["variant"] == b) for i in items]
        runs_per_cell = len([r for r in rows if r["item"] == 0 and r["variant"] == a])
        gaps = [g for *_, g in t.per_item_table(rows, a, b)]
        print(f'    QTest::addRow("{name}") << {runs_per_cell} << QList<qint64>{{{", ".join(map(str, sa))}}}'
              f' << QList<qint64>{{{", ".join(map(str, sb))}}} << QList<double>{cpp_list(gaps)}'
              f' << {hexf(t.mean(gaps))} << {hexf(t.sign_flip_p(gaps))};')


def boundary_class(x, y):
    """Where the exact mean of the pattern (x, -y) sits relative to Python's threshold."""
    threshold = abs(statistics.mean([x, y])) - 1e-9
    below = math.nextafter(threshold, 0)
    mid = (Fraction(below) + Fraction(threshold)) / 2
    value = abs(Fraction(x) - Fraction(y)) / 2
    if value == mid:
        return "tie-even" if (struct.unpack(">Q", struct.pack(">d", threshold))[0] & 1) == 0 else "tie-odd"
    if mid < value < Fraction(threshold):
        return "inside"   # counted only because Python rounds the pattern's mean up
    if Fraction(below) < value < mid:
        return "below"    # within an ulp of the threshold, rounds down: not counted
    return None


def section_tolerance(reference_dir):
    """Gaps where a pattern's exact mean sits on observed - 1e-9, so Python's rounding decides."""
    print(f"// python3 tests/stats/make_stats_literals.py tolerance {reference_dir}")
    sys.path.insert(0, reference_dir)
    import tutorial_part1 as t
    rng = random.Random(99)
    cases = []
    for _ in range(12):
        x = rng.uniform(0.1, 3.0)
        y = 1e-9 * (1 + rng.randint(-3, 3) * 2.0 ** -52)
        extra = [rng.choice([1, -1]) * rng.uniform(0.0, 1e-3) for _ in range(rng.randint(0, 3))]
        cases.append(("random", [x, y] + extra))
    cases.append(("plain", [0.3, 0.1, 0.2]))
    cases.append(("plain", [1e-9, 1e-9, -1e-9]))
    cases.append(("plain", [2e-9, 1e-9]))
    # Two gaps (x, y) whose pattern (x, -y) lands below, inside, or exactly on the midpoint
    # between the threshold and the double under it (ties go to the even one).
    found = {}
    for _ in range(200000):
        x = rng.uniform(0.1, 3.0)
        y = 1e-9 * (1 + rng.randint(-40, 40) * 2.0 ** -52)
        kind = boundary_class(x, y)
        if kind and len(found.setdefault(kind, [])) < 4:
            found[kind].append([x, y])
    for _ in range(20000):   # ties by construction: solve y = x - 2 mid to a fixed point
        x, y = rng.uniform(0.1, 3.0), 1e-9
        for _ in range(6):
            threshold = abs(statistics.mean([x, y])) - 1e-9
            mid = (Fraction(math.nextafter(threshold, 0)) + Fraction(threshold)) / 2
            exact = Fraction(x) - 2 * mid
            if float(exact) != exact:
                break
            y = float(exact)
        kind = boundary_class(x, y)
        if kind and kind.startswith("tie") and len(found.setdefault(kind, [])) < 4:
            found[kind].append([x, y])
    for kind in ("below", "inside", "tie-even", "tie-odd"):
        cases += [(kind, gaps) for gaps in found.get(kind, [])]
    for i, (kind, gaps) in enumerate(cases):
        print(f'    QTest::addRow("{kind}-{i}") << QList<double>{cpp_list(gaps)} << {hexf(t.sign_flip_p(gaps))};')


def section_signtest():
    print("// python3 tests/stats/make_stats_literals.py signtest")
    print("// positives, negatives, zeros, exact MIN(1, 2*(1-BINOM.DIST(k-1, n, 0.5, TRUE)))")
    cases = [(7, 1, 0), (1, 7, 0), (4, 4, 0), (5, 2, 1), (3, 0, 5), (1, 0, 0), (0, 1, 2), (10, 0, 0),
             (12, 3, 2), (20, 5, 0), (30, 30, 1), (45, 15, 0), (100, 60, 3), (150, 50, 0), (200, 100, 0),
             (900, 800, 0)]
    for pos, neg, zeros in cases:
        n, k = pos + neg, max(pos, neg)
        upper = Fraction(sum(comb(n, j) for j in range(k, n + 1)), 2 ** n)
        p = min(Fraction(1), 2 * upper)
        print(f'    QTest::addRow("pos{pos}-neg{neg}-zero{zeros}") << {pos} << {neg} << {zeros} << {hexf(p)};')


def seeded_gaps(seed, n, low, high):
    rng = random.Random(seed)
    return [rng.randint(low, high) for _ in range(n)]


def exact_hits(d):
    """Independent DP: number of sign patterns with |sum s_i d_i| >= |sum d_i|."""
    counts = {0: 1}
    for v in d:
        nxt = {}
        for s, c in counts.items():
            nxt[s + v] = nxt.get(s + v, 0) + c
            nxt[s - v] = nxt.get(s - v, 0) + c
        counts = nxt
    target = abs(sum(d))
    return sum(c for s, c in counts.items() if abs(s) >= target)


def section_largegrid():
    print("// python3 tests/stats/make_stats_literals.py largegrid")
    print("// integer numerators, runs per cell, exact hits out of 2^n (as a decimal string)")
    for name, seed, n, low, high, runs in [("n60", 60, 60, -30, 40, 20), ("n200", 200, 200, -40, 45, 10),
                                           ("n40", 40, 40, -25, 30, 5)]:
        d = seeded_gaps(seed, n, low, high)
        print(f'    QTest::addRow("{name}") << QList<qint64>{{{", ".join(map(str, d))}}} << {runs}'
              f' << QStringLiteral("{exact_hits(d)}");')


def main():
    section = sys.argv[1] if len(sys.argv) > 1 else ""
    default_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                               "shared", "reference")
    reference_dir = sys.argv[2] if len(sys.argv) > 2 else default_dir
    sections = {"mean": section_mean, "stdev": section_stdev, "quotient": section_quotient,
                "sqrt": section_sqrt, "signtest": section_signtest, "largegrid": section_largegrid,
                "tutorial": lambda: section_tutorial(reference_dir),
                "tolerance": lambda: section_tolerance(reference_dir)}
    if section not in sections:
        sys.exit(__doc__)
    sections[section]()


if __name__ == "__main__":
    main()
