# Shared by scripts/ensure-*.sh (sourced, not run). Installs Debian packages with apt-get,
# running `apt-get update` at most once per test run.
#
# CUVEE_APT_STAMP names a file that marks "apt-get update already done"; scripts/test-all.sh sets
# it inside .test-results/ so it lasts exactly one run. Used alone, a stamp younger than an hour
# in the temp folder counts.

apt_install() {
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo -n)
    else
      echo "apt_install: need root (or sudo) to install: $*" >&2
      return 1
    fi
  fi
  local stamp=${CUVEE_APT_STAMP:-${TMPDIR:-/tmp}/cuvee-apt-updated}
  if [ -z "$(find "$stamp" -maxdepth 0 -mmin -60 2>/dev/null)" ]; then
    echo "apt-get update" >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 || return 1
    touch "$stamp"
  fi
  echo "apt-get install $*" >&2
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "$@" >&2
}
