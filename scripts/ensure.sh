#!/usr/bin/env bash
# Brings what Facet needs into place, doing only what is missing:
#   deps      npm packages (npm ci when node_modules is missing or older than the lock file)
#   services  PostgreSQL and Redis on this machine (started when down and installed; else says how)
#   chromium  Debian's Chromium for the browser tests (apt-get when missing and we are root)
#   pgbouncer Debian's PgBouncer for the suites run through a transaction pooler (apt-get when missing and
#             we are root; without it those suites say why and skip)
#   build     the contracts, the API, the storefront (browser and server builds) and the console (each only
#             when its sources changed)
# Usage: scripts/ensure.sh deps services build ...
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

say() { printf '\033[1;33m[facet]\033[0m %s\n' "$*" >&2; }

ensure_deps() {
  if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    # npm install, not npm ci: the lock file holds the exact versions, but registry mirrors that carry only
    # this platform's optional binaries (@swc/core-darwin-*, ...) leave those out of it, and npm ci then
    # refuses the lock as "out of sync". npm install installs the locked versions and tolerates that.
    say "installing npm packages (npm install from package-lock.json)"
    npm install --no-audit --no-fund --loglevel=error
  fi
}

pg_url() { echo "${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/facet}"; }

ensure_services() {
  local pg_host pg_port
  pg_host=$(node -e 'const u=new URL(process.argv[1]);console.log(u.hostname)' "$(pg_url)")
  pg_port=$(node -e 'const u=new URL(process.argv[1]);console.log(u.port||5432)' "$(pg_url)")
  if ! pg_isready -q -h "$pg_host" -p "$pg_port" 2>/dev/null; then
    if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
      say "starting PostgreSQL"
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
      for _ in $(seq 1 30); do pg_isready -q -h "$pg_host" -p "$pg_port" && break; sleep 1; done
    fi
    if ! pg_isready -q -h "$pg_host" -p "$pg_port" 2>/dev/null; then
      say "PostgreSQL is not reachable at $pg_host:$pg_port. Install and start PostgreSQL 14+ (Debian: apt-get install postgresql),"
      say "or run 'docker compose up -d postgres redis', or set DATABASE_URL to a server you have."
      exit 1
    fi
  fi
  local redis_url redis_host redis_port
  redis_url="${REDIS_URL:-redis://127.0.0.1:6379}"
  redis_host=$(node -e 'const u=new URL(process.argv[1]);console.log(u.hostname)' "$redis_url")
  redis_port=$(node -e 'const u=new URL(process.argv[1]);console.log(u.port||6379)' "$redis_url")
  if ! redis-cli -h "$redis_host" -p "$redis_port" ping >/dev/null 2>&1; then
    if command -v redis-server >/dev/null 2>&1; then
      say "starting Redis"
      mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
      redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$redis_port" --save "" --appendonly no \
        --dir /var/lib/redis --logfile /var/log/redis/facet.log || true
      for _ in $(seq 1 20); do redis-cli -h "$redis_host" -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.5; done
    fi
    if ! redis-cli -h "$redis_host" -p "$redis_port" ping >/dev/null 2>&1; then
      say "Redis is not reachable at $redis_host:$redis_port. Install and start Redis 6.2+ (Debian: apt-get install redis-server),"
      say "or run 'docker compose up -d redis', or set REDIS_URL."
      exit 1
    fi
  fi
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    say "installing Debian's chromium for the browser tests"
    (apt-get install -y -q chromium >/dev/null 2>&1) || (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null)
  fi
  if [ ! -x /usr/bin/chromium ]; then
    say "Chromium is missing at /usr/bin/chromium: install it (apt-get install chromium) to run the browser tests."
    exit 1
  fi
}

ensure_pgbouncer() {
  if command -v pgbouncer >/dev/null 2>&1 || [ -x /usr/sbin/pgbouncer ]; then return; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    say "installing Debian's pgbouncer for the suites run through a transaction pooler"
    (apt-get install -y -q pgbouncer >/dev/null 2>&1) || (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q pgbouncer >/dev/null 2>&1) || true
  fi
  if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
    say "pgbouncer is missing: the PgBouncer suite (apps/api/src/platform/database/pgbouncer.int.spec.ts) will skip."
    say "Install it (apt-get install pgbouncer) to run the shop's suites through a transaction pooler."
  fi
}

# Newest modification time under the given paths (ignoring build output).
newest() { find "$@" -type f -not -path '*/dist/*' -not -path '*/node_modules/*' -printf '%T@\n' 2>/dev/null | sort -n | tail -1; }
stale() { # stale OUTPUT_MARKER SOURCES...
  local out=$1; shift
  [ ! -f "$out" ] && return 0
  local src out_t
  src=$(newest "$@"); out_t=$(stat -c %Y "$out")
  awk -v s="$src" -v o="$out_t" 'BEGIN { exit !(s > o) }'
}

build_app() { # storefront | admin: the browser build and its precompressed copies
  local app=$1
  say "building apps/$app"
  # Production builds whatever NODE_ENV the shell exports (the vite configs hold to it as well).
  (cd "apps/$app" && NODE_ENV=production npx vite build --logLevel warn) && node scripts/precompress.mjs "apps/$app/dist" >/dev/null
}

app_stale() { # storefront | admin
  [ -f "apps/$1/vite.config.ts" ] && stale "apps/$1/dist/index.html" "apps/$1/src" "apps/$1/build" "apps/$1/public" "apps/$1/index.html" "apps/$1/vite.config.ts" libs/contracts/src scripts/precompress.mjs scripts/rasterize.mjs
}

ensure_build() {
  if stale libs/contracts/dist/index.js libs/contracts/src .swcrc; then
    say "building libs/contracts"
    (cd libs/contracts && npx swc src -d dist --strip-leading-paths --config-file ../../.swcrc -q)
  fi
  if stale apps/api/dist/main.js apps/api/src libs/contracts/src .swcrc; then
    say "building apps/api"
    rm -rf apps/api/dist
    (cd apps/api && npx swc src -d dist --strip-leading-paths --config-file ../../.swcrc -q --ignore '**/*.spec.ts' --copy-files)
  fi
  # Two lanes, one a core (each vite build runs mostly on one): the console beside the storefront's pictures
  # and browser build, then the server renderer. Staleness is read before either lane writes anything.
  local admin=0 storefront=0 server=0
  app_stale admin && admin=1
  app_stale storefront && storefront=1
  stale apps/storefront/dist-server/entry-server.cjs apps/storefront/src apps/storefront/vite.config.ts libs/contracts/src && server=1
  local admin_pid=''
  if [ $admin = 1 ]; then build_app admin & admin_pid=$!; fi
  # WebP pictures of the artwork (skipped when up to date), before the storefront's build copies public/.
  node scripts/rasterize.mjs || return 1
  if [ $storefront = 1 ]; then build_app storefront || return 1; fi
  # The storefront's server renderer (the API process loads it; without it the storefront is a browser-only shell).
  if [ $server = 1 ]; then
    say "building apps/storefront server renderer"
    (cd apps/storefront && NODE_ENV=production npx vite build --ssr src/entry-server.tsx --logLevel warn) || return 1
  fi
  if [ -n "$admin_pid" ]; then wait "$admin_pid" || return 1; fi
}

for step in "$@"; do
  case "$step" in
    deps) ensure_deps ;;
    services) ensure_services ;;
    chromium) ensure_chromium ;;
    pgbouncer) ensure_pgbouncer ;;
    build) ensure_build ;;
    *) echo "unknown step $step" >&2; exit 2 ;;
  esac
done
