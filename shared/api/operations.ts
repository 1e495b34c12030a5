/**
 * Price-list operation ids: how Kiln names each paid (or free) call, in the main process (ledger,
 * price book) and in the renderer (cost before spending). One place builds them so a cost preview
 * and the charge it predicts always look up the same row.
 */
import { MODEL_TIERS, type ModelTier } from './rules';

/** Generation routes that have a model version (tier). */
export type TieredGeneration = 'photo' | 'multi' | 'text';

/** `generate.photo.fast`, `generate.multi.ultra`, `generate.text.quality`, … */
export function generationOperation(kind: TieredGeneration, tier: ModelTier): string {
  return `generate.${kind}.${tier}`;
}

/** A text prompt to a concept picture. */
export const IMAGINE_OPERATION = 'text.imagine';
/** A model painted anew from a photo. */
export const RETEXTURE_OPERATION = 'retexture';

/**
 * Kiln's own compatible-GLB conversion: not a call of the service, so never in its price list,
 * and always free.
 */
export const COMPATIBLE_OPERATION = 'local.compatible';

/** True for an operation Kiln runs itself (free, whatever the price list says). */
export function isLocalOperation(operation: string): boolean {
  return operation.startsWith('local.');
}

/** The operation id of a post-processing call: its kind, or `make.<maker>` for a maker. */
export function postOperation(op: { kind: string; maker?: string }): string {
  if (op.kind === 'compatible') return COMPATIBLE_OPERATION;
  return op.kind === 'make' ? `make.${op.maker ?? ''}` : op.kind;
}

/** Post-processing kinds priced by their own name. */
const POST_KINDS = ['export', 'print', 'retopo', 'rig', 'parts', 'gamepack'] as const;

/** Every operation id Kiln knows, with the given makers (at least papercraft). */
export function knownOperations(makers: readonly string[] = ['papercraft']): string[] {
  return [
    ...(['photo', 'multi', 'text'] as const).flatMap((kind) =>
      MODEL_TIERS.map((tier) => generationOperation(kind, tier)),
    ),
    IMAGINE_OPERATION,
    RETEXTURE_OPERATION,
    ...POST_KINDS,
    ...makers.map((maker) => postOperation({ kind: 'make', maker })),
  ];
}
