#!/usr/bin/env bash
# npm start: installs what is missing, builds, migrates, seeds an empty catalogue, and serves the whole shop.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure.sh deps services build
exec node apps/api/dist/main.js
