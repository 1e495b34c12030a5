/**
 * The IPC handlers: plain async functions keyed by contract channel. Both transports
 * (Electron's ipcMain and the browser host's WebSocket) call them only through `dispatch`.
 * None of them returns the API key: key channels answer with its masked state only.
 */
import type { Handlers } from '../../../shared/ipc/dispatch';
import { KilnError } from '../../../shared/ipc/errors';
import type { AccountService } from '../account/account-service';
import type { ApiClient } from '../api/client';
import type { SwitchableConnection } from '../connection';
import type { DesktopFiles } from '../desktop/desktop-files';
import type { FileStager } from '../files/file-stager';
import type { Recordings } from '../files/recordings';
import { previewSavedResult } from '../files/saved-preview';
import type { JobService } from '../jobs/job-service';
import type { ConceptService } from '../library/concept-service';
import type { LibraryService } from '../library/library-service';
import type { ModelCache } from '../library/model-cache';
import type { Ports } from '../ports';
import type { KeyService } from '../secrets/key-service';
import type { SettingsService } from '../settings/settings-service';
import type { BatchService } from '../batch/batch-service';
import type { AppNotices } from '../diagnostics/app-notices';
import type { UpdateService } from '../update/update-service';

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
  library: LibraryService;
  batches: BatchService;
  desktop: DesktopFiles;
  updates: UpdateService;
  notices: AppNotices;
  recordings: Recordings;
}>;

/**
 * Changes the connection: refused while a paid call is on its way, and no paid call leaves while
 * the change is being made (it waits at its last step, then follows the new connection).
 */
async function changeConnection<T>(jobs: JobService, change: () => Promise<T>): Promise<T> {
  const n = jobs.busy();
  if (n > 0) {
    throw new KilnError(
      'busy',
      `Kiln is sending ${n} paid request${n > 1 ? 's' : ''} right now. Try again in a few seconds, once ${n > 1 ? 'they have' : 'it has'} been answered.`,
    );
  }
  const release = jobs.holdPaidCalls();
  try {
    return await change();
  } finally {
    release();
  }
}

/** Builds the handler table. */
export function createHandlers(d: HandlerDeps): Handlers {
  const { ports, jobs, account, keys, settings } = d;
  return {
    'app:info': async () => ({
      version: ports.appVersion,
      mode: d.connection.mode,
      canChooseFolder: ports.chooseFolder !== undefined,
      ...(ports.systemLanguages ? { systemLanguages: [...ports.systemLanguages()] } : {}),
    }),
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
    'batch:quote': async (input) => d.batches.quote(input),
    'batch:start': async (input) => d.batches.start(input),
    'batch:pause': async ({ batchId }) => d.batches.pause(batchId),
    'batch:resume': async ({ batchId }) => d.batches.resume(batchId),
    'batch:cancel': async ({ batchId }) => d.batches.cancel(batchId),
    'batch:list': async () => d.batches.list(),
    'ops:repeat': async ({ modelId, op }) => jobs.repeatOf(modelId, op),
    'sandbox:buildFailures': async () => ({ shares: await d.api.sandboxBuildFailures() }),
    'sandbox:setBuildFailures': async ({ shares }) => ({
      shares: await d.api.sandboxBuildFailures(shares),
    }),
    'library:list': async (input) => d.library.list(input ?? {}),
    'library:model': async ({ modelId }) => {
      // The user waits to see it: it goes before thumbnails and polls.
      const model = await d.cache.ensure(modelId, 'user');
      d.desktop.modelOpened(modelId);
      return {
        modelId,
        name: model.name,
        ...(model.createdAt ? { createdAt: model.createdAt } : {}),
        ...(model.polyCount !== undefined ? { polyCount: model.polyCount } : {}),
        ...(model.source ? { source: model.source } : {}),
        fileUrl: ports.cacheFileUrl(model.file),
      };
    },
    'account:balance': async () => account.refresh(),
    'account:prices': async () => account.prices(true),
    'account:ledger': async (filter) => account.ledger(filter ?? {}),
    'keys:get': async () => keys.state(),
    'keys:set': async ({ key, name, id }) =>
      changeConnection(jobs, () =>
        keys.set(key, { ...(name ? { name } : {}), ...(id ? { id } : {}) }),
      ),
    'keys:test': async (input) => keys.test(input?.key, input?.id),
    'keys:remove': async (input) => changeConnection(jobs, () => keys.remove(input?.id)),
    'settings:get': async () => settings.get(),
    'settings:set': async (patch) =>
      patch.baseUrl !== undefined && patch.baseUrl !== settings.get().baseUrl
        ? changeConnection(jobs, () => settings.set(patch))
        : settings.set(patch),
    'keys:confirmOrigin': async ({ id }) => changeConnection(jobs, () => keys.confirmOrigin(id)),
    'keys:activate': async ({ id }) => changeConnection(jobs, () => keys.activate(id)),
    'account:exportLedger': async (filter) =>
      account.exportLedger(filter ?? {}, settings.get().exportDir),
    'app:openExternal': async ({ url }) => {
      // Only pages of the platform bound to the key (or the one Kiln was started with): a page
      // setting alone can launch nothing.
      if (!keys.platformOrigins().includes(new URL(url).origin)) {
        throw new KilnError(
          'not_platform',
          'Kiln opens only pages of the platform confirmed with your key (Account → Keys).',
        );
      }
      return (await ports.openExternal?.(url)) ?? false;
    },
    'files:chooseFolder': async () => {
      if (!ports.chooseFolder) {
        throw new KilnError(
          'not_available',
          'This window cannot open a folder picker: type the folder’s full path instead.',
        );
      }
      const chosen = await ports.chooseFolder();
      return chosen ? { path: chosen } : {};
    },
    'ops:preview': async ({ jobId }) =>
      previewSavedResult(
        { jobs: () => jobs.list(), paths: ports.paths, cacheFileUrl: ports.cacheFileUrl },
        jobId,
      ),
    'library:versions': async (input) => d.library.versions(input),
    'library:thumbnail': async ({ modelId }) => d.library.thumbnail(modelId),
    'library:thumbnailsInView': async ({ modelIds }) => ({
      cancelled: d.library.thumbnailsInView(modelIds),
    }),
    'library:cacheInfo': async () => d.library.cacheInfo(),
    // A photo a job has not sent yet stays (the upload is what it will send).
    'library:clearCache': async () => d.library.clearCache({ keepUploads: jobs.holdsUploads() }),
    'files:dragSource': async (ref) => d.desktop.dragSource(ref),
    'files:showInFolder': async (ref) => d.desktop.showInFolder(ref),
    'app:takeOpenRequests': async () => d.desktop.takeOpenRequests(),
    'updates:get': async () => d.updates.view(),
    'updates:check': async () => d.updates.check(),
    'updates:install': async ({ when }) => d.updates.install(when),
    'app:takeNotices': async () => d.notices.take(),
    'recordings:start': async ({ fileName, folder }) => d.recordings.start(fileName, folder),
    'recordings:append': async ({ recordingId, data }) => d.recordings.append(recordingId, data),
    'recordings:finish': async ({ recordingId }) => d.recordings.finish(recordingId),
    'recordings:cancel': async ({ recordingId }) => {
      await d.recordings.cancel(recordingId);
      return {};
    },
  };
}
