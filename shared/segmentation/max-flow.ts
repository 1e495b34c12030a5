/**
 * Minimum s-t cut on a graph, by the Boykov-Kolmogorov augmenting-path algorithm ("An
 * Experimental Comparison of Min-Cut/Max-Flow Algorithms for Energy Minimization in Vision",
 * 2004): two search trees grown from the terminals and reused between augmentations, which is
 * what makes it fast on the short paths of image grids.
 *
 * Capacities are floats. The node count is fixed up front; add edges with {@link FlowGraph.addEdge}
 * and terminal links with {@link FlowGraph.addTerminal}, then {@link FlowGraph.solve}. To solve
 * again with other terminal links on the same edges (GrabCut's iterations), {@link FlowGraph.reset}.
 */

const FREE = 0;
const SOURCE = 1;
const SINK = 2;
const TERMINAL = -2;
const NONE = -1;

/** The active nodes of the search: a FIFO ring with membership flags. */
class ActiveQueue {
  readonly #queue: Int32Array;
  readonly #queued: Uint8Array;
  readonly #n: number;
  #head = 0;
  #tail = 0;

  constructor(n: number) {
    this.#n = n;
    this.#queue = new Int32Array(n + 1);
    this.#queued = new Uint8Array(n);
  }

  add(v: number): void {
    if (this.#queued[v]) return;
    this.#queued[v] = 1;
    this.#queue[this.#tail] = v;
    this.#tail = this.#tail === this.#n ? 0 : this.#tail + 1;
  }

  /** The first active node, or -1 when none is. */
  peek(): number {
    return this.#head === this.#tail ? -1 : this.#queue[this.#head];
  }

  /** Takes the first node off the queue. */
  drop(): void {
    this.#queued[this.#queue[this.#head]] = 0;
    this.#head = this.#head === this.#n ? 0 : this.#head + 1;
  }
}

/**
 * The orphans of an augmentation: a stack in a typed array sized once per solve. A node is on it
 * at most once at a time (its parent link is cleared as it is pushed), so `n` slots suffice and
 * the search allocates nothing per node.
 */
class OrphanStack {
  readonly #items: Int32Array;
  #size = 0;

  constructor(n: number) {
    this.#items = new Int32Array(n);
  }

  push(v: number): void {
    this.#items[this.#size++] = v;
  }

  /** The last orphan pushed, taken off; -1 when none is left. */
  pop(): number {
    return this.#size ? this.#items[--this.#size]! : -1;
  }
}

/** A graph with a fixed node count, edges added before solving. */
export class FlowGraph {
  readonly #n: number;
  /** Terminal residual: > 0 capacity from the source, < 0 capacity to the sink. */
  readonly #tr: Float64Array;
  readonly #first: Int32Array;
  #head: Int32Array;
  #next: Int32Array;
  #cap: Float64Array;
  #arcs = 0;
  /** Edge capacities as added, kept for {@link FlowGraph.reset}. */
  #initialCap: Float64Array | undefined;

  readonly #tree: Uint8Array;
  readonly #parent: Int32Array;
  readonly #ts: Int32Array;
  readonly #dist: Int32Array;
  #time = 0;

  /** Creates a graph of `nodes` nodes, reserving room for `edges` two-way edges. */
  constructor(nodes: number, edges: number) {
    this.#n = nodes;
    this.#tr = new Float64Array(nodes);
    this.#first = new Int32Array(nodes).fill(-1);
    this.#head = new Int32Array(edges * 2);
    this.#next = new Int32Array(edges * 2);
    this.#cap = new Float64Array(edges * 2);
    this.#tree = new Uint8Array(nodes);
    this.#parent = new Int32Array(nodes).fill(NONE);
    this.#ts = new Int32Array(nodes);
    this.#dist = new Int32Array(nodes);
  }

  /** Adds capacity from the source to `node` and from `node` to the sink. */
  addTerminal(node: number, toSource: number, toSink: number): void {
    this.#tr[node] += toSource - toSink;
  }

  /** Adds an edge with capacity `forward` (a to b) and `backward` (b to a). */
  addEdge(a: number, b: number, forward: number, backward: number): void {
    if (this.#arcs + 2 > this.#head.length) this.#grow();
    const e = this.#arcs;
    this.#head[e] = b;
    this.#cap[e] = forward;
    this.#next[e] = this.#first[a];
    this.#first[a] = e;
    this.#head[e + 1] = a;
    this.#cap[e + 1] = backward;
    this.#next[e + 1] = this.#first[b];
    this.#first[b] = e + 1;
    this.#arcs += 2;
  }

  /** Restores every edge's capacity and clears all terminal links, ready for another solve. */
  reset(): void {
    if (this.#initialCap) this.#cap.set(this.#initialCap.subarray(0, this.#arcs));
    this.#tr.fill(0);
  }

  #grow(): void {
    const size = Math.max(16, this.#head.length * 2);
    const head = new Int32Array(size);
    const next = new Int32Array(size);
    const cap = new Float64Array(size);
    head.set(this.#head);
    next.set(this.#next);
    cap.set(this.#cap);
    this.#head = head;
    this.#next = next;
    this.#cap = cap;
  }

  /**
   * Runs max-flow. Returns per node 1 when it ends on the source side of the minimum cut, else 0.
   * Nodes tied between both sides (unreachable from either) go to the sink side.
   */
  solve(): Uint8Array {
    this.#initialCap ??= this.#cap.slice(0, this.#arcs);
    this.#tree.fill(FREE);
    this.#parent.fill(NONE);
    this.#time = 0;
    const n = this.#n;
    const active = new ActiveQueue(n);
    const orphans = new OrphanStack(n);
    for (let v = 0; v < n; v++) {
      if (this.#tr[v] > 0) {
        this.#tree[v] = SOURCE;
        this.#parent[v] = TERMINAL;
        active.add(v);
      } else if (this.#tr[v] < 0) {
        this.#tree[v] = SINK;
        this.#parent[v] = TERMINAL;
        active.add(v);
      }
      this.#ts[v] = 0;
      this.#dist[v] = 1;
    }
    for (;;) {
      const bridge = this.#growTrees(active);
      if (bridge < 0) break;
      this.#time++;
      this.#augment(bridge, orphans);
      this.#adopt(orphans, active);
    }
    const out = new Uint8Array(n);
    for (let v = 0; v < n; v++) out[v] = this.#tree[v] === SOURCE ? 1 : 0;
    return out;
  }

  /** Growth: grows the trees from the active nodes until an arc joins them (its index), or -1. */
  #growTrees(active: ActiveQueue): number {
    const tree = this.#tree;
    const cap = this.#cap;
    const head = this.#head;
    const next = this.#next;
    for (let p = active.peek(); p >= 0; p = active.peek()) {
      if (tree[p] === FREE) {
        active.drop();
        continue;
      }
      const t = tree[p];
      for (let a = this.#first[p]; a >= 0; a = next[a]) {
        const residual = t === SOURCE ? cap[a] : cap[a ^ 1];
        if (residual <= 0) continue;
        const q = head[a];
        if (tree[q] === FREE) {
          tree[q] = t;
          this.#parent[q] = a ^ 1;
          this.#ts[q] = this.#ts[p];
          this.#dist[q] = this.#dist[p] + 1;
          active.add(q);
        } else if (tree[q] !== t) {
          return t === SOURCE ? a : a ^ 1;
        }
      }
      active.drop();
    }
    return -1;
  }

  /** The root (terminal-linked node) of `v`'s tree. */
  #rootOf(v: number): number {
    let root = v;
    while (this.#parent[root] !== TERMINAL) root = this.#head[this.#parent[root]];
    return root;
  }

  /**
   * Augmentation along source root .. s .. bridge .. t .. sink root: pushes the path's bottleneck
   * and makes orphans of the nodes whose parent arc it saturated.
   */
  #augment(bridge: number, orphans: OrphanStack): void {
    const parent = this.#parent;
    const tr = this.#tr;
    const cap = this.#cap;
    const head = this.#head;
    const s = head[bridge ^ 1];
    const tNode = head[bridge];
    let flow = cap[bridge];
    for (let v = s; parent[v] !== TERMINAL; v = head[parent[v]]) {
      flow = Math.min(flow, cap[parent[v] ^ 1]);
    }
    flow = Math.min(flow, tr[this.#rootOf(s)]);
    for (let v = tNode; parent[v] !== TERMINAL; v = head[parent[v]]) {
      flow = Math.min(flow, cap[parent[v]]);
    }
    flow = Math.min(flow, -tr[this.#rootOf(tNode)]);

    cap[bridge] -= flow;
    cap[bridge ^ 1] += flow;
    this.#pushAlong(s, flow, SOURCE, orphans);
    this.#pushAlong(tNode, flow, SINK, orphans);
  }

  /** Pushes `flow` along `v`'s path to the root of tree `side`, orphaning saturated links. */
  #pushAlong(start: number, flow: number, side: typeof SOURCE | typeof SINK, orphans: OrphanStack) {
    const parent = this.#parent;
    const tr = this.#tr;
    const cap = this.#cap;
    const head = this.#head;
    // Towards the source the flow runs up the tree (the reverse of each parent arc); towards the
    // sink it runs down it (along each parent arc).
    const sign = side === SOURCE ? 1 : -1;
    for (let v = start; ;) {
      const a = parent[v];
      if (a === TERMINAL) {
        tr[v] -= sign * flow;
        if (sign * tr[v] <= 0) {
          parent[v] = NONE;
          orphans.push(v);
        }
        return;
      }
      const up = head[a];
      const along = side === SOURCE ? a ^ 1 : a;
      cap[along] -= flow;
      cap[along ^ 1] += flow;
      if (cap[along] <= 0) {
        parent[v] = NONE;
        orphans.push(v);
      }
      v = up;
    }
  }

  /** Adoption: reattaches orphans to their tree through a path to its terminal, or frees them. */
  #adopt(orphans: OrphanStack, active: ActiveQueue): void {
    const tree = this.#tree;
    const parent = this.#parent;
    const cap = this.#cap;
    const head = this.#head;
    const next = this.#next;
    for (let v = orphans.pop(); v >= 0; v = orphans.pop()) {
      const t = tree[v];
      let bestArc = NONE;
      let bestDist = Infinity;
      for (let a = this.#first[v]; a >= 0; a = next[a]) {
        const q = head[a];
        if (tree[q] !== t) continue;
        const residual = t === SOURCE ? cap[a ^ 1] : cap[a];
        if (residual <= 0) continue;
        const d = this.#originDistance(q);
        if (d < bestDist) {
          bestDist = d;
          bestArc = a;
        }
      }
      if (bestArc !== NONE) {
        parent[v] = bestArc;
        this.#ts[v] = this.#time;
        this.#dist[v] = bestDist + 1;
        continue;
      }
      for (let a = this.#first[v]; a >= 0; a = next[a]) {
        const q = head[a];
        if (tree[q] !== t) continue;
        const residual = t === SOURCE ? cap[a ^ 1] : cap[a];
        if (residual > 0) active.add(q);
        const pa = parent[q];
        if (pa >= 0 && head[pa] === v) {
          parent[q] = NONE;
          orphans.push(q);
        }
      }
      tree[v] = FREE;
    }
  }

  /**
   * Distance from `v` to its tree's terminal following parents, or Infinity when the chain ends in
   * an orphan. Timestamps memoise chains already proven valid in this adoption stage.
   */
  #originDistance(v: number): number {
    const parent = this.#parent;
    const head = this.#head;
    const ts = this.#ts;
    const dist = this.#dist;
    let d = 0;
    let u = v;
    for (;;) {
      if (ts[u] === this.#time) {
        d += dist[u];
        break;
      }
      const a = parent[u];
      d++;
      if (a === TERMINAL) {
        ts[u] = this.#time;
        dist[u] = 1;
        break;
      }
      if (a === NONE) return Infinity;
      u = head[a];
    }
    // Memoise the distances along the verified chain.
    for (let w = v, k = d; ts[w] !== this.#time; w = head[parent[w]]) {
      ts[w] = this.#time;
      dist[w] = k--;
    }
    return d;
  }
}
