import { describe, expect, it } from 'vitest';
import { FlowGraph } from './max-flow';
import { mulberry32 } from './random';

interface Problem {
  n: number;
  source: number[];
  sink: number[];
  edges: Array<[number, number, number, number]>;
}

/** Cost of a labelling (1 = source side): cut terminal links plus edges from source to sink side. */
function cutCost(p: Problem, label: ArrayLike<number>): number {
  let cost = 0;
  for (let v = 0; v < p.n; v++) cost += label[v] ? p.sink[v] : p.source[v];
  for (const [a, b, ab, ba] of p.edges) {
    if (label[a] && !label[b]) cost += ab;
    if (label[b] && !label[a]) cost += ba;
  }
  return cost;
}

function solve(p: Problem): Uint8Array {
  const graph = new FlowGraph(p.n, p.edges.length);
  for (let v = 0; v < p.n; v++) graph.addTerminal(v, p.source[v], p.sink[v]);
  for (const [a, b, ab, ba] of p.edges) graph.addEdge(a, b, ab, ba);
  return graph.solve();
}

describe('FlowGraph', () => {
  it('finds the minimum cut of small random graphs (checked exhaustively)', () => {
    const random = mulberry32(3);
    for (let trial = 0; trial < 200; trial++) {
      const n = 2 + Math.floor(random() * 9);
      const p: Problem = {
        n,
        source: Array.from({ length: n }, () => (random() < 0.5 ? random() * 10 : 0)),
        sink: Array.from({ length: n }, () => (random() < 0.5 ? random() * 10 : 0)),
        edges: [],
      };
      for (let e = 0; e < n * 2; e++) {
        const a = Math.floor(random() * n);
        const b = Math.floor(random() * n);
        if (a !== b) p.edges.push([a, b, random() * 6, random() < 0.3 ? 0 : random() * 6]);
      }
      let best = Infinity;
      const label = new Uint8Array(n);
      for (let m = 0; m < 1 << n; m++) {
        for (let v = 0; v < n; v++) label[v] = (m >> v) & 1;
        best = Math.min(best, cutCost(p, label));
      }
      expect(cutCost(p, solve(p))).toBeCloseTo(best, 9);
    }
  });

  it('solves again after reset with new terminal links', () => {
    const graph = new FlowGraph(2, 1);
    graph.addEdge(0, 1, 1, 1);
    graph.addTerminal(0, 5, 0);
    graph.addTerminal(1, 0, 5);
    expect(Array.from(graph.solve())).toEqual([1, 0]);
    graph.reset();
    graph.addTerminal(0, 0, 5);
    graph.addTerminal(1, 5, 0);
    expect(Array.from(graph.solve())).toEqual([0, 1]);
  });
});
