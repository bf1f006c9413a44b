#!/usr/bin/env bash
# Runs every benchmark in turn and gathers their reports into bench/out/RESULTS.generated.md.
#   bash bench/run-all.sh            (BENCH_DIALECTS=sqlite to skip PostgreSQL; BENCH_WHATIF=0 to skip the diagnostics)
# Only ever targets 127.0.0.1; never downloads a browser.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
mkdir -p bench/out
run() { echo; echo "=== $*"; node --expose-gc --conditions=source --import tsx "$@"; }

{
  echo "# Benchmark run $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "- CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //') × $(nproc)"
  echo "- Memory: $(free -h | awk '/^Mem:/ {print $2 " total, " $7 " available"}')"
  echo "- Node $(node -v); $(psql "${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" -tAc 'select version()' 2>/dev/null | cut -d, -f1 || echo 'PostgreSQL not reachable')"
  echo "- Load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "- Git: $(git rev-parse --short HEAD) ($(git status --porcelain -- apps packages | wc -l) files changed in apps/ and packages/ by work in progress)"
} > bench/out/machine.md
cat bench/out/machine.md

started=$(date +%s)
run bench/seed-million.ts
run bench/search.ts
if [ "${BENCH_WHATIF:-1}" != 0 ]; then run bench/search-whatif.ts; fi
run bench/import.ts
run bench/import-load.ts
run bench/landing.ts
run bench/lighthouse.ts

{
  cat bench/out/machine.md
  echo "- Load average at end: $(cut -d' ' -f1-3 /proc/loadavg); whole run $(( $(date +%s) - started )) s"
  for f in search search-whatif import import-load landing lighthouse; do
    if [ -f "bench/out/$f.md" ]; then echo; cat "bench/out/$f.md"; fi
  done
} > bench/out/RESULTS.generated.md
echo
echo "Reports gathered in bench/out/RESULTS.generated.md"
