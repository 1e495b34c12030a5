/**
 * Batches as the page sees them: the batch form opened on a selection of library models, its
 * quote, and every batch kept current by `batch.updated` events, with pause, resume and cancel.
 */
import type {
  BatchQuoteInput,
  BatchQuoteView,
  BatchStartInput,
  BatchView,
  ModelSelection,
} from '../../../../shared/ipc/contract';
import type { SliceCreator } from '../../store/slice';

/** Batch state and actions. */
export interface BatchSlice {
  /** Newest first. */
  batches: BatchView[];
  /** The models the batch form is open on; null while it is closed. */
  batchSelection: ModelSelection | null;
  /** Opens the batch form on `selection` (the library's "Run a tool on N…", a family's versions). */
  openBatch(selection: ModelSelection): void;
  closeBatch(): void;
  loadBatches(): Promise<void>;
  upsertBatch(batch: BatchView): void;
  /** One price first; nothing is sent. @throws KilnError with a sentence */
  quoteBatch(input: BatchQuoteInput): Promise<BatchQuoteView>;
  /** @throws KilnError with a sentence */
  startBatch(input: BatchStartInput): Promise<BatchView>;
  pauseBatch(batchId: string): Promise<void>;
  resumeBatch(batchId: string): Promise<void>;
  cancelBatch(batchId: string): Promise<void>;
}

const newestFirst = (a: BatchView, b: BatchView) => b.createdAt - a.createdAt;

/** Creates the batch slice. */
export const createBatchSlice: SliceCreator<BatchSlice> = (set, get, bridge) => ({
  batches: [],
  batchSelection: null,
  openBatch: (batchSelection) => set({ batchSelection }),
  closeBatch: () => set({ batchSelection: null }),
  async loadBatches() {
    const batches = await bridge['batch:list'](undefined);
    set({ batches: [...batches].sort(newestFirst) });
  },
  upsertBatch(batch) {
    const others = get().batches.filter((b) => b.id !== batch.id);
    set({ batches: [batch, ...others].sort(newestFirst) });
  },
  quoteBatch: (input) => bridge['batch:quote'](input),
  async startBatch(input) {
    const batch = await bridge['batch:start'](input);
    get().upsertBatch(batch);
    return batch;
  },
  async pauseBatch(batchId) {
    get().upsertBatch(await bridge['batch:pause']({ batchId }));
  },
  async resumeBatch(batchId) {
    get().upsertBatch(await bridge['batch:resume']({ batchId }));
  },
  async cancelBatch(batchId) {
    get().upsertBatch(await bridge['batch:cancel']({ batchId }));
  },
});
