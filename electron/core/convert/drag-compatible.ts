/**
 * Drag-out as a compatible GLB, when the user sets it in Settings: the desktop app's OS drag
 * must begin synchronously, while the mouse is down, so the file it carries has to exist before
 * the drag starts. It is made when the model opens (and when its drag handle asks for it), with
 * the most compatible options (no compression, textures as they are), and kept in the model cache
 * beside the model: counted in the cache's size, evicted and cleared with it.
 */
import { readFile, stat } from 'node:fs/promises';
import type { ModelCache } from '../library/model-cache';
import type { Logger } from '../ports';
import type { Converter } from './converter';

/** Options of {@link DragCompatible}. */
export type DragCompatibleOptions = Readonly<{
  cache: Pick<ModelCache, 'ensure' | 'pathOf' | 'putCompatible'>;
  converter: Pick<Converter, 'convert'>;
  logger: Logger;
}>;

/** The compatible GLBs drag-out carries. */
export class DragCompatible {
  readonly #o: DragCompatibleOptions;
  readonly #inFlight = new Map<string, Promise<string>>();

  constructor(options: DragCompatibleOptions) {
    this.#o = options;
  }

  /**
   * The path of the model's compatible GLB, made first if needed; concurrent calls share one
   * conversion.
   * @throws ConvertError (a sentence for the user) or the model's download error
   */
  prepare(modelId: string): Promise<string> {
    const running = this.#inFlight.get(modelId);
    if (running) return running;
    const work = this.#prepare(modelId).finally(() => this.#inFlight.delete(modelId));
    this.#inFlight.set(modelId, work);
    return work;
  }

  /** Starts {@link prepare} without waiting; a failure is logged (the drag then says why). */
  prepareSoon(modelId: string): void {
    this.prepare(modelId).catch((error: unknown) =>
      this.#o.logger.warn('compatible GLB for drag-out not made', {
        code: (error as { code?: string }).code,
        error: String(error),
      }),
    );
  }

  async #prepare(modelId: string): Promise<string> {
    const entry = await this.#o.cache.ensure(modelId);
    if (entry.compatible) {
      const made = this.#o.cache.pathOf(entry.compatible);
      if ((await stat(made).catch(() => undefined))?.isFile()) return made;
    }
    const { glb } = await this.#o.converter.convert(await readFile(this.#o.cache.pathOf(entry)));
    const kept = await this.#o.cache.putCompatible(modelId, glb);
    if (!kept?.compatible) throw new Error('the model left the cache during its conversion');
    return this.#o.cache.pathOf(kept.compatible);
  }
}
