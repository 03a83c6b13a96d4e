#!/bin/sh
# hundred.sh FEEDSITE FEEDSITE-BENCH: 100 --history runs (--history-keep all), 6 hours apart,
# over a 10,000-item feed edited with each run (serve --evolve edit), then the history's
# own files' sizes and what its search loads per query.
B=$1; S=$2
d=/dev/shm/runs/hundred; rm -rf $d; mkdir -p $d
$S serve --evolve edit --items 10000 --port 18040 > $d/serve.log 2>&1 &
sp=$!
sleep 1
t=$(date -u -d 2026-08-01T06:00:00Z +%s)
start=$(date +%s)
for i in $(seq 1 100); do
  now=$(date -u -d @$t +%Y-%m-%dT%H:%M:%SZ)
  $B generate --api http://127.0.0.1:18040/v1 --output $d/site --cache $d/cache --history --history-keep all --concurrency 8 --now $now --quiet || echo "run $i failed"
  t=$((t + 21600))
done
echo "100 runs in $(( $(date +%s) - start )) s; snapshots: $(ls $d/site/history | grep -c '^20')"
kill $sp
ls -la $d/site/history/history.js $d/site/history/index.html $d/site/history/items.jsonl
du -s -B1 $d/site $d/site/history
python3 "$(dirname "$0")/query-bytes.py" $d/site/history/search "synthetic" "item 5" "place 12" "comment" "4711" "user12 item" "edited generation" "visitor"
