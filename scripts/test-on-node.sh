#!/usr/bin/env bash
# `scripts/test-on-node.sh [version]`: the server (SQLite) and elements unit suites under another Node, by
# default the oldest the packages claim (the floor of engines.node). CI runs everything else on Node 24.
# npm exec puts the registry's `node` package (the official build) first on PATH; a clone of HEAD in a
# temporary folder gets its own `npm ci`, so this checkout's install is left alone (commit first: the clone
# has only what is committed).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=${1:-$(cd "$root" && node -p 'require("semver").minVersion(require("./package.json").engines.node).version')}
copy=$(mktemp -d "${TMPDIR:-/tmp}/open-passage-node$version-XXXXXX")
trap 'rm -rf "$copy"' EXIT
git clone --quiet --no-local "$root" "$copy"
cd "$copy"
started=$SECONDS
# The built server too: the tests that start it as a user would import server/dist and dist/contract.
npm exec --yes --package="node@$version" -- sh -c '
  set -e; echo "Node $(node --version)"
  npm ci --prefer-offline --no-audit --no-fund
  npm run build:contract && npm run build -w open-passage-server
  CI=1 npx vitest run --project server-sqlite --project elements --reporter=dot'
echo "Node $version: ok ($((SECONDS - started)) s)"
