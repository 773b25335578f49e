#!/usr/bin/env python3
"""Checks questions.jsonl of the follow-up set against corpus/ (build it first: bash build-corpus.sh).

For every answerable item, gold_answer and each alt_answers span must occur in gold_file's visible text: .gz files
are decompressed; HTML has its tags removed (script and style with their content), entities decoded
(html.unescape) and whitespace collapsed; other text has its whitespace collapsed. Also checks that ids are unique,
that every item has a non-empty history of strings, a standalone question and a known kind, and that unanswerable
items carry no gold. Prints the counts by kind and "missing N" (the number of problems). Standard library only.
"""
import gzip
import html
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
KINDS = {"pronoun", "ellipsis", "omitted", "switch", "unanswerable"}


def ws(s):
    return re.sub(r"\s+", " ", s).strip()


INLINE = ("a|abbr|acronym|b|big|cite|code|em|font|i|kbd|q|samp|small|span|strong|sub|sup|tt|u|var")


def visible_text(path, inline_join=True):
    """The file's text as a reader sees it. For HTML, inline tags (a, code, em, span, ...) are removed without a
    space when inline_join is true (so "<em>Default</em>: 50MB" reads "Default: 50MB"), every other tag becomes a
    space."""
    data = path.read_bytes()
    name = path.name
    if name.endswith(".gz"):
        data = gzip.decompress(data)
        name = name[:-3]
    text = data.decode("utf-8", errors="replace")
    if name.endswith((".html", ".htm")):
        text = re.sub(r"(?is)<(script|style)\b.*?</\1\s*>", " ", text)
        text = re.sub(r"(?s)<!--.*?-->", " ", text)
        if inline_join:
            text = re.sub(r"(?is)</?(?:%s)\b[^>]*>" % INLINE, "", text)
        text = re.sub(r"(?s)<[^>]*>", " ", text)
        text = html.unescape(text)
    return ws(text)


def main():
    qpath = HERE / "questions.jsonl"
    items = [json.loads(l) for l in qpath.read_text(encoding="utf-8").splitlines() if l.strip()]
    missing = 0
    seen = set()
    kinds = Counter()
    two_turns = 0
    packages = Counter()
    cache = {}
    for it in items:
        iid = it.get("id")
        if iid in seen:
            print(f"{iid}: duplicate id")
            missing += 1
        seen.add(iid)
        kind = it.get("kind")
        kinds[kind] += 1
        if kind not in KINDS:
            print(f"{iid}: unknown kind {kind!r}")
            missing += 1
        hist = it.get("history")
        if not (isinstance(hist, list) and hist and all(isinstance(h, str) and h.strip() for h in hist)):
            print(f"{iid}: history must be a non-empty list of strings")
            missing += 1
        elif len(hist) == 2:
            two_turns += 1
        for field in ("question", "standalone"):
            if not (isinstance(it.get(field), str) and it[field].strip()):
                print(f"{iid}: no {field}")
                missing += 1
        if kind == "switch" and it.get("standalone") != it.get("question"):
            print(f"{iid}: switch item whose standalone differs from its question")
            missing += 1
        if not it.get("answerable"):
            if it.get("gold_answer") is not None or it.get("gold_file") is not None or it.get("alt_answers"):
                print(f"{iid}: unanswerable item with a gold")
                missing += 1
            continue
        if kind == "unanswerable":
            print(f"{iid}: kind unanswerable but answerable is true")
            missing += 1
        gf = it.get("gold_file")
        path = CORPUS / gf if gf else None
        if not path or not path.is_file():
            print(f"{iid}: gold_file not found: {gf}")
            missing += 1
            continue
        packages[gf.split("/")[0]] += 1
        if gf not in cache:
            cache[gf] = visible_text(path)
        text = cache[gf]
        for span in [it.get("gold_answer")] + list(it.get("alt_answers") or []):
            if not isinstance(span, str) or ws(span) not in text:
                print(f"{iid}: not in {gf}: {span!r}")
                missing += 1
    print(f"{len(items)} items; by kind: " + ", ".join(f"{k} {kinds[k]}" for k in sorted(kinds)))
    print(f"two earlier turns: {two_turns}; answerable gold files by package: "
          + ", ".join(f"{p} {n}" for p, n in sorted(packages.items())))
    print(f"missing {missing}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
