/**
 * `.github/renovate.json` proposes the updates that keep Kiln on a supported platform. These
 * checks keep it in step with package.json: an Electron release arrives as one pull request with
 * the builder and the updater, and @types/node stays on the Node line that `engines` names.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

type Rule = {
  groupName?: string;
  matchPackageNames?: string[];
  matchDepNames?: string[];
  allowedVersions?: string;
  separateMajorMinor?: boolean;
};
const renovate = read('.github/renovate.json') as { schedule: string[]; packageRules: Rule[] };
const pkg = read('package.json') as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = { ...pkg.dependencies, ...pkg.devDependencies };

describe('dependency updates (.github/renovate.json)', () => {
  it('runs on a schedule', () => {
    expect(renovate.schedule.length).toBeGreaterThan(0);
  });

  it('brings an Electron release, major included, as one change with its builder and updater', () => {
    const electron = renovate.packageRules.find((r) => r.groupName === 'Electron');
    expect(electron?.matchPackageNames).toEqual(
      expect.arrayContaining(['electron', 'electron-builder', 'electron-updater']),
    );
    // Renovate splits majors from minors even inside a group unless the rule says otherwise.
    expect(electron?.separateMajorMinor).toBe(false);
  });

  it('names only packages that package.json declares', () => {
    for (const rule of renovate.packageRules) {
      for (const name of [...(rule.matchPackageNames ?? []), ...(rule.matchDepNames ?? [])]) {
        expect(
          declared[name],
          `${name} in "${rule.groupName ?? rule.allowedVersions}"`,
        ).toBeDefined();
      }
    }
  });

  it('keeps @types/node on the Node line that engines names', () => {
    const line = Number(/^>=\s*(\d+)/.exec(pkg.engines.node)?.[1]);
    const types = renovate.packageRules.find((r) => r.matchPackageNames?.includes('@types/node'));
    expect(types?.allowedVersions).toBe(`<${line + 1}`);
    expect(declared['@types/node']).toMatch(new RegExp(`^[~^]?${line}\\.`));
  });

  it('keeps the TypeScript library below 7, which has no JavaScript API for typescript-eslint', () => {
    const library = renovate.packageRules.find(
      (r) => r.matchDepNames?.includes('typescript') && r.allowedVersions,
    );
    expect(library?.allowedVersions).toBe('<7');
    expect(declared['typescript-native']).toMatch(/^npm:typescript@[~^]?7\./);
  });
});
