#!/bin/sh
# First start of the PostgreSQL container: one database and one login role per service, each role
# owning only its own database (services never read each other's tables). Passwords come from the
# container's environment (the postgres env file), never from the image.
set -eu
for service in auth volunteer content hours; do
  upper=$(echo "$service" | tr '[:lower:]' '[:upper:]')
  password=$(printenv "SVC_${upper}_DB_PASSWORD" || true)
  if [ -z "$password" ]; then
    echo "SVC_${upper}_DB_PASSWORD is required (postgres env file)" >&2
    exit 1
  fi
  psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --dbname postgres \
    -v role="svc_${service}" -v db="district_${service}" -v password="$password" <<'SQL'
CREATE ROLE :"role" LOGIN PASSWORD :'password';
CREATE DATABASE :"db" OWNER :"role";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
SQL
  echo "database district_${service} for role svc_${service}"
done
