/**
 * Every tool of Kiln, once: its kind, the label people read, what a job of it is called, what it
 * makes, whether Kiln runs it itself (free) or the service prices it, the website-plan rule (its fields are
 * the contract's `OpSchema`). The tool list, the batch form, the library detail, the sandbox's failure switches
 * and Activity's words all derive from this table (design.md §9), so adding a tool is one entry
 * here (and its form).
 */
import { needsWebsitePlan } from './api/rules';
import type { CompatibleOp, ToolOp } from './ipc/inputs';
import { OP_KINDS, type OpKind } from './jobs';
import type { Words } from './words';

/** What a tool runs, by kind: a service operation or Kiln's own conversion. */
export type ToolKind = ToolOp['kind'];

/** The facts about one tool. */
export interface ToolFacts<K extends ToolKind = ToolKind> {
  readonly kind: K;
  /** Its name in lists and headings ("Quad remesh"): a message of the shared catalog. */
  readonly label: Words;
  /** One line under the label in the Tools column (a message too). */
  readonly summary: Words;
  /** What a job of it is called in Activity and a batch: "Export (fbx)", "Split into parts". */
  readonly jobLabel: (op: Extract<ToolOp, { kind: K }>) => string;
  /** Its result: a file saved on disk, or a new version of the model in the library. */
  readonly makes: 'file' | 'version';
  /**
   * Kiln runs it on this computer: free, whatever the price list says. Every other tool is
   * priced by the service's price list (`postOperation` names its row).
   */
  readonly local: boolean;
}

const TABLE: { readonly [K in ToolKind]: ToolFacts<K> } = {
  export: {
    kind: 'export',
    label: /*i18n*/ { id: 'tool.export', message: 'Export' },
    summary: /*i18n*/ { id: 'tool.export.summary', message: 'GLB, FBX, OBJ, USDZ, STL' },
    jobLabel: (op) => `Export (${op.format ?? 'glb'})`,
    makes: 'file',
    local: false,
  },
  print: {
    kind: 'print',
    label: /*i18n*/ { id: 'tool.print', message: 'Print' },
    summary: /*i18n*/ { id: 'tool.print.summary', message: 'STL or 3MF at a real size' },
    jobLabel: (op) => `Print file (${op.format ?? 'stl'})`,
    makes: 'file',
    local: false,
  },
  retopo: {
    kind: 'retopo',
    label: /*i18n*/ { id: 'tool.retopo', message: 'Quad remesh' },
    summary: /*i18n*/ { id: 'tool.retopo.summary', message: 'Clean quads, baked texture' },
    jobLabel: () => 'Quad remesh',
    makes: 'file',
    local: false,
  },
  rig: {
    kind: 'rig',
    label: /*i18n*/ { id: 'tool.rig', message: 'Rig' },
    summary: /*i18n*/ { id: 'tool.rig.summary', message: 'Skeleton and clips' },
    jobLabel: (op) => `Rig (${op.rigKind})`,
    makes: 'version',
    local: false,
  },
  parts: {
    kind: 'parts',
    label: /*i18n*/ { id: 'tool.parts', message: 'Parts' },
    summary: /*i18n*/ { id: 'tool.parts.summary', message: 'Split into named parts' },
    jobLabel: () => 'Split into parts',
    makes: 'version',
    local: false,
  },
  gamepack: {
    kind: 'gamepack',
    label: /*i18n*/ { id: 'tool.gamepack', message: 'Game pack' },
    summary: /*i18n*/ { id: 'tool.gamepack.summary', message: 'LODs and colliders' },
    jobLabel: (op) => `Game pack (${op.engine ?? 'unity'})`,
    makes: 'file',
    local: false,
  },
  make: {
    kind: 'make',
    label: /*i18n*/ { id: 'tool.make', message: 'Makers' },
    summary: /*i18n*/ { id: 'tool.make.summary', message: 'Papercraft and other crafts' },
    jobLabel: (op) => `Craft: ${op.maker}`,
    makes: 'file',
    local: false,
  },
  compatible: {
    kind: 'compatible',
    label: /*i18n*/ { id: 'tool.compatible', message: 'Compatible GLB' },
    summary: /*i18n*/ {
      id: 'tool.compatible.summary',
      message: 'PNG/JPEG textures, optional compression',
    },
    jobLabel: (op: CompatibleOp) =>
      `Compatible GLB${op.compression && op.compression !== 'none' ? ` (${op.compression})` : ''}`,
    makes: 'file',
    local: true,
  },
};

/** One tool of the Tools column, whichever it is. */
export type ListedTool = { [K in OpKind]: ToolFacts<K> }[OpKind];

/** Every tool, by kind. */
export const TOOLS: { readonly [K in ToolKind]: ToolFacts<K> } = TABLE;

/**
 * The tools a model offers, in the order the Tools column, the library detail and the batch form
 * show them: the service's post-processing operations (the compatible GLB is a format of Export).
 */
export const LISTED_TOOLS: readonly ListedTool[] = OP_KINDS.map((kind): ListedTool => TABLE[kind]);

/** The label of a tool ("Quad remesh"), to show with `i18n._`. */
export function toolLabel(kind: ToolKind): Words {
  return TABLE[kind].label;
}

/**
 * What a job of `op` is called: "Export (fbx)", "Quad remesh", "Compatible GLB".
 * @example jobLabel({ kind: 'rig', rigKind: 'generic' }) // 'Rig (generic)'
 */
export function jobLabel(op: ToolOp): string {
  return (TABLE[op.kind].jobLabel as (op: ToolOp) => string)(op);
}

/**
 * The service refuses this tool for a model made on the website without a plan (403
 * `subscription_required`): the service's rule (`shared/api/rules.ts`), asked by kind.
 */
export function toolNeedsWebsitePlan(kind: ToolKind): boolean {
  return needsWebsitePlan('website', kind);
}
