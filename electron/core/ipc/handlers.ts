/**
 * The IPC handlers: plain async functions keyed by contract channel. Both transports
 * (Electron's ipcMain and the browser host's WebSocket) call them only through `dispatch`.
 * None of them returns the API key: key channels answer with its masked state only.
 */
import type { LibraryRow } from '../../../shared/api/schemas';
import type { LibraryItemView } from '../../../shared/ipc/contract';
import type { Handlers } from '../../../shared/ipc/dispatch';
import { KilnError } from '../../../shared/ipc/errors';
import type { AccountService } from '../account/account-service';
import type { ApiClient } from '../api/client';
import type { SwitchableConnection } from '../connection';
import type { DesktopFiles } from '../desktop/desktop-files';
import type { FileStager } from '../files/file-stager';
import type { JobService } from '../jobs/job-service';
import type { ConceptService } from '../library/concept-service';
import type { ModelCache } from '../library/model-cache';
import type { Ports } from '../ports';
import type { KeyService } from '../secrets/key-service';
import type { SettingsService } from '../settings/settings-service';

/** What the handlers need. */
export type HandlerDeps = Readonly<{
  ports: Ports;
  api: ApiClient;
  files: FileStager;
  jobs: JobService;
  cache: ModelCache;
  account: AccountService;
  concepts: ConceptService;
  keys: KeyService;
  settings: SettingsService;
  connection: SwitchableConnection;
  desktop: DesktopFiles;
}>;

/** Refuses to change the connection while a paid call is on its way. */
function notWhileSending(jobs: JobService): void {
  const n = jobs.busy();
  if (n > 0) {
    throw new KilnError(
      'busy',
      `Kiln is sending ${n} paid request${n > 1 ? 's' : ''} right now. Try again in a few seconds, once ${n > 1 ? 'they have' : 'it has'} been answered.`,
    );
  }
}

function libraryItem(row: LibraryRow): LibraryItemView {
  return {
    modelId: row.model_id,
    ...(row.name !== undefined ? { name: row.name } : {}),
    ...(row.created_at !== undefined ? { createdAt: row.created_at } : {}),
    ...(row.poly_count !== undefined ? { polyCount: row.poly_count } : {}),
    ...(row.root_id !== undefined ? { rootId: row.root_id } : {}),
    ...(row.parent_id !== undefined ? { parentId: row.parent_id } : {}),
    ...(row.version !== undefined ? { version: row.version } : {}),
    ...(row.versions_count !== undefined ? { versionsCount: row.versions_count } : {}),
    ...(row.kind !== undefined ? { kind: row.kind } : {}),
    ...(row.source !== undefined ? { source: row.source } : {}),
    ...(row.published !== undefined ? { published: row.published } : {}),
    ...(row.favourite !== undefined ? { favourite: row.favourite } : {}),
  };
}

/** Builds the handler table. */
export function createHandlers(d: HandlerDeps): Handlers {
  const { ports, jobs, account, keys, settings } = d;
  return {
    'app:info': async () => ({ version: ports.appVersion, mode: d.connection.mode }),
    'files:stagePath': async ({ path }) => d.files.stagePath(path),
    'jobs:startPhoto': async ({ fileId, tier, options }) => jobs.startPhoto(fileId, tier, options),
    'jobs:startMulti': async ({ fileIds, tier, options }) =>
      jobs.startMulti(fileIds, tier, options),
    'jobs:startText': async ({ conceptId, tier, options, label }) =>
      jobs.startText(conceptId, tier, options, label),
    'jobs:retexture': async ({ modelId, fileId, textureSize, seed }) =>
      jobs.retexture(modelId, fileId, {
        ...(textureSize !== undefined ? { textureSize } : {}),
        ...(seed !== undefined ? { seed } : {}),
      }),
    'jobs:list': async () => jobs.list(),
    'jobs:cancel': async ({ jobId }) => jobs.cancel(jobId),
    'jobs:retry': async ({ jobId }) => jobs.retry(jobId),
    'jobs:resolveUnknown': async ({ jobId, resolution }) => jobs.resolveUnknown(jobId, resolution),
    'concepts:imagine': async ({ prompt, style }) => d.concepts.imagine(prompt, style),
    'ops:run': async ({ modelId, op, folder }) => jobs.runOp(modelId, op, folder),
    'library:list': async (input) => {
      const page = await d.api.library(input ?? {});
      return {
        items: page.items.map(libraryItem),
        page: 'page' in page && page.page !== undefined ? page.page : (input?.page ?? 1),
        limit: 'limit' in page && page.limit !== undefined ? page.limit : (input?.limit ?? 50),
        ...('total' in page && page.total !== undefined ? { total: page.total } : {}),
        ...('pages' in page && page.pages !== undefined ? { pages: page.pages } : {}),
      };
    },
    'library:model': async ({ modelId }) => {
      const model = await d.cache.ensure(modelId);
      return {
        modelId,
        name: model.name,
        ...(model.createdAt ? { createdAt: model.createdAt } : {}),
        ...(model.polyCount !== undefined ? { polyCount: model.polyCount } : {}),
        fileUrl: ports.cacheFileUrl(model.file),
      };
    },
    'account:balance': async () => account.refresh(),
    'account:prices': async () => account.prices(true),
    'account:ledger': async () => account.ledger(),
    'keys:get': async () => keys.state(),
    'keys:set': async ({ key }) => {
      notWhileSending(jobs);
      return keys.set(key);
    },
    'keys:test': async (input) => keys.test(input?.key),
    'keys:remove': async () => {
      notWhileSending(jobs);
      return keys.remove();
    },
    'settings:get': async () => settings.get(),
    'settings:set': async (patch) => {
      if (patch.baseUrl !== undefined && patch.baseUrl !== settings.get().baseUrl) {
        notWhileSending(jobs);
      }
      return settings.set(patch);
    },
    'files:dragSource': async (ref) => d.desktop.dragSource(ref),
    'files:showInFolder': async (ref) => d.desktop.showInFolder(ref),
    'app:takeOpenRequests': async () => d.desktop.takeOpenRequests(),
  };
}
