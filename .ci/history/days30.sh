#!/bin/sh
# days30.sh FEEDSITE FEEDSITE-BENCH [FLAGS…]: 60 --history runs (RUNS=180 for 90 days) 12
# hours apart from 2026-10-01T06:00Z over a 1,000-item feed that changes with each run
# (serve --evolve), then what the output takes on disk against one site alone (du: a
# hard-linked file once), and whether every item version the history recorded has its page.
B=$1; S=$2; shift 2
mkdir -p /dev/shm/runs; d=$(mktemp -d -p /dev/shm/runs)
$S serve --evolve ${EVOLVE:-grow} --items 1000 --port 18020 > $d/serve.log 2>&1 &
sp=$!
sleep 1
t=$(date -u -d 2026-10-01T06:00:00Z +%s)
start=$(date +%s.%N)
for i in $(seq 1 ${RUNS:-60}); do
  now=$(date -u -d @$t +%Y-%m-%dT%H:%M:%SZ)
  $B generate --api http://127.0.0.1:18020/v1 --output $d/site --cache $d/cache --history --now $now --quiet "$@" || echo "run $i failed"
  t=$((t + 43200))
done
end=$(date +%s.%N)
$B generate --api http://127.0.0.1:18020/v1 --output $d/plain --cache $d/cache --now $now --quiet || echo "plain run failed"
kill $sp
site=$(du -s -B1 $d/site | cut -f1); plain=$(du -s -B1 $d/plain | cut -f1); live=$(du -s -B1 --exclude=history $d/site | cut -f1)
echo "runs: ${RUNS:-60} in $(echo "$end - $start" | bc) s; snapshots kept: $(ls $d/site/history | grep -c '^20'), of which thinned ones keeping item pages: $(ls $d/site/history/*/leftover.jsonl 2>/dev/null | wc -l)"
echo "output with history: $site bytes; live site alone: $live; one plain site: $plain; ratio output/plain: $(echo "scale=3; $site / $plain" | bc)"
du -s -B1 $d/site/history/search $d/site/history/items $d/site/history/items.jsonl $d/site/history/changes 2>/dev/null
echo "files in the history not shared (one link): $(find $d/site/history -type f -links 1 | wc -l)"
find $d/site/history -type f -links 1 | sed "s|$d/site/history/[^/]*/||" | sed 's|/[^/]*$||' | sort | uniq -c | sort -rn | head -8
python3 - "$d/site/history" <<'PY'
import json, os, sys
history = sys.argv[1]
lines = open(history + "/items.jsonl").read().splitlines()[1:]
versions = missing = 0
for line in lines:
    item = json.loads(line)
    for version in item.get("versions", []):
        versions += 1
        missing += not os.path.exists(f"{history}/{version[3]}/comments/{item['id']}.html")
print(f"items ever held: {len(lines)}; versions: {versions}; versions without their page: {missing}")
PY
$B verify --output $d/site | tail -2
echo "folder: $d"
