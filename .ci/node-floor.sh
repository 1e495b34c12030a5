# Sourced by .ci/run (bash): makes `node` the Node line package.json's engines names when this
# machine's node is older than that floor, e.g. Debian bookworm's Node 20 against `>=22.19`.
# The binary is Node's own release build, shipped inside the npm registry package
# `node-linux-<arch>` (it installs like any package, no script runs), cached under
# ${KILN_NODE_CACHE:-~/.cache/kiln-node}/<line> and put first on PATH. A machine whose node already
# meets the floor (CI's node:22 and node:lts containers) keeps its own.

floor="$(node -p "require('./package.json').engines.node.replace(/^>=\s*/, '')")"
below_floor() {
  node -e '
    const [have, want] = [process.versions.node, process.argv[1]].map((v) => v.split(".").map(Number));
    const older = have[0] !== want[0] ? have[0] < want[0] : (have[1] ?? 0) < (want[1] ?? 0);
    process.exit(older ? 0 : 1);
  ' "$floor"
}

if below_floor; then
  line="${floor%%.*}"
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "No node-linux package for $(uname -m): install Node $floor or newer." >&2; exit 1 ;;
  esac
  dir="${KILN_NODE_CACHE:-$HOME/.cache/kiln-node}/$line"
  bin="$dir/node_modules/node-linux-$arch/bin"
  if [ ! -x "$bin/node" ]; then
    npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund \
      "node-linux-$arch@$line"
  fi
  export PATH="$bin:$PATH"
  if below_floor; then
    echo "node-linux-$arch@$line gave Node $(node --version), below $floor." >&2
    exit 1
  fi
  echo "Node $(node --version) from node-linux-$arch@$line (this machine's node is older than $floor)."
fi
