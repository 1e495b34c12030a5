#!/usr/bin/env bash
# `npm test`: lint, type-check, unit/integration tests, the e2e suite without its exhaustive tier,
# and the real-Electron smoke suite (tests/electron; it says so in one line and runs nothing where
# no Electron binary exists). `npm run test:all` (`--all`, what CI runs): the same with every e2e
# test.
#
# On Linux the keychain tests need a real Secret Service. When this shell has no session bus,
# re-run under `dbus-run-session` and start an unlocked gnome-keyring there (both from Debian), so
# the tests use the same kind of store as a user's desktop.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname)" = Linux ] && [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && [ -z "${KILN_IN_DBUS:-}" ]; then
  if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
    export KILN_IN_DBUS=1
    # A keyring folder of this run only: the daemon creates a fresh "login" collection unlocked
    # with this password, whatever keyrings the machine's user already has.
    XDG_DATA_HOME="$(mktemp -d)"
    export XDG_DATA_HOME
    exec dbus-run-session -- bash "$0" "$@"
  fi
  echo "warning: no session bus and no dbus-run-session/gnome-keyring-daemon: keychain tests will fail." >&2
  echo "         Install them with: apt-get install -y dbus gnome-keyring" >&2
fi

# Inside that session bus: the run's keyring, in the foreground of a session of its own (setsid:
# no signal meant for this script's process group reaches it) with its messages kept, and ready
# once it owns the Secret Service's name on the bus. If it is gone at the end, the run says so
# and prints its messages: once (CI, 2026-11-28) it left the bus in the middle of the unit suite
# and two keychain tests failed with "Message recipient disconnected from message bus".
keyring_pid=""
if [ -n "${KILN_IN_DBUS:-}" ]; then
  keyring_log="$XDG_DATA_HOME/gnome-keyring.log"
  printf kiln-test | setsid gnome-keyring-daemon --foreground --unlock --components=secrets \
    >"$keyring_log" 2>&1 &
  keyring_pid=$!
  keyring_ready=""
  for _ in $(seq 100); do
    if dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null |
      grep -q 'boolean true'; then
      keyring_ready=1
      break
    fi
    sleep 0.1
  done
  if [ -z "$keyring_ready" ]; then
    echo "warning: the run's keyring did not register on the session bus in 10 s; keychain tests may fail. Its messages:" >&2
    cat "$keyring_log" >&2
  fi
  keyring_gone() {
    if ! kill -0 "$keyring_pid" 2>/dev/null; then
      echo "== the run's keyring (gnome-keyring-daemon) exited before the end; a keychain test that failed after that failed for it. Its messages:"
      cat "$keyring_log"
    fi
  }
  trap keyring_gone EXIT
fi

# The linters and the type-check at once: each is mostly one Node process on one core (ESLint,
# Prettier, Electronegativity, tsc; 20, 21, 23 and 14 s alone on a fresh clone), so on a 2-core
# machine they take about half their sum instead of all of it (`npm run lint` runs the linters
# one after another). Each one's output is printed whole when it ends; the run stops after all of
# them if any failed.
together() {
  local logs pids=() names=() failed=0 i
  logs="$(mktemp -d)"
  for name in "$@"; do
    npm run -s "$name" >"$logs/$name" 2>&1 &
    pids+=("$!")
    names+=("$name")
  done
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then echo "== npm run ${names[$i]}: passed"; else
      echo "== npm run ${names[$i]}: FAILED"
      failed=1
    fi
    cat "$logs/${names[$i]}"
  done
  rm -rf "$logs"
  return "$failed"
}

# Each step says how long it took (README "Test" gives the usual figures).
timed() {
  local start=$SECONDS
  "$@"
  echo "== $* took $((SECONDS - start)) s"
}

timed together lint:eslint lint:format lint:css lint:security lint:workflows typecheck
# The unit suite beside the fault suite at a small size (faults, restarts and hostile input; the
# full run: npm run test:faults). The fault suite mostly waits on its servers' timers (31 CPU-s in
# 66 s), so beside the unit suite it costs about nothing; it holds on a busy machine
# (tests/faults/README.md).
# `npm test` runs the unit suite's chaos run (electron/core/chaos.test.ts, a new seed each run)
# at 100 mixed jobs; `npm run test:all` at its full 200.
all=""
if [ "${1:-}" = --all ]; then all=1; fi
if [ -z "$all" ]; then export KILN_CHAOS_JOBS="${KILN_CHAOS_JOBS:-100}"; fi
KILN_FAULTS_SIZE=small timed together test:unit test:faults
# The e2e suite without its exhaustive tier (tests/support/fixtures.ts, EXHAUSTIVE), or with it
# for `npm run test:all` (CI).
if [ -n "$all" ]; then timed npm run test:e2e:all; else timed npm run test:e2e; fi
timed npm run -s size # bundle budgets over the build test:e2e made (.size-limit.js, issue 29)
# The real app in Electron, where a binary exists; otherwise one line says it did not run.
timed npm run -s test:electron
if [ -n "$all" ]; then echo "== npm run test:all took $SECONDS s"; else echo "== npm test took $SECONDS s"; fi
