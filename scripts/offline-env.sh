# Sourced by every script: nothing may reach outside this machine.
export CLOUDFLARE_CF_FETCH_ENABLED=false
export WRANGLER_SEND_METRICS=false
export NO_UPDATE_NOTIFIER=1
