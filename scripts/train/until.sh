# UNTIL for the shard loops of gensfen.sh and rescore.sh: the time (as `date -d` reads it, e.g.
# 09:40 for today) after which no shard starts, so that a lane ends before a timed match.
# Sourced; `past_until` is true once that time has come (never without UNTIL).
until_epoch=""
[[ -z "${UNTIL:-}" ]] || until_epoch=$(date -d "$UNTIL" +%s)
past_until() { [[ -n "$until_epoch" ]] && (($(date +%s) >= until_epoch)); }
