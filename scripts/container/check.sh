#!/usr/bin/env bash
# CI check of the container image (docs/operations.md, «Контейнер»), with podman:
#   1. the local base image (scripts/container/build-base.sh) unless BASE_IMAGE names another;
#   2. the image from the Dockerfile (podman build --format docker, so HEALTHCHECK is kept);
#   3. a container on PGlite with a data directory mounted at /data: /api/ready 200, health,
#      the SPA, a super admin login; runs as non-root; no dev dependencies or sources in the
#      image, /app not writable; the HEALTHCHECK passes; `podman stop` (SIGTERM) ends it with exit
#      code 0; a second container on the same directory finds the data (login without
#      SUPERADMIN_PASSWORD);
#   4. the same on the local PostgreSQL (127.0.0.1:5432, a throwaway database, dropped after).
# Skips with a message, exit 0, when podman cannot run containers here (SKIP_CONTAINER_CHECK=1
# skips too). Removes only the containers, database and directories it created.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=scripts/container
started=$(date +%s)
elapsed() { echo "$(($(date +%s) - started))s"; }
log() { printf 'container: %s (%s)\n' "$1" "$(elapsed)"; }
skip() {
  printf '\ncontainer check SKIPPED: %s\n' "$1"
  exit 0
}

[ "${SKIP_CONTAINER_CHECK:-}" = 1 ] && skip "SKIP_CONTAINER_CHECK=1"

# podman, runc and debootstrap from Debian when missing.
if ! command -v podman >/dev/null 2>&1 || ! command -v runc >/dev/null 2>&1 ||
  { [ -z "${BASE_IMAGE:-}" ] && ! command -v debootstrap >/dev/null 2>&1; }; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing podman, runc, debootstrap"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap >/dev/null; } ||
      skip "podman could not be installed (apt-get failed)"
  else
    skip "podman, runc or debootstrap missing, and not root with apt-get to install them"
  fi
fi
# shellcheck source=scripts/container/podman.sh disable=SC1091
source "$here/podman.sh"
podman info >/dev/null 2>&1 || skip "podman cannot run here: $(podman info 2>&1 | tail -n 1)"

base="${BASE_IMAGE:-localhost/smena-base:24}"
if [ -z "${BASE_IMAGE:-}" ]; then
  log "base image"
  base_before="$(podman image inspect --format '{{.Id}}' "$base" 2>/dev/null || true)"
  SMENA_BASE_IMAGE="$base" "$here/build-base.sh"
  if [ -n "$base_before" ] && [ "$base_before" != "$(podman image inspect --format '{{.Id}}' "$base")" ]; then
    # A new base: the build cache of the old one (untagged images of the Dockerfile's stages,
    # labelled smena.stage) can never be used again.
    podman image prune -f --filter label=smena.stage >/dev/null || true
    podman rmi "$base_before" >/dev/null 2>&1 || true
  fi
fi
# A container must start at all here; otherwise the rest cannot be checked.
if ! out="$(podman run --rm --network host "$base" node --version 2>&1)"; then
  skip "podman cannot start a container from $base: $(echo "$out" | tail -n 1)"
fi

# What this run created, removed at exit.
containers=()
work="$(mktemp -d /tmp/smena-container.XXXXXX)"
db=""
cleanup() {
  for id in "${containers[@]}"; do podman rm -f -t 0 "$id" >/dev/null 2>&1 || true; done
  rm -rf "$work"
  if [ -n "$db" ]; then
    psql -h 127.0.0.1 -U postgres -d postgres -qc "drop database if exists \"$db\" with (force)" >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT

# The CAs this machine trusts (its system bundle and NODE_EXTRA_CA_CERTS), for npm inside the
# build when the registry is reached through a TLS-intercepting proxy; a build secret, in no layer.
ca_args=()
for ca in /etc/ssl/certs/ca-certificates.crt "${NODE_EXTRA_CA_CERTS:-}"; do
  if [ -n "$ca" ] && [ -f "$ca" ]; then cat "$ca" >>"$work/ca.pem"; fi
done
if [ -s "$work/ca.pem" ]; then ca_args=(--secret "id=npm_ca,src=$work/ca.pem"); fi

image="${SMENA_IMAGE:-localhost/smena:ci}"
previous="$(podman image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)"
log "building $image on $base"
build_log="$work/build.log"
podman build --format docker --network host --build-arg "BASE_IMAGE=$base" "${ca_args[@]}" -t "$image" . >"$build_log" 2>&1 || {
  tail -n 60 "$build_log" >&2
  echo "container: podman build failed" >&2
  exit 1
}
current="$(podman image inspect --format '{{.Id}}' "$image")"
# The image this tag named before is only a cache now: remove it (by id; in use, it stays).
if [ -n "$previous" ] && [ "$previous" != "$current" ]; then podman rmi "$previous" >/dev/null 2>&1 || true; fi
size="$(podman image inspect --format '{{.Size}}' "$image")"
log "built $image: $((size / 1000000)) MB (base $(($(podman image inspect --format '{{.Size}}' "$base") / 1000000)) MB)"

# podman without systemd (as here) logs an error for the HEALTHCHECK timers it cannot create on
# each run, stop and rm; the checks run the health check themselves (podman healthcheck run).
podman_q() {
  local rc=0
  podman "$@" 2>"$work/podman.err" || rc=$?
  grep -v 'unable to get systemd connection' "$work/podman.err" >&2 || true
  return "$rc"
}

free_port() {
  node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"
}
password="container-check-$RANDOM$RANDOM"
jwt_secret="$(node -e "console.log(require('crypto').randomBytes(32).toString('hex'))")"

# start PORT [podman run options…]: runs the image on PORT (host network), prints the container id.
start() {
  local port="$1"
  shift
  podman_q run -d --network host -e "PORT=$port" -e "JWT_SECRET=$jwt_secret" -e SHUTDOWN_DELAY_SECONDS=1 "$@" "$image"
}

wait_ready() {
  local id="$1" url="$2"
  for _ in $(seq 1 180); do
    if node -e "fetch('$url/api/ready').then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"; then
      return 0
    fi
    if [ "$(podman inspect --format '{{.State.Running}}' "$id")" != true ]; then
      echo "container: $id exited before ready:" >&2
      podman logs "$id" 2>&1 | tail -n 20 >&2
      return 1
    fi
    sleep 0.5
  done
  echo "container: $id not ready after 90 s" >&2
  podman logs "$id" 2>&1 | tail -n 20 >&2
  return 1
}

# stop_cleanly ID: podman stop sends STOPSIGNAL (SIGTERM); the server must drain and exit 0.
stop_cleanly() {
  local id="$1"
  podman_q stop -t 40 "$id" >/dev/null
  local code
  code="$(podman inspect --format '{{.State.ExitCode}}' "$id")"
  if [ "$code" != 0 ]; then
    echo "container: $id exited with $code after SIGTERM" >&2
    podman logs "$id" 2>&1 | tail -n 20 >&2
    return 1
  fi
  podman logs "$id" 2>&1 | grep -q '"msg":"stopped"' || {
    echo "container: $id did not log its graceful stop" >&2
    return 1
  }
}

# check_running ID URL: what every running container must show.
check_running() {
  local id="$1" url="$2"
  wait_ready "$id" "$url"
  node "$here/smoke.mjs" "$url" admin@smena.local "$password"
  local uid
  uid="$(podman exec "$id" id -u)"
  [ "$uid" != 0 ] || {
    echo "container: the server runs as root" >&2
    return 1
  }
  podman healthcheck run "$id" >/dev/null || {
    echo "container: HEALTHCHECK failed" >&2
    return 1
  }
  echo "container: runs as uid $uid; HEALTHCHECK healthy"
}

log "PGlite: a data directory mounted at /data"
mkdir -p "$work/data"
chown 1000:1000 "$work/data"
port="$(free_port)"
id="$(start "$port" -e "SUPERADMIN_PASSWORD=$password" -v "$work/data:/data")"
containers+=("$id")
check_running "$id" "http://127.0.0.1:$port"
# Only the server's production dependencies and the built output: no dev tools, no sources.
for path in node_modules/vitest node_modules/vite node_modules/esbuild node_modules/drizzle-kit \
  node_modules/typescript node_modules/antd node_modules/react apps/server/src apps/web/src; do
  if podman exec "$id" test -e "/app/$path"; then
    echo "container: /app/$path is in the image" >&2
    exit 1
  fi
done
if podman exec "$id" sh -c 'touch /app/apps/server/dist/server.js' 2>/dev/null; then
  echo "container: the server's user can write to /app" >&2
  exit 1
fi
echo "container: no dev dependencies or sources in /app; /app read-only for the server's user"
stop_cleanly "$id"
log "PGlite: stopped by SIGTERM with exit code 0"
[ -s "$work/data/smena.pid" ] && echo "container: smena.pid left behind" >&2
id="$(start "$port" -v "$work/data:/data")"
containers+=("$id")
wait_ready "$id" "http://127.0.0.1:$port"
node "$here/smoke.mjs" "http://127.0.0.1:$port" admin@smena.local "$password"
stop_cleanly "$id"
log "PGlite: a second container on the same directory found the data"

if ! command -v psql >/dev/null 2>&1 || ! pg_isready -q -h 127.0.0.1 -p 5432; then
  if [ "${CI:-}" = true ]; then
    echo "container: no PostgreSQL on 127.0.0.1:5432 in CI" >&2
    exit 1
  fi
  log "PostgreSQL part SKIPPED: no PostgreSQL on 127.0.0.1:5432"
else
  log "PostgreSQL: a throwaway database on 127.0.0.1:5432"
  db="smena_container_$(date +%s)_$$"
  psql -h 127.0.0.1 -U postgres -d postgres -qc "create database \"$db\""
  port="$(free_port)"
  id="$(start "$port" -e "SUPERADMIN_PASSWORD=$password" -e "DATABASE_URL=postgres://postgres@127.0.0.1:5432/$db")"
  containers+=("$id")
  check_running "$id" "http://127.0.0.1:$port"
  stop_cleanly "$id"
  log "PostgreSQL: stopped by SIGTERM with exit code 0"
fi

if command -v python3 >/dev/null 2>&1 && python3 -c 'import yaml' 2>/dev/null; then
  python3 - <<'PY'
import yaml
doc = yaml.safe_load(open("compose.yaml"))
services = set(doc["services"])
expected = {"postgres", "redis", "app1", "app2", "nginx"}
assert services == expected, f"compose.yaml services: {sorted(services)}"
print("container: compose.yaml parses; services", ", ".join(sorted(services)), "(not run: no engine here)")
PY
else
  echo "container: compose.yaml not parsed (no python3 with yaml)"
fi

log "done: image $image $((size / 1000000)) MB"
