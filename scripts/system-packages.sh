#!/usr/bin/env bash
# The system packages the test suite needs, from Debian's apt: chromium (the browser tests,
# driven by Playwright), postgresql (the tests on throwaway PostgreSQL clusters) and
# nginx-light (the proxy in front of several servers, as docs/deploy.md sets it up).
# Installs only what is missing; needs root or password-less sudo for that. The tests
# themselves never install anything: without these they fail, naming this script.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/initdb' > /dev/null || missing+=(postgresql)
[ -x /usr/sbin/nginx ] || command -v nginx > /dev/null || missing+=(nginx-light)
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif sudo -n true 2> /dev/null; then
    as_root=(sudo -n)
else
    echo "the tests need ${missing[*]} (Debian packages); run this script as root:" \
         "sudo $0" >&2
    exit 1
fi
echo "installing ${missing[*]} with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 update -q > /dev/null
"${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -q \
    "${missing[@]}" > /dev/null
