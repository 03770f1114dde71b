#!/usr/bin/env python3
"""The tutorial's Part II loop (one POST to /api/chat after another, log to CSV), standard
library only, against the fake server. Usage: python_loop.py BASE_URL CALLS
Prints "<wall seconds> <calls ok>"."""
import csv
import json
import sys
import tempfile
import time
import urllib.request

base, calls = sys.argv[1], int(sys.argv[2])
seeds = 10
rows, ok = [], 0
start = time.perf_counter()
for i in range(calls // (2 * seeds)):
    for variant, message in (("formal", f"Hello. Item {i}, could you help?"), ("casual", f"hey item {i} pls help")):
        for seed in range(1, seeds + 1):
            body = json.dumps({"model": "fake-model:latest", "stream": False,
                               "options": {"temperature": 0.8, "seed": seed},
                               "messages": [{"role": "user", "content": "Reply with numbered steps.\n\n" + message}]})
            req = urllib.request.Request(base + "/api/chat", data=body.encode(), headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=180) as r:
                reply = json.loads(r.read())["message"]["content"]
                ok += 1
            rows.append({"item": i, "variant": variant, "seed": seed, "reply": reply})
with tempfile.NamedTemporaryFile("w", suffix=".csv", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)
print(f"{time.perf_counter() - start:.3f} {ok}")
