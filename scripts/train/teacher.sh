# Sourced by gensfen.sh and rescore.sh: the engine and the net that label a shard, as private
# copies (so that rebuilding the engine, or replacing the net, during a long run cannot change
# the labels), and how MANIFEST names them. Reads $root, $TSUBAME (default: the PGO build,
# built first) and $EVAL_FILE (the net; unset, the built-in one). Sets:
#   copy       the engine's copy
#   commit     the engine's own commit (what it was built from, not the checkout's)
#   teacher    built-in:<hash>, or <net file name>:<hash>, the hash being the one a net file
#              ends with (as `--version` names the built-in net)
#   eval_args  (--eval-file <the net's copy>), or nothing
engine=${TSUBAME:-}
if [[ -z "$engine" ]]; then
  "$root/scripts/build.sh" >&2
  engine="$root/build/release/usi/tsubame"
fi
copy=$(mktemp -d)/tsubame
cp "$engine" "$copy"
commit=$("$copy" --version | sed -n 's/^commit //p')
teacher=$("$copy" --version | sed -n 's/^eval net \([0-9a-f]*\):.*/built-in:\1/p')
eval_args=()
if [[ -n "${EVAL_FILE:-}" ]]; then
  # Under the same base name: the shards name the net by it.
  net_copy="$(dirname "$copy")/$(basename "$EVAL_FILE")"
  cp "$EVAL_FILE" "$net_copy"
  eval_args=(--eval-file "$net_copy")
  hash=$(od -An -tx4 -j $(($(stat -c %s "$net_copy") - 4)) -N 4 "$net_copy" | tr -d ' ')
  teacher="$(basename "$EVAL_FILE"):$hash"
fi
