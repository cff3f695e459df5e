#!/usr/bin/env bash
# Fetch axe-core (the browser tests' accessibility checker) from npm into
# tests/server/vendor/axe-core: axe.min.js and its licence, unchanged.
# Usage: scripts/vendor-axe.sh [VERSION]   (default: the version tests/server/axe.py names)
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:-$(sed -n 's/^VERSION = "\(.*\)"$/\1/p' tests/server/axe.py)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "axe-core@$version" > /dev/null && tar xzf "axe-core-$version.tgz")
head -c 40 "$work/package/axe.min.js" | grep -q "axe v$version" \
    || { echo "npm's axe-core@$version is not version $version" >&2; exit 1; }
cp "$work/package/axe.min.js" "$work/package/LICENSE" tests/server/vendor/axe-core/
echo "axe-core $version in tests/server/vendor/axe-core (update VERSION in tests/server/axe.py)"
