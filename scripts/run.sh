#!/usr/bin/env bash
# Builds Tsubame in Release (scripts/build.sh: profile-guided) and starts it: USI on
# stdin/stdout. Arguments go to the engine, e.g. `scripts/run.sh perft 5`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
exec "$root/build/release/usi/tsubame" "$@"
