#!/usr/bin/env python3
"""Checks questions.jsonl against corpus/: every answerable question's gold_answer and alt_answers must occur in the
visible text of its gold_file (gzipped files decompressed; HTML with tags stripped, entities decoded; whitespace
collapsed on both sides), and ids must be distinct. Standard library only. Run after build-corpus.sh.
With --dump DIR it also writes each corpus file's visible text under DIR (for reading)."""
import gzip
import html
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")


def visible_text(path, tag_as=" "):
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".gz"):
        data = gzip.decompress(data)
    text = data.decode("utf-8", errors="replace")
    name = path[:-3] if path.endswith(".gz") else path
    if name.lower().endswith((".html", ".htm")):
        text = re.sub(r"(?is)<(script|style)\b.*?</\1\s*>", " ", text)
        text = re.sub(r"(?s)<!--.*?-->", " ", text)
        text = re.sub(r"(?s)<[^>]*>", tag_as, text)
        text = html.unescape(text)
    return text


def collapse(s):
    return re.sub(r"\s+", " ", s).strip()


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--dump":
        for root, _, files in os.walk(CORPUS):
            for fn in files:
                p = os.path.join(root, fn)
                rel = os.path.relpath(p, CORPUS)
                dst = os.path.join(sys.argv[2], rel + ".txt")
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                with open(dst, "w") as f:
                    f.write(visible_text(p))
        return 0
    qs = []
    with open(os.path.join(HERE, "questions.jsonl")) as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                qs.append(json.loads(line))
    misses, checked, cache = 0, 0, {}
    ids = [q["id"] for q in qs]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        print("duplicate ids:", sorted(dup))
        misses += len(dup)
    for q in qs:
        if not q["answerable"]:
            if q["gold_answer"] is not None or q["gold_file"] is not None or q["alt_answers"]:
                print(f"{q['id']}: unanswerable but has a gold answer or file")
                misses += 1
            continue
        path = os.path.join(CORPUS, q["gold_file"])
        if not os.path.isfile(path):
            print(f"{q['id']}: no file {q['gold_file']}")
            misses += 1
            continue
        if path not in cache:
            # tags stripped as spaces and as nothing (inline tags inside a word); a span must occur in either
            cache[path] = (collapse(visible_text(path)), collapse(visible_text(path, "")))
        for span in [q["gold_answer"]] + list(q["alt_answers"]):
            checked += 1
            if not any(collapse(span) in t for t in cache[path]):
                print(f"{q['id']}: not found in {q['gold_file']}: {span!r}")
                misses += 1
    ans = sum(1 for q in qs if q["answerable"])
    kinds = {}
    for q in qs:
        kinds[q["kind"]] = kinds.get(q["kind"], 0) + 1
    print(f"{len(qs)} questions ({ans} answerable, {len(qs) - ans} unanswerable; {kinds})")
    if misses:
        print(f"{misses} missing")
        return 1
    print(f"all found (checked {checked} spans, missing 0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
