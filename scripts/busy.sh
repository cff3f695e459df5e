#!/usr/bin/env bash
# Run a command beside two busy processes (two Python loops at full speed), as on a shared
# 2-core machine: how docs/testing.md runs the suite under load. The loops end with it.
#   scripts/busy.sh .venv/bin/python -m pytest -n 2
set -uo pipefail
python3 -c "while True: pass" & first=$!
python3 -c "while True: pass" & second=$!
trap 'kill "$first" "$second" 2> /dev/null' EXIT INT TERM
"$@"
