#!/usr/bin/env bash
# Brings up deploy/compose.yaml (two app instances, PostgreSQL, Redis, object storage, mail) where a
# Docker engine runs, and waits until both instances answer their health check through the balancer.
set -euo pipefail
cd "$(dirname "$0")"
if ! docker info >/dev/null 2>&1; then
  echo "No Docker engine answers here: deploy/up.sh needs one (the Docker client alone is not enough)." >&2
  exit 1
fi
docker compose -f compose.yaml up -d --build
for _ in $(seq 1 60); do
  if docker compose -f compose.yaml exec -T app-1 node -e "fetch('http://127.0.0.1:3000/api/health-check').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" &&
    docker compose -f compose.yaml exec -T app-2 node -e "fetch('http://127.0.0.1:3000/api/health-check').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then
    echo "Both instances are healthy: https://pedaali.localhost"
    exit 0
  fi
  sleep 2
done
echo "The instances did not become healthy within 2 minutes; see: docker compose -f deploy/compose.yaml logs" >&2
exit 1
