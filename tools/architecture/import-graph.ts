/**
 * The import graph of a source folder, read and resolved by TypeScript itself, and the two
 * questions the architecture tests ask of it: where are the cycles, and which arrows break a
 * rule. Type imports count too: a cycle of types is still a knot a reader has to untie.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/** Module → the modules of the same folder tree it imports, as paths relative to the root. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const OPTIONS: ts.CompilerOptions = {
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  module: ts.ModuleKind.ESNext,
  jsx: ts.JsxEmit.ReactJSX,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Reads every module under `root` (or under its `folders`, when named; tests left out: nothing
 * imports them) and resolves its relative imports, static, dynamic and type-only; imports that
 * leave `root` are dropped.
 */
export function importGraph(root: string, folders: readonly string[] = ['.']): ImportGraph {
  const name = (file: string) => relative(root, file).split(sep).join('/');
  const graph = new Map<string, string[]>();
  for (const file of folders.flatMap((folder) => sourceFiles(join(root, folder)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => {
      if (!fileName.startsWith('.')) return [];
      const resolved = ts.resolveModuleName(fileName, file, OPTIONS, ts.sys).resolvedModule;
      const target = resolved && name(resolved.resolvedFileName);
      return target && !target.startsWith('..') ? [target] : [];
    });
    graph.set(name(file), [...new Set(targets)]);
  }
  return graph;
}

/** The import cycles: strongly connected components of more than one module, or self-imports. */
export function cycles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  // Tarjan's algorithm.
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Every import `from → to` where `from` matches `where` and `to` matches `forbidden`. */
export function arrows(
  graph: ImportGraph,
  where: (from: string) => boolean,
  forbidden: (to: string, from: string) => boolean,
): string[] {
  return [...graph].flatMap(([from, tos]) =>
    where(from) ? tos.filter((to) => forbidden(to, from)).map((to) => `${from} → ${to}`) : [],
  );
}
