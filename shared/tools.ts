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
  /**
   * What a job of it is called ("Export (fbx)", "Split into parts"), and with the model it runs
   * on ("Export (fbx) of Teapot"): messages of the shared catalog, their values the op's own.
   */
  readonly jobLabel: (op: Extract<ToolOp, { kind: K }>) => Words;
  readonly jobOf: (op: Extract<ToolOp, { kind: K }>, name: string) => Words;
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
    jobLabel: (op) => /*i18n*/ ({
      id: 'tool.export.job',
      message: 'Export ({format})',
      values: { format: op.format ?? 'glb' },
    }),
    jobOf: (op, name) => /*i18n*/ ({
      id: 'tool.export.jobOf',
      message: 'Export ({format}) of {name}',
      values: { format: op.format ?? 'glb', name },
    }),
    makes: 'file',
    local: false,
  },
  print: {
    kind: 'print',
    label: /*i18n*/ { id: 'tool.print', message: 'Print' },
    summary: /*i18n*/ { id: 'tool.print.summary', message: 'STL or 3MF at a real size' },
    jobLabel: (op) => /*i18n*/ ({
      id: 'tool.print.job',
      message: 'Print file ({format})',
      values: { format: op.format ?? 'stl' },
    }),
    jobOf: (op, name) => /*i18n*/ ({
      id: 'tool.print.jobOf',
      message: 'Print file ({format}) of {name}',
      values: { format: op.format ?? 'stl', name },
    }),
    makes: 'file',
    local: false,
  },
  retopo: {
    kind: 'retopo',
    label: /*i18n*/ { id: 'tool.retopo', message: 'Quad remesh' },
    summary: /*i18n*/ { id: 'tool.retopo.summary', message: 'Clean quads, baked texture' },
    jobLabel: () => /*i18n*/ ({ id: 'tool.retopo.job', message: 'Quad remesh' }),
    jobOf: (_op, name) => /*i18n*/ ({
      id: 'tool.retopo.jobOf',
      message: 'Quad remesh of {name}',
      values: { name },
    }),
    makes: 'file',
    local: false,
  },
  rig: {
    kind: 'rig',
    label: /*i18n*/ { id: 'tool.rig', message: 'Rig' },
    summary: /*i18n*/ { id: 'tool.rig.summary', message: 'Skeleton and clips' },
    jobLabel: (op) => /*i18n*/ ({
      id: 'tool.rig.job',
      message: '{rigKind, select, humanoid {Rig (humanoid)} other {Rig (generic)}}',
      values: { rigKind: op.rigKind },
    }),
    jobOf: (op, name) => /*i18n*/ ({
      id: 'tool.rig.jobOf',
      message:
        '{rigKind, select, humanoid {Rig (humanoid) of {name}} other {Rig (generic) of {name}}}',
      values: { rigKind: op.rigKind, name },
    }),
    makes: 'version',
    local: false,
  },
  parts: {
    kind: 'parts',
    label: /*i18n*/ { id: 'tool.parts', message: 'Parts' },
    summary: /*i18n*/ { id: 'tool.parts.summary', message: 'Split into named parts' },
    jobLabel: () => /*i18n*/ ({ id: 'tool.parts.job', message: 'Split into parts' }),
    jobOf: (_op, name) => /*i18n*/ ({
      id: 'tool.parts.jobOf',
      message: 'Split into parts of {name}',
      values: { name },
    }),
    makes: 'version',
    local: false,
  },
  gamepack: {
    kind: 'gamepack',
    label: /*i18n*/ { id: 'tool.gamepack', message: 'Game pack' },
    summary: /*i18n*/ { id: 'tool.gamepack.summary', message: 'LODs and colliders' },
    jobLabel: (op) => /*i18n*/ ({
      id: 'tool.gamepack.job',
      message: 'Game pack ({engine})',
      values: { engine: op.engine ?? 'unity' },
    }),
    jobOf: (op, name) => /*i18n*/ ({
      id: 'tool.gamepack.jobOf',
      message: 'Game pack ({engine}) of {name}',
      values: { engine: op.engine ?? 'unity', name },
    }),
    makes: 'file',
    local: false,
  },
  make: {
    kind: 'make',
    label: /*i18n*/ { id: 'tool.make', message: 'Makers' },
    summary: /*i18n*/ { id: 'tool.make.summary', message: 'Papercraft and other crafts' },
    jobLabel: (op) => /*i18n*/ ({
      id: 'tool.make.job',
      message: 'Craft: {maker}',
      values: { maker: op.maker },
    }),
    jobOf: (op, name) => /*i18n*/ ({
      id: 'tool.make.jobOf',
      message: 'Craft: {maker} of {name}',
      values: { maker: op.maker, name },
    }),
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
    jobLabel: (op: CompatibleOp) => /*i18n*/ ({
      id: 'tool.compatible.job',
      message:
        '{compression, select, none {Compatible GLB} other {Compatible GLB ({compression})}}',
      values: { compression: op.compression ?? 'none' },
    }),
    jobOf: (op: CompatibleOp, name: string) => /*i18n*/ ({
      id: 'tool.compatible.jobOf',
      message:
        '{compression, select, none {Compatible GLB of {name}} other {Compatible GLB ({compression}) of {name}}}',
      values: { compression: op.compression ?? 'none', name },
    }),
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
 * What a job of `op` is called: "Export (fbx)", "Quad remesh", "Compatible GLB" (words to show
 * with `i18n._`, or `inEnglish` where English is kept: logs, the batch CSV).
 * @example jobLabel({ kind: 'rig', rigKind: 'generic' }) // words of 'Rig (generic)'
 */
export function jobLabel(op: ToolOp): Words {
  return (TABLE[op.kind].jobLabel as (op: ToolOp) => Words)(op);
}

/** What a job of `op` on the model `name` is called: "Quad remesh of Teapot". */
export function jobOf(op: ToolOp, name: string): Words {
  return (TABLE[op.kind].jobOf as (op: ToolOp, name: string) => Words)(op, name);
}

/**
 * The service refuses this tool for a model made on the website without a plan (403
 * `subscription_required`): the service's rule (`shared/api/rules.ts`), asked by kind.
 */
export function toolNeedsWebsitePlan(kind: ToolKind): boolean {
  return needsWebsitePlan('website', kind);
}
