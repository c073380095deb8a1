#!/usr/bin/env bash
# Makes sure Debian's Chromium (and the Liberation fonts pages are measured with) is installed at
# /usr/bin/chromium for Playwright (README.md). Installs it with apt-get only when missing;
# never downloads Playwright's own browsers.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib/apt.sh
. "$here/lib/apt.sh"

if [ -x /usr/bin/chromium ] && [ -d /usr/share/fonts/truetype/liberation ]; then
  exit 0
fi
apt_install chromium fonts-liberation
/usr/bin/chromium --version >&2
