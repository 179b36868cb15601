#!/usr/bin/env bash
# Cross-compiles a self-contained Windows engine, build/windows/usi/tsubame.exe, and
# smoke-tests it under wine; installs the Debian packages it needs that are missing.
#   scripts/build-windows.sh              build, check its DLLs, smoke-test under wine
#   scripts/build-windows.sh --no-smoke   build and check its DLLs only (no wine needed)
# The exe is static (no DLLs beyond Windows' own), for x86-64-v2 (SSE4.2 + POPCNT: Intel
# since 2008, AMD since 2011) with the magic-multiplication slider index (no BMI2/PEXT).
# The smoke test plays `usi`, `isready`, `position startpos moves 7g7f`, `go byoyomi 1000`,
# `quit` twice, with LF and with CR-LF line ends, and prints PASS or FAIL (exit status 1).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build/windows"
exe="$build/usi/tsubame.exe"

smoke=1
case "${1:-}" in
  "") ;;
  --no-smoke) smoke=0 ;;
  *) echo "usage: $0 [--no-smoke]" >&2; exit 2 ;;
esac

# --- Packages: CMake and Ninja from install-deps.sh, then the MinGW-w64 compiler with the posix
# thread model (std::thread) and wine. Without recommends: wine's pull in graphics stacks.
"$root/scripts/install-deps.sh" >&2
packages=(g++-mingw-w64-x86-64-posix)
[[ $smoke -eq 1 ]] && packages+=(wine wine64)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "Installing missing packages: ${missing[*]}" >&2
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# --- Build: only the engine, no tests or benchmarks; stripped.
cmake -S "$root" -B "$build" -G Ninja --toolchain "$root/cmake/mingw-w64-x86_64.cmake" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXE_LINKER_FLAGS_RELEASE=-s \
  -DTSUBAME_ARCH=x86-64-v2 -DTSUBAME_NO_PEXT=ON \
  -DBUILD_TESTING=OFF -DTSUBAME_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" --target tsubame

# --- DLLs: only the ones every Windows ships.
dlls=$(x86_64-w64-mingw32-objdump -p "$exe" | awk '/DLL Name:/ {print $3}')
for dll in $dlls; do
  case "${dll,,}" in
    kernel32.dll | msvcrt.dll | advapi32.dll | user32.dll | ntdll.dll | ws2_32.dll) ;;
    *) echo "FAIL: $exe needs $dll (not a Windows system DLL)" >&2; exit 1 ;;
  esac
done
echo "Built $exe ($(stat -c %s "$exe") bytes; DLLs: ${dlls//$'\n'/ })"
[[ $smoke -eq 1 ]] || exit 0

# --- Smoke test under wine: a throwaway prefix in the build directory, no display, no wine
# debug chatter, no Mono/Gecko install prompts.
export WINEPREFIX="$build/wineprefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
unset DISPLAY WAYLAND_DISPLAY
trap 'wineserver -k >/dev/null 2>&1 || true' EXIT
trap '' PIPE # a write to an engine that died fails instead of ending the script
now_ms() { local t=${EPOCHREALTIME/./}; echo $((t / 1000)); }

start=$(now_ms)
wineboot --init >/dev/null 2>&1 || true # creates or updates the prefix, starts the wineserver
echo "$(wine --version 2>/dev/null): prefix $WINEPREFIX ready in $(($(now_ms) - start)) ms"

failures=0
# smoke_session NAME EOL: one scripted session with input lines ending in EOL.
smoke_session() {
  local name=$1 eol=$2 log="$build/smoke-$1.log"
  local problems=() lines=() line t0 t_usiok="" t_readyok="" t_go t_best="" t_quit t_exit=""
  local deadline code
  local fifo="$build/smoke-fifo"
  rm -rf "$fifo" && mkdir -p "$fifo" && mkfifo "$fifo/in" "$fifo/out"
  : >"$log"
  t0=$(now_ms)
  wine "$exe" <"$fifo/in" >"$fifo/out" 2>"$log.stderr" &
  local pid=$! in out
  exec {in}>"$fifo/in" {out}<"$fifo/out"
  send() { printf '%s%s' "$1" "$eol" 1>&"$in" 2>/dev/null || true; } # engine gone: found below
  # read_until PATTERN SECONDS: reads output lines into `lines` until one matches PATTERN.
  read_until() {
    local end=$(($(now_ms) + $2 * 1000)) left
    while left=$((end - $(now_ms))) && ((left > 0)); do
      IFS= read -r -t "$((left / 1000)).$(printf '%03d' $((left % 1000)))" -u "$out" line || return 1
      lines+=("$line")
      printf '%s\n' "$line" >>"$log"
      if [[ "${line%$'\r'}" =~ $1 ]]; then return 0; fi
    done
    return 1
  }

  send "usi"
  if read_until '^usiok$' 20; then t_usiok=$(($(now_ms) - t0)); else problems+=("no usiok"); fi
  send "isready"
  if read_until '^readyok$' 10; then t_readyok=$(($(now_ms) - t0)); else problems+=("no readyok"); fi
  send "position startpos moves 7g7f"
  t_go=$(now_ms)
  send "go byoyomi 1000"
  if read_until '^bestmove ' 10; then t_best=$(($(now_ms) - t_go)); else problems+=("no bestmove"); fi
  t_quit=$(now_ms)
  send "quit"
  exec {in}>&-
  # Whatever comes after quit (there should be nothing), then the exit.
  deadline=$((t_quit + 10000))
  while IFS= read -r -t 1 -u "$out" line; do
    lines+=("$line")
    printf '%s\n' "$line" >>"$log"
    if (($(now_ms) > deadline)); then break; fi
  done
  exec {out}<&-
  rm -rf "$fifo"
  while kill -0 "$pid" 2>/dev/null && (($(now_ms) < deadline)); do sleep 0.05; done
  if kill -0 "$pid" 2>/dev/null; then
    problems+=("still running 10 s after quit")
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  else
    t_exit=$(($(now_ms) - t_quit))
    wait "$pid" 2>/dev/null && code=0 || code=$?
    [[ "$code" == 0 ]] || problems+=("exit status $code")
  fi

  # Every reply exactly once and whole: a line ends in LF or CR-LF (text-mode stdout on
  # Windows), never has a CR elsewhere, is not empty and starts with a USI reply keyword.
  local bestmoves=() usioks=0 readyoks=0 crlf=0 l
  local move='([1-9][a-i][1-9][a-i]\+?|[PLNSGBR]\*[1-9][a-i])' # a board move or a drop
  for l in "${lines[@]}"; do
    [[ "$l" == *$'\r' ]] && ((++crlf))
    l=${l%$'\r'}
    if [[ "$l" == *$'\r'* ]]; then
      problems+=("stray CR in output line '${l//$'\r'/<CR>}'")
      continue
    fi
    case "$l" in
      usiok) ((++usioks)) ;;
      readyok) ((++readyoks)) ;;
      bestmove*) bestmoves+=("$l") ;;
      "id "* | "option "* | "info "*) ;;
      *) problems+=("unexpected output line: '$l'") ;;
    esac
  done
  ((crlf == 0 || crlf == ${#lines[@]})) || problems+=("mixed line ends: $crlf of ${#lines[@]} lines end in CR-LF")
  ((usioks == 1)) || problems+=("$usioks usiok lines")
  ((readyoks == 1)) || problems+=("$readyoks readyok lines")
  if ((${#bestmoves[@]} != 1)); then
    problems+=("${#bestmoves[@]} bestmove lines")
  elif ! [[ "${bestmoves[0]}" =~ ^bestmove\ $move(\ ponder\ $move)?$ ]]; then
    problems+=("not a move: '${bestmoves[0]}'")
  fi

  local ends="LF"
  ((crlf > 0)) && ends="CR-LF"
  if ((${#problems[@]} == 0)); then
    echo "PASS $name input: usiok ${t_usiok} ms and readyok ${t_readyok} ms after start," \
      "'${bestmoves[0]}' ${t_best} ms after go, exit ${t_exit} ms after quit;" \
      "${#lines[@]} lines, output ends in $ends"
  else
    echo "FAIL $name input: $(printf '%s; ' "${problems[@]}")(transcript: $log)"
    [[ -s "$log.stderr" ]] && sed 's/^/  stderr: /' "$log.stderr" | head -20
    failures=$((failures + 1))
  fi
}

rm -f "$build"/smoke-*.log "$build"/smoke-*.log.stderr
smoke_session LF $'\n'
smoke_session CRLF $'\r\n'
if ((failures == 0)); then
  echo "PASS: Windows smoke test ($exe under wine)"
else
  echo "FAIL: Windows smoke test, $failures of 2 sessions failed"
  exit 1
fi
