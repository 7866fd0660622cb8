# Sourced by the container scripts: podman with runc and without default ulimits, the settings
# that work in sandboxes refusing crun and the default ulimits. A CONTAINERS_CONF of the caller is
# respected.
# shellcheck shell=bash
if [ -z "${CONTAINERS_CONF:-}" ]; then
  smena_podman_conf="${TMPDIR:-/tmp}/smena-containers.conf"
  printf '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n' >"$smena_podman_conf"
  export CONTAINERS_CONF="$smena_podman_conf"
fi
