/**
 * Limits and choices of the IPC contract as plain data, without its schemas: the renderer's first
 * screen reads them (the library's selection count, the export fields), and importing them from
 * the zod schemas that use them would put zod in the page's entry chunk (bench B7).
 */

/** The most models one batch may name, explicitly or through a query. */
export const MAX_BATCH_MODELS = 20_000;

/** Geometry compression of a compatible GLB; `none` is the one every importer reads. */
export const GLB_COMPRESSIONS = ['none', 'draco', 'meshopt'] as const;
/** Longest texture edges a compatible GLB may be downsized to. */
export const COMPATIBLE_TEXTURE_SIZES = [4096, 2048, 1024, 512] as const;
/** Largest size budget of a compatible GLB, in MB. */
export const MAX_SIZE_BUDGET_MB = 2048;
