import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { ToolOp } from './ipc/inputs';
import type { Words } from './words';
import { WEBSITE_PLAN_KINDS } from './api/rules';
import { ToolOpSchema } from './ipc/inputs';
import { OP_KINDS } from './ipc/views';
import {
  jobLabel,
  jobOf,
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
    const say = (words: Words) => i18n._(words);
    expect(say(jobLabel({ kind: 'export', format: 'fbx' }))).toBe('Export (fbx)');
    expect(say(jobLabel({ kind: 'export' }))).toBe('Export (glb)');
    expect(say(jobLabel({ kind: 'print' }))).toBe('Print file (stl)');
    expect(say(jobLabel({ kind: 'retopo' }))).toBe('Quad remesh');
    expect(say(jobLabel({ kind: 'rig', rigKind: 'humanoid' }))).toBe('Rig (humanoid)');
    expect(say(jobLabel({ kind: 'parts' }))).toBe('Split into parts');
    expect(say(jobLabel({ kind: 'gamepack' }))).toBe('Game pack (unity)');
    expect(say(jobLabel({ kind: 'make', maker: 'papercraft' }))).toBe('Craft: papercraft');
    expect(say(jobLabel({ kind: 'compatible' }))).toBe('Compatible GLB');
    expect(say(jobLabel({ kind: 'compatible', compression: 'draco' }))).toBe(
      'Compatible GLB (draco)',
    );
    // With the model it runs on: one message each, so a language can put the name first.
    for (const tool of Object.values(TOOLS)) {
      const op = { kind: tool.kind, rigKind: 'generic', maker: 'papercraft' } as ToolOp;
      expect(say(jobOf(op, 'Teapot'))).toBe(`${say(jobLabel(op))} of Teapot`);
    }
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
