#!/usr/bin/env python3
# query-bytes.py SEARCH_FOLDER QUERY...: the bytes one query loads from a search index, as
# search.js loads them (index.js, the term files its words need and those of its words as an
# item's own ("=word"), which it ranks by, and the item files of its first 50 results). A
# trial script of the benchmarks, not of the product.
import json, os, re, sys, unicodedata
folder = sys.argv[1]
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
def value(path):
    text = open(path, encoding="utf-8").read()
    m = re.match(r'feedsiteSearch\("([^"]*)", (.*)\);\s*$', text, re.S)
    return json.loads(m.group(2)), len(text.encode())
def terms(text):
    f = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).lower())
    f = "".join(c for c in f if not unicodedata.category(c).startswith("M")).replace("ς", "σ")
    return "".join(c if unicodedata.category(c)[0] in "LN" else " " for c in f).split()
def decode(p):
    items = []
    if p.startswith("~"):
        for k, ch in enumerate(p[1:]):
            bits = DIGITS.index(ch)
            items += [6 * k + j for j in range(6) if bits & (1 << j)]
        return items
    prev, gap = -1, 0
    for ch in p:
        v = DIGITS.index(ch)
        if v >= 32: gap = gap * 32 + v - 32
        else:
            prev += gap * 32 + v + 1; items.append(prev); gap = 0
    return items
index, total = value(os.path.join(folder, "index.js"))
gen = os.path.join(folder, index["generation"])
loaded = set()
def load(name):
    global total
    v, n = value(os.path.join(gen, name + ".js"))
    if name not in loaded: loaded.add(name); total_add(n)
    return v
sizes = {}
def total_add(n): sizes.setdefault("bytes", 0); sizes["bytes"] += n
def items_of(word):
    for length in range(1, len(word) + 1):
        prefix = word[:length]
        if prefix in index["leaves"]:
            leaf = load("t%d" % index["leaves"][prefix]); found = set()
            for k in range(0, len(leaf) - 1, 2):
                if leaf[k].startswith(word): found |= set(decode(leaf[k + 1]))
            return sorted(found)
        if prefix not in index["unions"]: return []
        if length == len(word): return decode(load("u%d" % index["unions"][prefix]))
    return []
for query in sys.argv[2:]:
    loaded.clear(); sizes.clear(); total_add(total)
    words = list(dict.fromkeys(terms(query)))
    lists = [items_of(w) for w in words]
    found = sorted(set.intersection(*map(set, lists))) if lists else []
    own = set.intersection(*[set(items_of("=" + w)) for w in words]) if words else set()
    first = ([n for n in found if n in own] + [n for n in found if n not in own])[:50]
    for number in first: load("d%d" % (number // index["docsPerFile"]))
    print(f"{query!r}: {len(found)} results, {len(loaded) + 1} files, {sizes['bytes'] / 1000:.1f} KB")
