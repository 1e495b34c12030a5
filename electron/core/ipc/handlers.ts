/**
 * The IPC handlers: plain async functions keyed by contract channel. Both transports
 * (Electron's ipcMain and the browser host's WebSocket) call them only through `dispatch`.
 */
import type { Handlers } from '../../../shared/ipc/dispatch';
import type { FileStager } from '../files/file-stager';
import type { JobService } from '../jobs/job-service';
import type { ModelCache } from '../library/model-cache';
import type { Ports } from '../ports';

/** What the handlers need. */
export type HandlerDeps = Readonly<{
  ports: Ports;
  files: FileStager;
  jobs: JobService;
  cache: ModelCache;
}>;

/** Builds the handler table. */
export function createHandlers({ ports, files, jobs, cache }: HandlerDeps): Handlers {
  return {
    'app:info': async () => ({ version: ports.appVersion, mode: ports.connection.mode }),
    'files:stagePath': async ({ path }) => files.stagePath(path),
    'jobs:startPhoto': async ({ fileId, tier, options }) => jobs.startPhoto(fileId, tier, options),
    'jobs:list': async () => jobs.list(),
    'library:model': async ({ modelId }) => {
      const model = await cache.ensure(modelId);
      return {
        modelId,
        name: model.name,
        ...(model.createdAt ? { createdAt: model.createdAt } : {}),
        ...(model.polyCount !== undefined ? { polyCount: model.polyCount } : {}),
        fileUrl: ports.cacheFileUrl(model.file),
      };
    },
  };
}
