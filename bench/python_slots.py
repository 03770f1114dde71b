#!/usr/bin/env python3
"""The floor of the runner-overhead rig: the leanest client we can write in a few lines, k
threads each sending one POST to /api/chat after another over its own keep-alive connection,
recording nothing. Whatever this client loses against N * L / k belongs to the fake server,
loopback and the machine, not to the workbench's runner.
Usage: python_slots.py BASE_URL CALLS SLOTS [BASE_URL ...]; prints "<wall seconds> <calls ok>"."""
import http.client
import json
import sys
import threading
import time
import urllib.parse

calls, slots = int(sys.argv[2]), int(sys.argv[3])
bases = [sys.argv[1]] + sys.argv[4:]
lock = threading.Lock()
state = {"next": 0, "ok": 0}


def worker(base):
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port)
    while True:
        with lock:
            if state["next"] >= calls:
                break
            i = state["next"]
            state["next"] += 1
        body = json.dumps({"model": "fake-model:latest", "stream": False,
                           "options": {"temperature": 0.8, "seed": i % 10 + 1},
                           "messages": [{"role": "user", "content": f"hey item {i} pls help"}]})
        conn.request("POST", "/api/chat", body, {"Content-Type": "application/json"})
        reply = conn.getresponse()
        data = reply.read()
        if reply.status == 200 and json.loads(data)["message"]["content"]:
            with lock:
                state["ok"] += 1


start = time.perf_counter()
threads = [threading.Thread(target=worker, args=(bases[k % len(bases)],)) for k in range(slots)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(f"{time.perf_counter() - start:.3f} {state['ok']}")
