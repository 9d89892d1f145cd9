#!/usr/bin/env bash
# npm run bench [-- --quick]: builds what changed, then measures (see bench/run.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure.sh deps services chromium build
exec node bench/run.mjs "$@"
