#!/usr/bin/env bash
# Builds everything that changed: npm run build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure.sh deps build
