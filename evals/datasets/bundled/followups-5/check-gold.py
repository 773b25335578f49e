#!/usr/bin/env python3
"""Checks questions.jsonl of followups-5: every answerable item's gold_answer and alt_answers must occur in its
gold_file's visible text (gzip decompressed; HTML without script/style, tags removed, entities decoded; whitespace
collapsed), both with inline tags removed without a space and with every tag replaced by a space; ids unique;
history a non-empty list of strings; standalone present; kind one of five. Prints counts and "missing N"."""
import collections, gzip, html, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")
KINDS = {"pronoun", "ellipsis", "omitted", "switch", "unanswerable"}
INLINE = "a|abbr|b|big|cite|code|dfn|em|font|i|kbd|mark|q|s|samp|small|span|strike|strong|sub|sup|tt|u|var"


def raw(path):
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".gz"):
        data = gzip.decompress(data)
    return data.decode("utf-8", errors="replace")


def ws(s):
    return re.sub(r"\s+", " ", s).strip()


def html_text(s, inline_space):
    s = re.sub(r"(?is)<(script|style)\b.*?</\1\s*>", " ", s)
    s = re.sub(r"(?s)<!--.*?-->", " ", s)
    if not inline_space:
        s = re.sub(r"(?i)</?(?:%s)\b[^>]*>" % INLINE, "", s)
    s = re.sub(r"(?s)<[^>]*>", " ", s)
    return ws(html.unescape(s))


def readings(path):
    s = raw(path)
    if re.search(r"\.x?html?(\.gz)?$", path, re.I):
        return [html_text(s, False), html_text(s, True)]
    return [ws(s)]


def main():
    items = [json.loads(l) for l in open(os.path.join(HERE, "questions.jsonl"), encoding="utf-8") if l.strip()]
    problems, missing, checked = [], 0, 0
    ids = collections.Counter(it.get("id") for it in items)
    for i, n in ids.items():
        if n > 1:
            problems.append("duplicate id %s" % i)
    cache = {}
    for it in items:
        iid = it.get("id")
        h = it.get("history")
        if not isinstance(h, list) or not h or not all(isinstance(x, str) and x.strip() for x in h):
            problems.append("%s: bad history" % iid)
        if not isinstance(it.get("standalone"), str) or not it["standalone"].strip():
            problems.append("%s: no standalone" % iid)
        if not isinstance(it.get("question"), str) or not it["question"].strip():
            problems.append("%s: no question" % iid)
        if it.get("kind") not in KINDS:
            problems.append("%s: bad kind %r" % (iid, it.get("kind")))
        if it.get("kind") == "switch" and it.get("standalone") != it.get("question"):
            problems.append("%s: switch standalone differs from question" % iid)
        if not it.get("answerable"):
            if it.get("gold_answer") is not None or it.get("alt_answers") or it.get("gold_file") is not None:
                problems.append("%s: unanswerable item with gold fields" % iid)
            continue
        gf = it.get("gold_file")
        path = os.path.join(CORPUS, gf or "")
        if not gf or not os.path.isfile(path):
            problems.append("%s: gold_file not found: %s" % (iid, gf))
            missing += 1 + len(it.get("alt_answers") or [])
            continue
        if gf not in cache:
            cache[gf] = readings(path)
        for span in [it.get("gold_answer")] + list(it.get("alt_answers") or []):
            checked += 1
            if not isinstance(span, str) or not span.strip():
                problems.append("%s: empty span" % iid)
                missing += 1
                continue
            s = ws(span)
            bad = [k for k, text in enumerate(cache[gf]) if s not in text]
            if bad:
                missing += 1
                problems.append("%s: not in %s (reading %s): %r" % (iid, gf, bad, span))
    for p in problems:
        print(p)
    kinds = collections.Counter(it.get("kind") for it in items)
    print("items %d, answerable %d" % (len(items), sum(1 for it in items if it.get("answerable"))))
    for k in ["pronoun", "ellipsis", "omitted", "switch", "unanswerable"]:
        print("  %s %d" % (k, kinds.get(k, 0)))
    two = [it for it in items if isinstance(it.get("history"), list) and len(it["history"]) == 2]
    print("two earlier turns: %d (answerable %d)" % (len(two), sum(1 for it in two if it.get("answerable"))))
    pk = collections.Counter(it["gold_file"].split("/")[0] for it in items if it.get("answerable") and it.get("gold_file"))
    print("packages %d: %s" % (len(pk), ", ".join("%s %d" % kv for kv in sorted(pk.items()))))
    print("checked %d, missing %d" % (checked, missing))
    print("missing %d" % missing)
    return 1 if missing or problems else 0


if __name__ == "__main__":
    sys.exit(main())
