#!/usr/bin/env bash
source ./lib/common.sh
. "$HOME/.env"

readonly MAX_RETRIES=3

# Deploys the app.
# Second line.
deploy() {
  local target="$1"
  log_info "deploying $target"
  build_app --release | tee out.log
  git push origin main
}

function cleanup {
  rm -rf /tmp/x
  deploy staging
}

cleanup
