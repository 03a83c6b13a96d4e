#!/bin/sh
# warmh.sh BINARY PREP [FLAGS…]: a warm run over a copy of PREP's cache and site (history and all), in a fresh folder
mkdir -p /dev/shm/runs; d=$(mktemp -d -p /dev/shm/runs); b=$1; p=$2; shift 2
cp -a "$p/cache" "$d/cache"; cp -a "$p/site" "$d/site"
"$b" generate --api http://127.0.0.1:18010/v1 --output "$d/site" --cache "$d/cache" --concurrency 8 --now 2026-11-24T13:00:00Z --quiet "$@"
code=$?
rm -rf "$d"
exit $code
