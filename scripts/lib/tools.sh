# Makes sure the system programs the tests need are present: Debian's Chromium (the browser Playwright drives;
# browsers are never downloaded), PostgreSQL (the second database every suite runs on) and HAProxy (the load
# balancer in front of several backend processes).
# As root they are installed with apt-get; otherwise the script says what is missing and how to install it.

ensure_debian_packages() {
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
  command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then
    echo "Missing system packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
    return 1
  fi
  echo "Installing ${missing[*]} from Debian's packages..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-dejavu-core >/dev/null
}
