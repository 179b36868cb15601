#!/usr/bin/env bash
# Checks that `tsubame bench` prints the node count recorded by the last commit whose message
# has a `Bench: <nodes>` line (a commit that changes search or evaluation must record it).
#   scripts/bench-signature.sh [path/to/tsubame]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
exe=${1:-"$root/build/release/usi/tsubame"}

actual=$("$exe" bench | awk '/^Nodes searched/ {print $4}')
expected=$(git -C "$root" log --format=%B | grep -m1 -oE '^Bench: [0-9]+' | awk '{print $2}' || true)
if [[ -z "$expected" ]]; then
  echo "bench signature: no 'Bench:' line in the history yet (bench prints $actual)" >&2
  exit 1
fi
if [[ "$actual" != "$expected" ]]; then
  echo "bench signature mismatch: bench prints $actual, last recorded Bench: $expected" >&2
  exit 1
fi
echo "bench signature OK: $actual"
