#!/usr/bin/env bash
# same-output.sh BEFORE_BIN AFTER_BIN [SCENARIO...]
#
# Runs two feedsite binaries through the same scenarios and says, per scenario, whether
# they behaved the same: exit codes, stdout and stderr (elapsed times, ports and WARC
# file stamps normalized), the output folders (diff -r), tar archives and metrics files
# (cmp; metrics with wall-clock times and durations normalized), the cache (its files,
# and its database dumped), and WARC/WACZ files structurally (the sorted records'
# type, URI, HTTP status, payload and block digests; the CDXJ lines without offsets,
# lengths and times).
#
# Each scenario runs in $WORK/run/NAME for both binaries (the same absolute path, one
# after the other, with the same --now and a clean environment), then moves to
# $WORK/before/NAME and $WORK/after/NAME. The diffs are kept in $WORK/diffs/NAME.
# WORK is $SAME_OUTPUT_WORK, else /tmp/feedsite-same-output (emptied first).
#
# The demo's PNG pictures may differ in bytes but not in pixels: in demo scenarios a
# difference that goes away once every PNG is renamed after its pixels' digest (and its
# byte size and the manifest's sizes and digests, checked against the files, are set
# aside) is reported as expected. Steps marked as an expected change of the command
# line (usage messages, --now with a day alone) report their differences as expected.
#
# Scenarios run against `feedsite-bench serve --items 300`, one server (BEFORE_BIN's
# feedsite-bench) for both binaries, since the synthetic comments are dated from the
# server's start; the script also checks that AFTER_BIN's feedsite-bench serves the
# same feed (dates aside).
#
# Some differences show between two runs of one binary too, and are reported as
# "noise": lines written by concurrent work in another order, warnings about other items
# when a host goes down under concurrent requests, and a cache database a page or so
# larger or smaller (rows inserted in another order). Run the script with the same binary
# twice to see them.
#
# Each scenario gets one line: "same"; "DIFFERENT (expected only: KIND xN, ...)"; or
# "DIFFERENT: N unexpected, ..." with the first. $WORK/diffs/NAME/findings.txt lists every
# difference, each with its diff. The last line says how many scenarios differed
# unexpectedly; the exit status is 0 when none did, 1 otherwise.

set -u
if [ $# -lt 2 ]; then
    echo "usage: $0 BEFORE_BIN AFTER_BIN [SCENARIO...]" >&2
    exit 2
fi
BEFORE=$(realpath "$1")
AFTER=$(realpath "$2")
shift 2
for bin in "$BEFORE" "$AFTER"; do
    [ -x "$bin" ] || { echo "not an executable: $bin" >&2; exit 2; }
done
WORK=${SAME_OUTPUT_WORK:-/tmp/feedsite-same-output}
rm -rf "$WORK"
mkdir -p "$WORK/run" "$WORK/before" "$WORK/after" "$WORK/diffs"
NOW=2026-11-01T12:00:00Z
NEXT_DAY=2026-11-02T12:00:00Z
TEN_DAYS=2026-11-11T12:00:00Z
START=$(date +%s)

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

SERVER_PIDS=()
cleanup() {
    for pid in "${SERVER_PIDS[@]}"; do kill "$pid" 2>/dev/null; done
}
trap cleanup EXIT

# start_server BENCH_BIN PORT ARGS...: a sample API in the background, ready when this returns.
start_server() {
    local bench=$1 port=$2
    shift 2
    "$bench" serve --port "$port" "$@" >"$WORK/server-$port.log" 2>&1 &
    SERVER_PIDS+=($!)
    for _ in $(seq 100); do
        curl -sf -o /dev/null "http://127.0.0.1:$port/v1/feed?limit=1" && return 0
        sleep 0.1
    done
    echo "the sample API on port $port did not start" >&2
    exit 1
}

API_PORT=$(free_port)
CLOSED_PORT=$(free_port)
start_server "$(dirname "$BEFORE")/feedsite-bench" "$API_PORT" --items 300
API=http://127.0.0.1:$API_PORT/v1
CLOSED_API=http://127.0.0.1:$CLOSED_PORT/v1

# step [-x REASON] [-t SECONDS] NAME ARGS...: runs the binary under test in the current
# folder, keeping its stdout, stderr and exit code in .steps/; -x marks its differences as
# expected; -t stops it after SECONDS (exit 124), default 600.
step() {
    local expect="" limit=600
    while :; do
        case $1 in
            -x) expect=$2; shift 2 ;;
            -t) limit=$2; shift 2 ;;
            *) break ;;
        esac
    done
    local name=$1
    shift
    STEP=$((STEP + 1))
    local tag
    tag=$(printf '%02d-%s' "$STEP" "$name")
    mkdir -p .steps
    printf '%s\n' "$*" >".steps/$tag.cmd"
    [ -n "$expect" ] && printf '%s\n' "$expect" >".steps/$tag.expect"
    local isolate=()
    [ "${1:-}" = demo ] && isolate=("${DEMO_NETWORK[@]}")
    "${isolate[@]}" env -i HOME="$PWD/home" PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 TZ=UTC \
        XDG_CACHE_HOME="$PWD/home/.cache" \
        timeout "$limit" "$FEEDSITE" "$@" >".steps/$tag.out" 2>".steps/$tag.err" </dev/null
    echo $? >".steps/$tag.rc"
}

# The demo's sample API listens on 127.0.0.1:48080, or any free port when that is taken
# (by a test run of someone else, say); the port is in the image URLs the cache and the
# history key on, so each demo runs in a network namespace of its own, where 48080 is free.
if unshare -rn sh -c 'ip link set lo up' 2>/dev/null; then
    DEMO_NETWORK=(unshare -rn sh -c 'ip link set lo up && exec "$@"' sh)
else
    echo "warning: cannot make a network namespace (unshare -rn); the demo's port may vary" >&2
    DEMO_NETWORK=()
fi

DEMO_ALL=(--output site --cache cache --base-url https://example.org/feed/ --export-data --locale all)

# --- the scenarios: each a function run in a fresh folder -------------------------------

scenario_demo_cold_warm() {   # demo: PNG names expected to differ
    step demo-cold demo "${DEMO_ALL[@]}" --now "$NOW" --archive cold.tar --metrics-file cold.prom
    step demo-warm demo "${DEMO_ALL[@]}" --now "$NOW" --archive warm.tar --metrics-file warm.prom
    step verify verify --output site
    step validate-cache validate-cache --cache cache --now "$NOW" --verbose
}

scenario_demo_history() {   # demo
    step demo-day1 demo --output site --cache cache --history --now "$NOW" --metrics-file day1.prom
    step demo-day2 demo --output site --cache cache --history --now "$NEXT_DAY" --metrics-file day2.prom --archive day2.tar
    step history-list history list --output site
    step verify verify --output site
}

scenario_generate_warc() {
    step cold generate --api "$API" --output site --cache cache --now "$NOW" --warc W --wacz x.wacz \
        --archive cold.tar --metrics-file cold.prom --export-data --base-url https://example.org/feed/
    step warm generate --api "$API" --output site --cache cache --now "$NOW" --warc W --wacz x2.wacz \
        --archive warm.tar --metrics-file warm.prom --export-data --base-url https://example.org/feed/
    step offline generate --api "$API" --output site --cache cache --now "$NOW" --offline \
        --archive offline.tar --metrics-file offline.prom --export-data --base-url https://example.org/feed/
    step verify verify --output site
    step expired-offline generate --api "$API" --output site --cache cache --now "$TEN_DAYS" --offline \
        --archive expired.tar --metrics-file expired.prom
    step validate-cache validate-cache --cache cache --now "$TEN_DAYS" --verbose
}

scenario_generate_unreachable() {
    step live generate --api "$API" --output site --cache cache --now "$NOW" --metrics-file live.prom
    # one request at a time: how many requests a down host was spared depends on how many
    # were under way when it was taken as down
    step strict generate --api "$CLOSED_API" --output site --cache cache --now "$NOW" --strict \
        --retries 0 --concurrency 1 --metrics-file strict.prom
    step degraded generate --api "$CLOSED_API" --output site --cache cache --now "$NOW" \
        --retries 0 --concurrency 1 --archive degraded.tar --metrics-file degraded.prom
    step strict-no-cache generate --api "$CLOSED_API" --output site2 --cache cache2 --now "$NOW" \
        --strict --retries 0 --concurrency 1 --metrics-file strict2.prom
}

scenario_generate_max_items() {
    step max-items generate --api "$API" --output site --cache cache --now "$NOW" --max-items 50 \
        --locale all --page-size 7 --archive site.tar --metrics-file m.prom --export-data \
        --base-url https://example.org/feed/ --verbose
    step max-items-history generate --api "$API" --output site --cache cache --now "$NEXT_DAY" --max-items 60 \
        --history --metrics-file m2.prom --quiet
    step history-list history list --output site
}

scenario_commands() {
    step validate-cache-empty validate-cache --cache cache --now "$NOW"
    step verify-no-site verify --output site
    step templates templates t
    step templates-again templates t
    step history-list-no-site history list --output site
    step -t 10 serve-no-site serve --output nosuch --port 0
    step help --help
    step generate-help generate --help
    step version --version
    step -x usage no-arguments
    step -x usage bad-option generate --bogus
    step -x usage near-miss generate --outptu x
    step -x usage bad-command frobnicate
    step -x usage missing-value generate --output
    step -x usage bad-now generate --now yesterday
    step -x usage bad-number generate --page-size zero
    step -x usage wacz-without-warc generate --wacz x.wacz
}
scenario_now_day_alone() {   # demo
    # expected: BEFORE refuses a day alone (exit 2), AFTER runs; what that run wrote goes
    step -x now-day demo-day-alone demo --output day-site --cache day-cache --now 2026-11-01
    rm -rf day-site day-cache .day-site.lock
    # a day alone is midnight UTC: AFTER's run with it against BEFORE's with the time spelled out
    # (a binary that refused the day alone above is given the time)
    local midnight=2026-11-01
    [ "$(cat .steps/01-demo-day-alone.rc)" = 2 ] && midnight=2026-11-01T00:00:00Z
    step midnight demo --output site --cache cache --now "$midnight" --metrics-file m.prom --archive site.tar
    printf '%s\n' "demo ... --now $midnight (2026-11-01, or 2026-11-01T00:00:00Z for a binary that refuses it)" >".steps/$(printf %02d "$STEP")-midnight.cmd"
}

SCENARIOS=(demo_cold_warm demo_history generate_warc generate_unreachable generate_max_items commands now_day_alone)
DEMO_SCENARIOS=" demo_cold_warm demo_history now_day_alone "
[ $# -gt 0 ] && SCENARIOS=("$@")

run_side() {   # run_side before|after BIN SCENARIO
    local side=$1 bin=$2 scenario=$3
    local dir="$WORK/run/$scenario"
    rm -rf "$dir"
    mkdir -p "$dir/home"
    (cd "$dir" && FEEDSITE=$bin STEP=0 SIDE=$side "scenario_$scenario")
    rm -rf "${WORK:?}/$side/$scenario"
    mv "$dir" "$WORK/$side/$scenario"
}

COMPARE="$WORK/compare.py"
cat >"$COMPARE" <<'PYTHON'
import difflib, gzip, hashlib, io, json, os, re, sqlite3, sys, tarfile, zipfile

before, after, diffs, mode = sys.argv[1:5]
demo = mode == "demo"
os.makedirs(diffs, exist_ok=True)
findings = []          # (expected reason or None, text)

def note(expected, text):
    findings.append((expected, text))

def save_diff(name, a_lines, b_lines, label_a="before", label_b="after"):
    path = os.path.join(diffs, re.sub(r"[^A-Za-z0-9._-]+", "_", name) + ".diff")
    text = "".join(difflib.unified_diff(a_lines, b_lines, label_a, label_b, n=2))
    with open(path, "w") as f:
        f.write(text)
    lines = [l for l in text.splitlines() if l[:1] in "+-" and not l.startswith(("+++", "---"))]
    return os.path.relpath(path, os.path.dirname(diffs.rstrip("/"))), lines[:4]

def lines_of(data):
    return data.decode("utf-8", "replace").splitlines(keepends=True)

# -- output text -------------------------------------------------------------------------
def normalize_output(text):
    text = re.sub(r"\b\d+(\.\d+)? ?(s|ms|µs|min)\b", "<T>", text)
    text = re.sub(r"\b(127\.0\.0\.1|localhost|\[::1\]):\d+", r"\1:<PORT>", text)
    text = re.sub(r"\d{8}T\d{6}Z-\d{5}", "<STAMP>", text)   # WARC file names
    text = re.sub(r"\d+(\.\d+)? ?([kMG]i?B)/s", "<RATE>", text)
    return text

# -- PNGs named by pixels (the demo) -----------------------------------------------------
HEX64 = re.compile(r"[0-9a-f]{64}")
def pixel_digest(path):
    from PIL import Image
    with Image.open(path) as im:
        im.load()
        return hashlib.sha256(f"{im.mode} {im.size}".encode() + im.tobytes()).hexdigest()

def png_map(root):
    """Every PNG whose name holds its SHA-256: name digest -> (pixel digest, byte size)."""
    found = {}
    for dirpath, _, files in os.walk(root):
        for name in files:
            path = os.path.join(dirpath, name)
            m = HEX64.search(name)
            if not m or os.path.islink(path):
                continue
            with open(path, "rb") as f:
                if f.read(8) != b"\x89PNG\r\n\x1a\n":
                    continue
            try:
                found[m.group(0)] = (pixel_digest(path), os.path.getsize(path))
            except Exception:
                pass
    return found

maps = {"before": png_map(before), "after": png_map(after)} if demo else {"before": {}, "after": {}}
if demo:
    pb = sorted(v[0] for v in maps["before"].values())
    pa = sorted(v[0] for v in maps["after"].values())
    if pb != pa:
        note(None, f"the PNGs' pixels differ: {len(set(pb) - set(pa))} only before, {len(set(pa) - set(pb))} only after")

def file_identities(root, side):
    """Every file's SHA-256 -> the (normalized) paths of the files with those bytes, so that
    a digest of a file that names a picture (a page in a history's records, say) compares."""
    paths = {}
    for dirpath, dirnames, names in os.walk(root):
        dirnames[:] = [d for d in dirnames if not (dirpath == root and d == ".steps")]
        for name in names:
            path = os.path.join(dirpath, name)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
            if digest in maps[side]:
                continue
            rel = os.path.relpath(path, root)
            rel = re.sub(r"(^|/)([0-9a-f]{2})/(\2[0-9a-f]{62})", r"\1\3", rel)
            rel = HEX64.sub(lambda m: maps[side][m.group(0)][0] if m.group(0) in maps[side] else m.group(0), rel)
            paths.setdefault(digest, []).append(rel)
    return {d: "sha256-of(" + "|".join(sorted(p)) + ")" for d, p in paths.items()}

identities = {"before": file_identities(before, "before"), "after": file_identities(after, "after")} if demo else {"before": {}, "after": {}}

def subst(text, side):
    m = maps[side]
    if not m:
        return text
    ids = identities[side]
    def one(match):
        h = match.group(0)
        return m[h][0] if h in m else ids.get(h, h)
    text = HEX64.sub(one, text)
    sizes = {v[0]: v[1] for v in m.values()}
    out = []
    for line in text.splitlines(keepends=True):
        for pix in set(HEX64.findall(line)) & sizes.keys():
            line = re.sub(r"(?<![0-9])%d(?![0-9])" % sizes[pix], "<PNGSIZE>", line)
            line = re.sub(r"(?<![0-9.,])\d+([.,]\d+)?\s?(B|kB|KB|KiB|MB|MiB)\b", "<PNGSIZE>", line)
        out.append(line)
    return "".join(out)

def verify_manifest(text, root):
    """Each file line's size and digest checked against the file, then set aside."""
    def one(match):
        rel, size, digest = match.group(1), int(match.group(2)), match.group(3)
        path = os.path.join(root, rel)
        if not os.path.isfile(path):
            return f'{{"path": "{rel}", "size": "?", "sha256": "no such file"}}'
        data = open(path, "rb").read()
        ok = len(data) == size and hashlib.sha256(data).hexdigest() == digest
        return f'{{"path": "{rel}", "size": "-", "sha256": "{"matches" if ok else "MISMATCH"}"}}'
    return re.sub(r'\{"path": "([^"]*)", "size": (\d+), "sha256": "([0-9a-f]{64})"\}', one, text)

def normalized_content(path, data, side, root_of_manifest=None):
    """The bytes compared in a demo once plain bytes differ."""
    name = os.path.basename(path)
    m = HEX64.search(name)
    if m and m.group(0) in maps[side]:
        return f"PNG of pixels {maps[side][m.group(0)][0]}\n".encode()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data
    is_manifest = name == "manifest.json" or os.path.basename(os.path.dirname(path)) == "manifest"
    if is_manifest and root_of_manifest is not None:
        if name != "manifest.json":   # a history snapshot's manifest/NN.jsonl, of the snapshot's files
            root_of_manifest = os.path.dirname(root_of_manifest)
        text = verify_manifest(text, root_of_manifest)
    text = subst(text, side)
    if is_manifest:   # files in name order: a renamed picture moves
        lines = text.splitlines(keepends=True)
        files = sorted(l for l in lines if l.lstrip().startswith('{"path": '))
        rest = [l for l in lines if not l.lstrip().startswith('{"path": ')]
        text = "".join(rest) + "".join(l.rstrip(",\n") + "\n" for l in files)
    return text.encode()

def derived_digests_only(la, lb):
    """The history keeps digests of what it recorded (a page, a record's JSON) that cannot be
    recomputed here: lines that differ only in such hex digests, each line naming a PNG (by
    its pixels' digest, after subst) or being a bare digest (feed-pages.txt)."""
    if len(la) != len(lb):
        return False
    pixels = {v[0] for v in maps["before"].values()} | png_items()
    mask = lambda l: re.sub(r"(?<![0-9a-f])[0-9a-f]{16}(?:[0-9a-f]{48})?(?![0-9a-f])", "<DIGEST>", l)
    for x, y in zip(la, lb):
        if x == y:
            continue
        if mask(x) != mask(y):
            return False
        names = set(HEX64.findall(x)) | set(re.findall(r"[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", x))
        if not (names & pixels or re.fullmatch(r"[0-9a-f]{64}\n?", x)):
            return False
    return True

_png_items = None
def png_items():
    """The ids of the items whose picture is a PNG, from the history's records (before)."""
    global _png_items
    if _png_items is None:
        _png_items = set()
        for dirpath, _, names in os.walk(before):
            if os.path.basename(dirpath) != "records":
                continue
            for name in names:
                for line in open(os.path.join(dirpath, name), encoding="utf-8", errors="replace"):
                    m = re.match(r'\{"id": "([0-9A-F-]{36})"', line)
                    if m and set(HEX64.findall(line)) & maps["before"].keys():
                        _png_items.add(m.group(1))
    return _png_items

def norm_path(rel, side):
    rel = re.sub(r"(^|/)([0-9a-f]{2})/(\2[0-9a-f]{62})", r"\1\3", rel)   # blob shards
    return subst(rel, side) if demo else rel

# -- metrics -----------------------------------------------------------------------------
def normalize_metrics(data):
    out = []
    for line in data.decode().splitlines(keepends=True):
        m = re.match(r"^(\S+_(timestamp|duration)_seconds(\{[^}]*\})?) (\S+)$", line.rstrip("\n"))
        if m and m.group(4) != "0":
            line = m.group(1) + " <TIME>\n"
        out.append(line)
    return out

def metric_values(lines):
    return {l.rsplit(" ", 1)[0]: l.rsplit(" ", 1)[1].strip() for l in lines if not l.startswith("#")}

def compare_metrics(label, rel, a, b):
    """Times and durations set aside. The cache's size may differ by a few database pages
    between two runs of one binary (rows inserted in the order concurrent work ends); in a
    demo it also differs by the PNGs' sizes, as the bytes downloaded do."""
    na, nb = normalize_metrics(a), normalize_metrics(b)
    if na == nb:
        return True
    where, sample = save_diff(f"{label}-{rel}", na, nb)
    va, vb = metric_values(na), metric_values(nb)
    by_url, by_blob = png_deltas() if demo else (0, 0)
    ok = set(va) == set(vb)
    reasons, png_part = [], False
    for key in sorted(va.keys() & vb.keys()):
        if va[key] == vb[key]:
            continue
        delta = int(float(vb[key]) - float(va[key])) if re.match(r"^-?[0-9.]+$", va[key] + vb[key].lstrip("-")) else None
        if key == "feedsite_cache_size_bytes" and delta is not None and (delta - by_blob) % 4096 == 0 and abs(delta - by_blob) <= 4 * 4096:
            reasons.append(f"cache size {va[key]} -> {vb[key]} (PNG blobs {by_blob:+d}, database pages {(delta - by_blob) // 4096:+d})")
            png_part = png_part or by_blob != 0
        elif demo and key == "feedsite_history_size_bytes" and delta == by_blob:
            reasons.append(f"history size {va[key]} -> {vb[key]} (= the PNGs' change {by_blob:+d})")
            png_part = True
        elif demo and key == "feedsite_downloaded_bytes" and delta == by_url:
            reasons.append(f"downloaded {va[key]} -> {vb[key]} (= the PNGs' change {by_url:+d})")
            png_part = True
        else:
            ok = False
    if ok:
        note("PNG sizes" if png_part else "noise: database pages", f"{label}{rel}: " + "; ".join(reasons) + f" ({where})")
        return True
    note(None, f"{label}{rel} differs ({where}): {' / '.join(sample)}")
    return False

# -- WARC, CDXJ, WACZ --------------------------------------------------------------------
def warc_records(data):
    data = gzip.decompress(data)
    records, i = [], 0
    while i < len(data):
        if data[i:i + 2] == b"\r\n":
            i += 2
            continue
        end = data.index(b"\r\n\r\n", i)
        head = data[i:end].decode("utf-8", "replace").split("\r\n")
        fields = {}
        for line in head[1:]:
            k, _, v = line.partition(":")
            fields[k.strip().lower()] = v.strip()
        n = int(fields["content-length"])
        block = data[end + 4:end + 4 + n]
        i = end + 4 + n
        kind = fields.get("warc-type", "?")
        status = ""
        if block.startswith(b"HTTP/"):
            status = block.split(b"\r\n", 1)[0].split(b" ")[1].decode()
        if kind == "warcinfo":
            extra = normalize_output(block.decode("utf-8", "replace")).replace("\r\n", " | ")
        elif kind in ("request", "response", "revisit"):
            extra = "block " + fields.get("warc-block-digest", "") + " refers-to " + fields.get("warc-refers-to-target-uri", "")
        else:
            extra = fields.get("content-type", "")
        records.append(f"{kind}\t{fields.get('warc-target-uri', '')}\t{status}\t{fields.get('warc-payload-digest', '')}\t{extra}\n")
    return sorted(records)

def cdxj_lines(data):
    out = []
    for line in data.decode().splitlines():
        if not line.strip():
            continue
        surt, _, rest = line.split(" ", 2)
        fields = json.loads(rest)
        for k in ("offset", "length", "recordId", "record-id", "recordid"):
            fields.pop(k, None)
        if "filename" in fields:
            fields["filename"] = re.sub(r"\d{8}T\d{6}Z-\d{5}", "<STAMP>", fields["filename"])
        out.append(surt + " " + json.dumps(fields, sort_keys=True) + "\n")
    return sorted(out)

def structural(rel, data):
    """What is compared of a file that holds times or random ids; None: compare bytes."""
    if rel.endswith(".warc.gz"):
        return warc_records(data)
    if rel.endswith((".cdxj", ".cdx")):
        return cdxj_lines(data)
    if rel.endswith(".feedsite-warc-captures.tsv"):
        return sorted("\t".join(l.split("\t")[:2]) + "\n" for l in data.decode().splitlines())
    if rel.endswith("pages.jsonl"):
        return [re.sub(r'"ts": "[^"]*"', '"ts": "<TIME>"', l) for l in lines_of(data)]
    if rel.endswith("datapackage.json") or rel.endswith("datapackage-digest.json"):
        text = data.decode()
        text = re.sub(r'"(created|modified)": "[^"]*"', r'"\1": "<TIME>"', text)
        text = re.sub(r'"hash": "[^"]*"', '"hash": "<HASH>"', text)
        text = re.sub(r'"bytes": \d+', '"bytes": "<N>"', text)
        text = re.sub(r"\d{8}t\d{6}z-\d{5}", "<stamp>", re.sub(r"\d{8}T\d{6}Z-\d{5}", "<STAMP>", text))
        return text.splitlines(keepends=True)
    return None

def wacz_members(data):
    z = zipfile.ZipFile(io.BytesIO(data))
    return {re.sub(r"\d{8}T\d{6}Z-\d{5}", "<STAMP>", n): z.read(n) for n in z.namelist()}

# -- files and trees ---------------------------------------------------------------------
def compare_bytes(label, rel, a, b, side_roots=None, a_path=None, b_path=None):
    """Compares one file's contents; returns True when they count as the same."""
    if a == b:
        return True
    st_a, st_b = structural(rel, a), structural(rel, b)
    if st_a is not None:
        if st_a == st_b:
            return True
        where, sample = save_diff(f"{label}-{rel}", st_a, st_b)
        note(None, f"{label}{rel} differs structurally ({where}): {' / '.join(sample)}")
        return False
    if rel.endswith(".prom"):
        return compare_metrics(label, rel, a, b)
    if rel.endswith(".tar"):
        return compare_tar(label, rel, a, b)
    if rel.endswith(".wacz"):
        ma, mb = wacz_members(a), wacz_members(b)
        if sorted(ma) != sorted(mb):
            note(None, f"{label}{rel}: members {sorted(ma)} -> {sorted(mb)}")
            return False
        return all([compare_bytes(f"{label}{rel}:", n, ma[n], mb[n]) for n in sorted(ma)])
    if rel.endswith(".sqlite"):
        return compare_sqlite(label, rel, a_path, b_path)
    if demo:
        ra, rb = side_roots if side_roots else (None, None)
        na = normalized_content(a_path or rel, a, "before", ra)
        nb = normalized_content(b_path or rel, b, "after", rb)
        if na == nb:
            note("PNG bytes", f"{label}{rel}")
            return True
        where, sample = save_diff(f"{label}-{rel}-normalized", lines_of(na), lines_of(nb))
        if derived_digests_only(lines_of(na), lines_of(nb)):
            note("digests over PNG names", f"{label}{rel}: only digests differ, on lines that name a PNG ({where})")
            return True
        note(None, f"{label}{rel} differs beyond the PNGs ({where}): {' / '.join(sample)}")
        return False
    where, sample = save_diff(f"{label}-{rel}", lines_of(a), lines_of(b))
    note(None, f"{label}{rel} differs ({where}): {' / '.join(sample) or 'binary'}")
    return False

def sqlite_dump(path, side):
    """Every table's rows, sorted (insertion order follows concurrent work), with the
    blobs' memo of a check of their file (device, inode, size, time, format, size in
    pixels) set aside: which blobs have one depends on timing, even between two runs of
    one binary."""
    con = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    out = [f"{sql}\n" for (sql,) in con.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")]
    for (table,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
        cur = con.execute(f'SELECT * FROM "{table}"')
        names = [d[0] for d in cur.description]
        rows = []
        for row in cur:
            row = dict(zip(names, row))
            for k in ("checked_device", "checked_inode", "checked_size", "checked_modified", "format", "width", "height"):
                if k in row:
                    row[k] = "<set aside>"
            rows.append(subst(table + " " + json.dumps(row, sort_keys=True, ensure_ascii=False), side) + "\n")
        out += sorted(rows)
    con.close()
    return out

def compare_sqlite(label, rel, a_path, b_path):
    try:
        da, db = sqlite_dump(a_path, "before"), sqlite_dump(b_path, "after")
    except Exception as e:
        note(None, f"{label}{rel}: cannot dump ({e})")
        return False
    if da == db:
        return True
    where, sample = save_diff(f"{label}-{rel}-dump", da, db)
    note(None, f"{label}{rel}: the database dumps differ ({where}): {' / '.join(sample)}")
    return False

def png_deltas():
    """From the caches' databases: the PNG byte counts' change summed over image URLs
    (each one downloaded, with its Content-Length header) and over distinct blobs."""
    def sizes(root):
        path = os.path.join(root, "cache", "cache.sqlite")
        if not os.path.exists(path):
            return {}, {}
        con = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        urls = dict(con.execute("SELECT url, sha256 FROM images"))
        con.close()
        m = maps["before" if root == before else "after"]
        blob = {h: m[h] for h in set(urls.values()) if h in m}
        return {u: blob[h] for u, h in urls.items() if h in blob}, {v[0]: v[1] for v in blob.values()}
    ua, ba = sizes(before)
    ub, bb = sizes(after)
    by_url = sum(ub[u][1] - ua[u][1] + len(str(ub[u][1])) - len(str(ua[u][1])) for u in ua.keys() & ub.keys())
    by_blob = sum(bb[p] - ba[p] for p in ba.keys() & bb.keys())
    return by_url, by_blob

def compare_tar(label, rel, a, b):
    def members(data, side):
        t = tarfile.open(fileobj=io.BytesIO(data))
        out = {}
        listing = []
        for m in t.getmembers():
            name = norm_path(m.name, side)
            content = t.extractfile(m).read() if m.isfile() else b""
            listing.append(f"{name} type={m.type} mode={m.mode:o} uid={m.uid} gid={m.gid} uname={m.uname} gname={m.gname} mtime={m.mtime} link={m.linkname}\n")
            out[name] = (m.name, content)
        return listing, out
    la, ma = members(a, "before")
    lb, mb = members(b, "after")
    if demo:   # members in name order: a renamed picture moves
        la, lb = sorted(la), sorted(lb)
    ok = True
    if la != lb:
        where, sample = save_diff(f"{label}-{rel}-listing", la, lb)
        note(None, f"{label}{rel}: the members' names or headers differ ({where}): {' / '.join(sample)}")
        ok = False
    if not demo:
        same_members = True
        for name in sorted(set(ma) & set(mb)):
            if ma[name][1] != mb[name][1]:
                same_members = compare_bytes(f"{label}{rel}:", name, ma[name][1], mb[name][1]) and same_members
        if ok and same_members:
            note(None, f"{label}{rel}: the bytes differ but not the members' headers or contents")
        return False
    # demo: members compared like the site's files, a manifest against the tar's own files
    import tempfile
    with tempfile.TemporaryDirectory() as ta, tempfile.TemporaryDirectory() as tb:
        for d, data in ((ta, a), (tb, b)):
            tarfile.open(fileobj=io.BytesIO(data)).extractall(d, filter="tar")
        for name in sorted(set(ma) & set(mb)):
            ca, cb = ma[name][1], mb[name][1]
            if ca != cb:
                na = normalized_content(ma[name][0], ca, "before", os.path.join(ta, os.path.dirname(ma[name][0])))
                nb = normalized_content(mb[name][0], cb, "after", os.path.join(tb, os.path.dirname(mb[name][0])))
                if na != nb:
                    where, sample = save_diff(f"{label}-{rel}-{name}-normalized", lines_of(na), lines_of(nb))
                    note(None, f"{label}{rel}:{name} differs beyond the PNGs ({where}): {' / '.join(sample)}")
                    ok = False
    if ok:
        note("PNG bytes", f"{label}{rel}")
    return ok

WARC_NAME = re.compile(r"^(.*-)(\d{8}T\d{6}Z-\d{5})(\.warc\.gz|\.cdxj)$")

def walk(root, side):
    """Files by their path, with picture digests normalized (demo) and WARC files named by
    their place in time order instead of their wall-clock stamp."""
    files = {}
    for dirpath, dirnames, names in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not (dirpath == root and d == ".steps"))
        stamps = sorted({m.group(2) for m in map(WARC_NAME.match, names) if m})
        for name in sorted(names):
            m = WARC_NAME.match(name)
            if m:
                name = f"{m.group(1)}<{stamps.index(m.group(2)) + 1}>{m.group(3)}"
            rel = os.path.relpath(os.path.join(dirpath, name), root)
            key = norm_path(rel, side)
            n, unique = 1, key
            while unique in files:
                n += 1
                unique = f"{key}#{n}"
            files[unique] = os.path.relpath(os.path.join(dirpath, m.group(0) if m else name), root)
    return files

def manifest_root(root, rel):
    return os.path.join(root, os.path.dirname(rel))

# steps: exit codes, stdout, stderr
steps = sorted(n[:-3] for n in os.listdir(os.path.join(before, ".steps")) if n.endswith(".rc"))
steps_after = sorted(n[:-3] for n in os.listdir(os.path.join(after, ".steps")) if n.endswith(".rc"))
if steps != steps_after:
    note(None, f"steps {steps} -> {steps_after}")
for tag in steps:
    def read(side, ext):
        p = os.path.join(side, ".steps", tag + ext)
        return open(p, "rb").read() if os.path.exists(p) else b""
    expect = read(before, ".expect").decode().strip() or None
    rc_b, rc_a = read(before, ".rc").strip(), read(after, ".rc").strip()
    if rc_b != rc_a:
        note(expect if expect == "now-day" else None, f"step {tag}: exit {rc_b.decode()} -> {rc_a.decode()}")
    for ext in (".out", ".err"):
        a = normalize_output(read(before, ext).decode("utf-8", "replace"))
        b = normalize_output(read(after, ext).decode("utf-8", "replace"))
        if a != b:
            la, lb = a.splitlines(keepends=True), b.splitlines(keepends=True)
            where, sample = save_diff(f"step-{tag}{ext}", la, lb)
            uuid = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")
            if expect is None and sorted(la) == sorted(lb):
                note("noise: line order", f"step {tag} std{ext[1:]}: the same lines in another order (concurrent work) ({where})")
            elif expect is None and sorted(uuid.sub("<ID>", l) for l in la) == sorted(uuid.sub("<ID>", l) for l in lb):
                note("noise: which requests", f"step {tag} std{ext[1:]}: the same lines about other items (which concurrent requests were warned about first) ({where})")
            else:
                note(expect, f"step {tag} std{ext[1:]} differs ({where}): {' / '.join(sample)}")

# files
fa, fb = walk(before, "before"), walk(after, "after")

# A history snapshot's manifest is split over manifest/NN.jsonl by a hash of each path: in a
# demo, where pictures are renamed, their lines move between the shards, so the shards are
# compared as one (each line's size and digest checked against the snapshot's files).
SHARD = re.compile(r"^(.*/)?manifest/[0-9a-f]+\.jsonl$")
if demo:
    shard_dirs = sorted({os.path.dirname(k) for k in list(fa) + list(fb) if SHARD.match(k)})
    for d in shard_dirs:
        union = {}
        raw = {}
        for side, files, root in (("before", fa, before), ("after", fb, after)):
            lines = []
            raw[side] = sorted((k, open(os.path.join(root, files[k]), "rb").read()) for k in files if SHARD.match(k) and os.path.dirname(k) == d)
            for k in [k for k in files if SHARD.match(k) and os.path.dirname(k) == d]:
                path = os.path.join(root, files.pop(k))
                lines += lines_of(normalized_content(path, open(path, "rb").read(), side, os.path.dirname(path)))
            union[side] = sorted(lines)
        if union["before"] != union["after"]:
            where, sample = save_diff(f"{d}-shards-normalized", union["before"], union["after"])
            note(None, f"{d}/*.jsonl differ beyond the PNGs ({where}): {' / '.join(sample)}")
        elif raw["before"] != raw["after"]:
            note("PNG bytes", f"{d}/*.jsonl (the shards as one)")

only_a, only_b = sorted(set(fa) - set(fb)), sorted(set(fb) - set(fa))
if only_a or only_b:
    where, _ = save_diff("file-list", [f + "\n" for f in sorted(fa)], [f + "\n" for f in sorted(fb)])
    note(None, f"files only before: {only_a[:3]}{'…' if len(only_a) > 3 else ''}; only after: {only_b[:3]}{'…' if len(only_b) > 3 else ''} ({where})")
differing = 0
for key in sorted(set(fa) & set(fb)):
    pa, pb = os.path.join(before, fa[key]), os.path.join(after, fb[key])
    if os.path.islink(pa) or os.path.islink(pb):
        if os.readlink(pa) != os.readlink(pb) if os.path.islink(pa) and os.path.islink(pb) else True:
            note(None, f"{key}: symlinks differ")
        continue
    a, b = open(pa, "rb").read(), open(pb, "rb").read()
    if os.path.basename(key).startswith("cache.sqlite-"):
        continue   # WAL and shared memory: the dump of the database is compared
    if not compare_bytes("", key, a, b, (manifest_root(before, fa[key]), manifest_root(after, fb[key])), pa, pb):
        differing += 1

unexpected = [t for e, t in findings if e is None]
expected = [(e, t) for e, t in findings if e is not None]
with open(os.path.join(diffs, "findings.txt"), "w") as f:
    for e, t in findings:
        f.write(("expected (%s): " % e if e else "UNEXPECTED: ") + t + "\n")
if not findings:
    print("same")
elif not unexpected:
    kinds = {}
    for e, t in expected:
        kinds[e] = kinds.get(e, 0) + 1
    print("DIFFERENT (expected only: " + ", ".join(f"{k} x{n}" for k, n in kinds.items()) + ")")
else:
    print(f"DIFFERENT: {len(unexpected)} unexpected, {len(expected)} expected; first: {unexpected[0]}")
sys.exit(1 if unexpected else 0)
PYTHON

# --- the sample API: does AFTER's feedsite-bench serve the same feed? -------------------
check_bench() {
    local port
    port=$(free_port)
    start_server "$(dirname "$AFTER")/feedsite-bench" "$port" --items 300
    python3 - "$API_PORT" "$port" "$WORK/diffs/bench-serve" <<'PYTHON'
import difflib, hashlib, json, os, re, sys, urllib.request
def crawl(port):
    base = f"http://127.0.0.1:{port}"
    out, after = [], None
    while True:
        url = f"{base}/v1/feed?limit=37" + (f"&after_id={after}" if after else "")
        items = json.load(urllib.request.urlopen(url))["items"]
        if not items:
            return out
        for item in items:
            comments = urllib.request.urlopen(f"{base}/v1/image/{item['id']}/comments").read().decode()
            image = urllib.request.urlopen(item["image"]).read()
            line = json.dumps(item, sort_keys=True) + " " + comments + " " + hashlib.sha256(image).hexdigest()
            line = re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", line)
            out.append(re.sub(r'"created_at":"[^"]*"', '"created_at":"<DATE>"', line) + "\n")
        after = items[-1]["id"]
a, b = crawl(sys.argv[1]), crawl(sys.argv[2])
if a == b:
    print(f"same ({len(a)} items, their comments and images; comment dates aside)")
else:
    os.makedirs(sys.argv[3], exist_ok=True)
    open(os.path.join(sys.argv[3], "feed.diff"), "w").writelines(difflib.unified_diff(a, b, "before", "after"))
    print(f"DIFFERENT: see {sys.argv[3]}/feed.diff")
PYTHON
}

check_bench >"$WORK/bench-serve.txt"   # not in $(…): its server is killed on exit
printf '%-24s %s\n' "bench serve --items 300" "$(cat "$WORK/bench-serve.txt")"

# the ports the demo's API listened on, step by step: the port is in image URLs, which the
# cache and the history key on, so two runs compare only with the same ports
demo_ports() {
    local err
    for err in "$WORK/$1/$2"/.steps/*.err; do
        [ -e "${err%.err}.expect" ] && continue   # a step expected to differ
        sed -n 's/.*sample API serving [0-9]* items at \(http[^ ]*\).*/\1/p' "$err"
    done
}

UNEXPECTED=0
for scenario in "${SCENARIOS[@]}"; do
    for attempt in 1 2 3; do
        run_side before "$BEFORE" "$scenario"
        run_side after "$AFTER" "$scenario"
        [ "$(demo_ports before "$scenario")" = "$(demo_ports after "$scenario")" ] && break
        echo "warning: $scenario: the demo's API ran on other ports in the two runs; running it again" >&2
        sleep 5
    done
    mode=plain
    [[ "$DEMO_SCENARIOS" == *" $scenario "* ]] && mode=demo
    result=$(python3 "$COMPARE" "$WORK/before/$scenario" "$WORK/after/$scenario" "$WORK/diffs/$scenario" "$mode")
    [ $? -eq 0 ] || UNEXPECTED=$((UNEXPECTED + 1))
    printf '%-24s %s\n' "$scenario" "$result"
done
echo "$UNEXPECTED scenario(s) with unexpected differences; runs in $WORK/{before,after}, diffs and findings.txt in $WORK/diffs; $(( $(date +%s) - START )) s"
[ "$UNEXPECTED" -eq 0 ]
