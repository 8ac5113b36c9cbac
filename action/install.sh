#!/usr/bin/env bash
# Step 1 of action.yml, run in the action's folder (this repository at the ref the workflow names):
# installs the kit's dependencies, once per job. The command then runs the sources through tsx.
set -euo pipefail
if [ -d node_modules ]; then
  echo "The kit's dependencies are already installed."
  exit 0
fi
npm ci --no-audit --no-fund
