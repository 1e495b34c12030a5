import { describe, expect, it } from 'vitest';
import { WEBSITE_PLAN_KINDS } from './api/rules';
import { ToolOpSchema } from './ipc/inputs';
import { OP_KINDS } from './ipc/views';
import {
  jobLabel,
  LISTED_TOOLS,
  toolLabel,
  toolNeedsWebsitePlan,
  TOOLS,
  type ToolKind,
} from './tools';

const KINDS = ToolOpSchema.options.map((o) => o.shape.kind.value) as ToolKind[];

describe('the tools', () => {
  it('has one entry for every kind a tool may run, keyed by its kind', () => {
    expect(Object.keys(TOOLS).sort()).toEqual([...KINDS].sort());
    for (const kind of KINDS) expect(TOOLS[kind].kind).toBe(kind);
  });

  it('lists the service operations in the Tools column order, each label once', () => {
    expect(LISTED_TOOLS.map((t) => t.kind)).toEqual([...OP_KINDS]);
    const labels = Object.values(TOOLS).map((t) => t.label.message);
    expect(new Set(labels).size).toBe(labels.length);
    // Messages of the shared catalog, by the tool's kind.
    expect(toolLabel('retopo')).toEqual({ id: 'tool.retopo', message: 'Quad remesh' });
    for (const tool of Object.values(TOOLS)) {
      expect(tool.label.id).toBe(`tool.${tool.kind}`);
      expect(tool.summary.id).toBe(`tool.${tool.kind}.summary`);
    }
  });

  it('names a job with its parameters, the way Activity shows it', () => {
    expect(jobLabel({ kind: 'export', format: 'fbx' })).toBe('Export (fbx)');
    expect(jobLabel({ kind: 'export' })).toBe('Export (glb)');
    expect(jobLabel({ kind: 'print' })).toBe('Print file (stl)');
    expect(jobLabel({ kind: 'retopo' })).toBe('Quad remesh');
    expect(jobLabel({ kind: 'rig', rigKind: 'humanoid' })).toBe('Rig (humanoid)');
    expect(jobLabel({ kind: 'parts' })).toBe('Split into parts');
    expect(jobLabel({ kind: 'gamepack' })).toBe('Game pack (unity)');
    expect(jobLabel({ kind: 'make', maker: 'papercraft' })).toBe('Craft: papercraft');
    expect(jobLabel({ kind: 'compatible' })).toBe('Compatible GLB');
    expect(jobLabel({ kind: 'compatible', compression: 'draco' })).toBe('Compatible GLB (draco)');
  });

  it('takes the website-plan rule from the service rules', () => {
    for (const kind of KINDS) {
      expect(toolNeedsWebsitePlan(kind)).toBe(WEBSITE_PLAN_KINDS.has(kind));
    }
    expect(LISTED_TOOLS.filter((t) => toolNeedsWebsitePlan(t.kind)).map((t) => t.kind)).toEqual([
      'export',
      'print',
      'retopo',
      'gamepack',
    ]);
  });

  it('only Kiln’s own conversion is local (free whatever the price list says)', () => {
    expect(KINDS.filter((k) => TOOLS[k].local)).toEqual(['compatible']);
  });
});
