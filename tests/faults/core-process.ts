/**
 * Kiln's core as a process of its own, for the fault suite's real kills (`batch-kill.test.ts`):
 * the real `createServices` on a data folder, talking over real HTTP to the service at `baseUrl`
 * with a key. The test kills it with SIGKILL at the moments it picks and starts it again on the
 * same folder, so nothing of a life survives but what that life wrote to disk.
 *
 * Started as `node --import tsx tests/faults/core-process.ts '<json>'` with a {@link CoreConfig};
 * it writes one JSON line per event to stdout: `{"type":"ready"}` once the core has resumed, and
 * `{"type":"batch","batch":…}` for each `batch.updated`. With `start`, and no batch journaled yet,
 * it starts one batch of `start.op` on `start.ids`; with `reads`, it browses the library at once.
 *
 * Its clock runs `scale` times faster than the wall clock, from `epoch`: the test gives the
 * sandbox the same clock, so both agree on every instant while a minute of the service's time
 * passes in `60 / scale` seconds.
 */
import type { EventName } from '../../shared/ipc/channels';
import type { EventPayload, ToolOp } from '../../shared/ipc/contract';
import { createServices } from '../../electron/core/services';
import { testPorts } from '../../electron/core/testing/harness';
import { scaledClock } from './scaled-clock';

/** What the test passes to one life of the core. */
export interface CoreConfig {
  dataDir: string;
  exportDir: string;
  baseUrl: string;
  key: string;
  epoch: number;
  scale: number;
  start?: { ids: string[]; op: ToolOp; folder: string };
  /**
   * Library pages the user browses as soon as this life is up (each its own search, so each is a
   * request): with the batch's polls and downloads, a restart loop presses on the key's budget.
   */
  reads?: number;
}

const config = JSON.parse(process.argv[2]!) as CoreConfig;
const clock = scaledClock(config.epoch, config.scale);
const say = (line: object): void => void process.stdout.write(`${JSON.stringify(line)}\n`);

const { ports } = testPorts({
  dataDir: config.dataDir,
  baseUrl: config.baseUrl,
  key: config.key,
  clock,
  exportDir: config.exportDir,
});
const record = ports.emit;
const emit = <E extends EventName>(event: E, payload: EventPayload<E>): void => {
  record(event, payload);
  if (event === 'batch.updated') say({ type: 'batch', batch: payload });
};
const services = await createServices(
  { ...ports, emit },
  { pollTiming: { first: 200, factor: 1.5, cap: 2000, errorCap: 2000, near: 200 } },
);
if (config.start && services.batches.list().length === 0) {
  await services.batches.start({
    selection: { kind: 'ids', ids: config.start.ids },
    op: config.start.op,
    folder: config.start.folder,
  });
}
for (let i = 0; i < (config.reads ?? 0); i++) {
  services.handlers['library:list']({ search: `browse ${i}`, limit: 10 }).catch(() => undefined);
}
say({ type: 'ready' });
