/**
 * The health worker: the check runs here, off the main thread, so a million-triangle model never
 * stalls the viewer. It keeps the last model's cleaned surface and BVH, so asking again at
 * another print size only casts the rays.
 */
import type { HealthIssue, HealthRequest, HealthResponse, HealthStage } from './health-types';
import { analyseHealth } from './mesh-health';
import { analysePrint, printBasis, type PrintBasis } from './printability';
import type { SolidMesh } from './mesh-health';

let solid: SolidMesh | null = null;
let basis: PrintBasis | null = null;

const post = (message: HealthResponse, transfer: Transferable[] = []) =>
  (self as unknown as Worker).postMessage(message, transfer);

/** The issues' geometry moves to the page rather than being copied there (megabytes of it). */
const geometryOf = (issues: readonly HealthIssue[]): Transferable[] =>
  issues.flatMap((i) => [i.segments?.buffer, i.faces?.buffer]).filter((b) => b !== undefined);

self.onmessage = (event: MessageEvent<HealthRequest>) => {
  const request = event.data;
  const progress = (stage: HealthStage, done: number) =>
    post({ type: 'progress', id: request.id, stage, done });
  try {
    if (request.type === 'analyse') {
      const result = analyseHealth(request.input, progress);
      solid = result.solid;
      basis = null;
      post(
        { type: 'report', id: request.id, report: result.report },
        geometryOf(result.report.issues),
      );
      return;
    }
    if (!solid) throw new Error('no model has been checked yet');
    if (!basis) {
      progress('indexing', 0);
      basis = printBasis(solid);
    }
    progress('measuring', 0.5);
    const report = analysePrint(basis, request.options);
    post({ type: 'print', id: request.id, report }, [
      report.overlay.positions.buffer,
      report.overlay.colors.buffer,
      ...geometryOf(report.issues),
    ]);
  } catch (error) {
    post({ type: 'error', id: request.id, message: (error as Error).message || String(error) });
  }
};
