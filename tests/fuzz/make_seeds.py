#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora (tests/fuzz/corpus/<harness>/) and the JSON keyword
dictionary (tests/fuzz/readers.dict) from the shipped examples, the test data and the
readers' own field names. Run again after a format gains a field; libFuzzer grows its own
working corpus from these in build-fuzz/ (packaging/fuzz.sh), never here."""
import hashlib
import json
import pathlib
import re

here = pathlib.Path(__file__).resolve().parent
root = here.parents[1]
examples = root / "resources" / "examples"
data = root / "tests" / "data"


def read(path):
    return path.read_bytes()


def compact(raw):
    return json.dumps(json.loads(raw), separators=(",", ":")).encode()


probe = read(examples / "style-probe.probe.json")
probe_doc = json.loads(probe)
small_probe = dict(probe_doc, items=probe_doc["items"][:2])
small_probe["settings"] = dict(probe_doc["settings"], seeds="1-3")
regex_probe = dict(small_probe, metric={"kind": "regex_count", "name": "apologies",
                                        "pattern": "(?i)\\bsorry\\b"})
words_probe = dict(small_probe, metric={"kind": "word_count", "name": "words"})
field_probe = dict(small_probe, metric={"kind": "json_field", "name": "score",
                                        "field": "$.score"})
judge = read(examples / "library-padding.judge.json")
rubric = read(examples / "library-hours.rubric.json")
rubric_doc = json.loads(rubric)
pass_fail = {"format": "probebench/rubric@1", "title": "pass or fail",
             "criteria": [{"id": c["id"], "description": c.get("name", c["id"])}
                          for c in rubric_doc["criteria"]]}
judge_inline = dict(json.loads(judge), rubric=rubric_doc)
rows = read(data / "tutorial_rows.csv")
rows_lines = rows.decode().splitlines()
header = ("run_id,time,model,temperature,seed,item,variant,prompt,reply,steps\n")
sheet = header + (
    '1,2026-01-05T10:00:00.000Z,llama3.2,0.8,1,0,formal,"Hello. My loop?","1. Check\n2. Print",2\n'
    "2,,llama3.2,,,0,casual,hey my loop,,\n"
    "3,2026-01-05T10:02:00.000Z,chat,,,1,formal again,'=SUM(A1),one step,1\n")
criteria = [c["id"] for c in rubric_doc["criteria"]]
levels_reply = {"criteria": [{"id": c, "level": 3, "evidence": "the library"} for c in criteria]}
pairwise_reply = {"criteria": [{"id": c, "preferred": "A", "evidence": "hours"} for c in criteria]}
pass_reply = {"criteria": [{"id": c, "pass": True} for c in criteria]}
ollama_final = {"model": "llama3.2:latest", "created_at": "2026-01-05T10:00:00Z",
                "message": {"role": "assistant", "content": "1. Step one.\n2. Step two."},
                "done": True, "done_reason": "stop", "total_duration": 1234,
                "load_duration": 5, "prompt_eval_count": 3, "prompt_eval_duration": 6,
                "eval_count": 7, "eval_duration": 8}
ollama_stream = (
    b'{"model":"m:latest","message":{"role":"assistant","content":"1. St"},"done":false}\n'
    b'{"model":"m:latest","message":{"role":"assistant","content":"ep 1.\\n2. \\u00e9t\\u00e9 "},'
    b'"done":false}\n'
    b'{"model":"m:latest","message":{"role":"assistant","content":""},"done":true,'
    b'"done_reason":"stop","eval_count":7,"total_duration":1234}\n')
openai_reply = {"choices": [{"finish_reason": "length", "index": 0,
                             "message": {"role": "assistant",
                                         "content": "Lide tastel of him. He had a lot. "}}],
                "created": 1796115901, "model": "stories260K",
                "system_fingerprint": "b0-unknown", "object": "chat.completion",
                "usage": {"completion_tokens": 32, "prompt_tokens": 46, "total_tokens": 78},
                "id": "chatcmpl-zP2zSKepdFk6HZ7griZA0EHcmJc0ngY2"}
by_hand_json = {"format": "probebench/by-hand-sheet@1", "entries": [
    {"run": 1, "model": "llama3.2", "temperature": "0.8", "seed": "1", "planned_seed": "1",
     "item": "0", "variant": "formal", "prompt": "Hello.", "message": "Hello.",
     "reply": "1. Check", "value_edited": False, "metric_flag": "",
     "time": "2026-01-05T10:00:00.000Z", "value": 1},
    {"run": 2, "model": "", "temperature": "", "seed": "", "planned_seed": "2", "item": "0",
     "variant": "casual", "prompt": "hey", "message": "hey", "reply": "",
     "value_edited": True, "metric_flag": "no numbered steps"}]}

corpora = {
    "fuzz_probe": [probe, compact(probe), json.dumps(small_probe).encode(),
                   json.dumps(regex_probe).encode(), json.dumps(words_probe).encode(),
                   json.dumps(field_probe).encode(), b'{"format": "probebench/probe@1"}'],
    "fuzz_judge_probe": [judge, compact(judge), json.dumps(judge_inline).encode()]
    + [read(p) for p in sorted((data / "judge-writer").glob("*.judge.json"))],
    "fuzz_rubric": [rubric, compact(rubric), json.dumps(pass_fail).encode()],
    "fuzz_csv_log": [rows, "\n".join(rows_lines[:12]).encode() + b"\n",
                     sheet.encode(), b"\xef\xbb\xbf" + sheet.replace("\n", "\r\n").encode()],
    "fuzz_byhand_csv": [sheet.encode(), header.encode()],
    "fuzz_byhand_json": [json.dumps(by_hand_json).encode(),
                         b'{"format": "probebench/by-hand-sheet@1", "entries": []}'],
    "fuzz_judge_reply": [json.dumps(levels_reply).encode(),
                         b"```json\n" + json.dumps(pairwise_reply, indent=1).encode() + b"\n```",
                         json.dumps(pass_reply).encode(),
                         b"Here is my verdict: " + json.dumps(levels_reply).encode()],
    "fuzz_ollama_reply": [json.dumps(ollama_final).encode(), ollama_stream,
                          b'{"error":"model \\"x\\" not found, try pulling it first"}'],
    "fuzz_openai_reply": [json.dumps(openai_reply).encode(),
                          b'{"choices":[],"model":"m"}',
                          b'{"error":{"message":"Invalid API key","type":"invalid_request_error"}}'],
}

for name, seeds in corpora.items():
    folder = here / "corpus" / name
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("seed-*"):
        old.unlink()
    for seed in seeds:
        (folder / ("seed-" + hashlib.sha1(seed).hexdigest()[:12])).write_bytes(seed)

# Every quoted word the readers look for, so mutations reach past "unknown key".
words = set()
for pattern in ["core/probe/*.cpp", "core/judge/*Reader.cpp", "core/judge/JudgeSchema.cpp",
                "core/log/CsvLogReader.cpp", "core/backends/*ReplyReader.cpp",
                "core/metrics/*.cpp", "ui/byhand/ByHand*.cpp"]:
    for source in root.glob(pattern):
        for word in re.findall(r'QStringLiteral\("([a-z_@/0-9. -]{2,40})"\)|'
                               r'QLatin1String\("([a-z_@/0-9. -]{2,40})"\)|'
                               r'"([a-z_]{3,30})"', source.read_text()):
            words.update(w for w in word if w and len(w.split()) <= 2 and w == w.strip())
with open(here / "readers.dict", "w") as out:
    out.write("# Generated by make_seeds.py: the readers' field names and format tags.\n")
    for word in sorted(words):
        out.write('"%s"\n' % word.replace("\\", "\\\\").replace('"', '\\"'))
    for token in ['"\\x22"', '"{"', '"}"', '"["', '"]"', '":"', '","', '"true"', '"null"',
                  '"\\x0a"', '"```"']:
        out.write(token + "\n")
