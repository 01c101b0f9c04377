#!/usr/bin/env bash
# Usage: tools/mkproject.sh <root> <name> <tags comma-separated> [jest]
# Writes project.json (and jest.config.cjs with "jest") for a hand-written Nx project.
set -euo pipefail
root=$1 name=$2 tags=$3 jest=${4:-}
depth=$(echo "$root" | awk -F/ '{print NF}')
up=$(printf '../%.0s' $(seq 1 "$depth"))
mkdir -p "$root/src"
tagjson=$(echo "$tags" | sed 's/[^,]*/"&"/g')
cat > "$root/project.json" <<JSON
{
  "name": "$name",
  "\$schema": "${up}node_modules/nx/schemas/project-schema.json",
  "sourceRoot": "$root/src",
  "projectType": "$( [[ $root == apps/* ]] && echo application || echo library )",
  "tags": [$tagjson]
}
JSON
if [ -n "$jest" ]; then
cat > "$root/jest.config.cjs" <<JS
module.exports = { displayName: '$name', preset: '${up}jest.preset.cjs', rootDir: __dirname };
JS
fi
