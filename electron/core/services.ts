/**
 * `createServices(ports)`: the one wiring function of the core. Electron's main process and the
 * browser host call it with their own ports and serve the returned handlers over their transport.
 */
import { atomicWritesSettled } from './util/fs-atomic';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Handlers } from '../../shared/ipc/dispatch';
import { jobLabel } from '../../shared/tools';
import { inEnglish } from './i18n/english';
import { AccountService } from './account/account-service';
import { BatchJournal } from './batch/batch-journal';
import { BatchService } from './batch/batch-service';
import { Ledger } from './account/ledger';
import { SwitchableConnection } from './connection';
import { Converter } from './convert/converter';
import { DragCompatible } from './convert/drag-compatible';
import { FileStager } from './files/file-stager';
import { Recordings } from './files/recordings';
import { DesktopFiles } from './desktop/desktop-files';
import { LocalModels } from './desktop/local-models';
import { RecentFiles } from './desktop/recent-files';
import { createHandlers } from './ipc/handlers';
import { JobJournal } from './jobs/job-journal';
import { JobService } from './jobs/job-service';
import type { PollTiming } from './jobs/poll-delay';
import { ConceptService } from './library/concept-service';
import { ImageCache } from './library/image-cache';
import { LibraryService } from './library/library-service';
import { ModelCache } from './library/model-cache';
import { ThumbnailCache } from './library/thumbnail-cache';
import type { Ports } from './ports';
import { BudgetFile } from './schedule/budget-file';
import { RequestScheduler, type SchedulerEvent } from './schedule/request-scheduler';
import { KeyService } from './secrets/key-service';
import { Session } from './session';
import { SettingsService, originOf } from './settings/settings-service';
import { AppNotices } from './diagnostics/app-notices';
import { UpdateService } from './update/update-service';
import { InFlight } from './util/in-flight';

/** The running core. */
export interface Services {
  readonly handlers: Handlers;
  readonly files: FileStager;
  readonly jobs: JobService;
  /** Batches: one tool on many library models. */
  readonly batches: BatchService;
  readonly account: AccountService;
  readonly keys: KeyService;
  readonly settings: SettingsService;
  readonly connection: SwitchableConnection;
  /** Every request to the service passes it (diagnostics and tests read its history). */
  readonly scheduler: RequestScheduler;
  /** Drag-out, show in folder, files opened from the desktop. */
  readonly desktop: DesktopFiles;
  /** Files opened with Kiln, newest first (File → Open Recent). */
  readonly recent: RecentFiles;
  /** Kiln's own updates (check, download, install). */
  readonly updates: UpdateService;
  /** Notices the page shows once (a window reloaded after a crash). */
  readonly notices: AppNotices;
  /**
   * Stops timers and writes; everything needed to resume is already on disk. Every download in
   * flight (models, pictures, thumbnails, job results, conversions) is stopped and awaited: once
   * this resolves nothing of the core writes a file again, and partial files are gone. Safe to
   * call again (the same promise).
   */
  close(): Promise<void>;
}

/** Tuning knobs, mostly for tests. */
export type ServiceOptions = Readonly<{
  pollTiming?: PollTiming;
  /** Requests per rolling minute; default the settings' (55, a little under the service's 60). */
  requestBudget?: number;
  /** Per-request timeout in ms (default 30 s; uploads and downloads 180 s). */
  timeoutMs?: number;
  /** Observes the scheduler (tests count sends per window). */
  onSchedulerEvent?: (event: SchedulerEvent) => void;
  /** Keep every send time in the scheduler's history (tests). */
  keepHistory?: boolean;
}>;

/** Builds and starts the core: loads settings, key, ledger and journal, and resumes jobs. */
export async function createServices(
  ports: Ports,
  options: ServiceOptions = {},
): Promise<Services> {
  const { clock, logger, emit, paths } = ports;
  const session = new Session();
  const settings = new SettingsService({
    store: ports.settings,
    defaults: ports.defaults,
    onChange: (next, previous) => session.settingsChanged(next, previous),
  });
  await settings.load();

  // Every download and save runs in it, so close can stop them and wait (util/in-flight.ts).
  const inFlight = new InFlight();
  const budget = options.requestBudget ?? settings.get().requestBudget;
  const scheduler = new RequestScheduler({
    clock,
    budget,
    memory: await BudgetFile.open({ dataDir: paths.data, clock, logger }),
    logger,
    // Polls and downloads keep the budget's pace, in bursts of a fifth of it.
    paceBurst: Math.ceil(budget / 5),
    ...(options.onSchedulerEvent ? { onEvent: options.onSchedulerEvent } : {}),
    ...(options.keepHistory ? { keepHistory: true } : {}),
  });
  const keys = new KeyService({
    secrets: ports.secrets,
    ...(ports.insecureSecretsReason ? { insecureReason: ports.insecureSecretsReason } : {}),
    logger,
    mode: () => session.mode,
    index: { get: () => settings.keyIndex(), set: (index) => settings.setKeyIndex(index) },
    binding: () => settings.keyBinding(),
    ...(ports.defaults.platformUrl
      ? { defaultPlatform: originOf(ports.defaults.platformUrl) }
      : {}),
    ...(ports.confirmKeyOrigin ? { confirmOrigin: ports.confirmKeyOrigin } : {}),
    probe: (candidate) => session.probe(candidate),
    onChange: () => session.keyChanged(),
  });
  await keys.load();
  const connection = new SwitchableConnection({
    key: () => keys.key(),
    chosen: () => keys.chosen(),
    keyId: () => keys.state().activeId,
    baseUrl: () => settings.get().baseUrl,
    liveFetch: ports.liveFetch,
    ...(ports.sandbox ? { sandbox: ports.sandbox } : {}),
  });
  await session.open({
    connection,
    clock,
    scheduler,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    stop: inFlight.signal,
  });
  const api = session.api;

  await removePartials(paths.temp);
  const files = new FileStager();
  // The cache's size limit is a setting: read at each download, so a change applies at once.
  const cacheLimitBytes = (): number | undefined => {
    const mb = settings.get().cacheMaxMb;
    return mb ? mb * 1024 * 1024 : undefined;
  };
  const cache = new ModelCache({
    api,
    paths,
    clock,
    limitBytes: cacheLimitBytes,
    mode: () => session.mode,
    inFlight,
  });
  const images = new ImageCache({ api, paths, clock, inFlight });
  // One ledger per connection, like libraries: the sandbox, or a live origin and key.
  const ledger = new Ledger({
    dataDir: paths.data,
    clock,
    logger,
    scope: () => session.identity(),
    migrateTo: () => ({
      origin: originOf(settings.get().baseUrl),
      ...(session.mode === 'live' ? { keyId: keys.state().activeId } : {}),
    }),
  });
  await ledger.load();
  const account = new AccountService({
    api,
    ledger,
    clock,
    emit,
    logger,
    mode: () => session.mode,
  });
  const converter = new Converter(ports.convertWorker ? { workerFile: ports.convertWorker } : {});
  /** The connection a new job or batch records (Activity lists the connection's own). */
  const connectionNow = () => session.identity();
  const jobs = new JobService({
    api,
    files,
    cache,
    converter,
    journal: new JobJournal(paths.data, logger),
    account,
    clock,
    emit,
    logger,
    settings: () => settings.get(),
    budgetPerMinute: budget,
    ...(options.pollTiming ? { pollTiming: options.pollTiming } : {}),
    onChange: () => account.changed(),
    connection: connectionNow,
    inFlight,
  });
  account.showQueue(
    () => jobs.queue(),
    () => jobs.tasksRunning(),
  );
  session.subscribe(account);
  session.subscribe(jobs);
  session.subscribe({
    connectionChanged: (change) => {
      if (change.reason === 'key') emit('keys.updated', keys.state());
    },
    // Keys belong to an address: the page learns at once which of them it may use now.
    settingsChanged: (next, previous) => {
      if (next.baseUrl !== previous.baseUrl || next.platformUrl !== previous.platformUrl) {
        emit('keys.updated', keys.state());
      }
    },
  });
  const concepts = new ConceptService({
    api,
    images,
    account,
    logger,
    cacheFileUrl: (file) => ports.cacheFileUrl(file),
  });
  await jobs.resume();
  account.refreshEvery(settings.get().balanceRefreshSeconds ?? 60);
  const library = new LibraryService({
    api,
    limitBytes: cacheLimitBytes,
    models: cache,
    thumbnails: new ThumbnailCache({ api, images, paths, clock, inFlight }),
    cacheFileUrl: (file) => ports.cacheFileUrl(file),
  });
  const recent = new RecentFiles({ file: path.join(paths.data, 'recent-files.json') });
  await recent.load();
  const recordings = new Recordings({ paths, clock });
  const localModels = new LocalModels({
    paths,
    clock,
    inFlight,
    cacheFileUrl: (file) => ports.cacheFileUrl(file),
  });
  const batches = new BatchService({
    jobs,
    library: {
      library: (input) => api.library(input),
      seen: (modelId) => library.seen(modelId),
      localName: async (modelId) => (await localModels.get(modelId))?.name,
    },
    account: {
      prices: () => account.prices(),
      isPaid: (operation) => account.isPaid(operation),
      balanceUsd: () => account.view().balanceUsd,
    },
    journal: new BatchJournal(paths.data, logger),
    settings: () => settings.get(),
    origin: () => api.origin,
    connection: connectionNow,
    label: (op) => inEnglish(jobLabel(op)),
    clock,
    emit,
    logger,
  });
  // After the jobs: an item that was starting is matched with its job, if it was created.
  await batches.load();
  const dragCompatible = new DragCompatible({ cache, converter, logger });
  const desktop = new DesktopFiles({
    recordings,
    batches,
    compatible: {
      enabled: () => settings.get().dragOutCompatible === true,
      prepare: (modelId) => dragCompatible.prepare(modelId),
      prepareSoon: (modelId) => dragCompatible.prepareSoon(modelId),
    },
    jobs,
    cache,
    local: localModels,
    recent,
    paths,
    emit,
    logger,
    ...(ports.downloadUrl ? { downloadUrl: ports.downloadUrl } : {}),
    ...(ports.showInFolder ? { showInFolder: ports.showInFolder } : {}),
  });
  const updates = new UpdateService({
    ...(ports.updates ? { source: ports.updates } : {}),
    ...(ports.updatesUnsupported ? { unsupported: ports.updatesUnsupported } : {}),
    current: ports.appVersion,
    busy: () => jobs.busy(),
    checkAtStart: () => settings.get().checkUpdatesAtStart !== false,
    clock,
    logger,
    onChange: (view) => emit('updates.updated', view),
  });
  updates.start();
  const notices = new AppNotices({ clock, emit: (payload) => emit('app.notice', payload) });

  let closing: Promise<void> | undefined;
  /** Stops everything at once, then waits for the downloads, saves and the converter to end. */
  const closeAll = async (): Promise<void> => {
    updates.close();
    batches.close();
    jobs.close();
    account.close();
    ledger.close();
    scheduler.close();
    await Promise.all([inFlight.close(), converter.close()]);
    // Saves that a last request started (settings, journals, the budget) land before close ends.
    await atomicWritesSettled();
  };

  return {
    handlers: createHandlers({
      ports,
      api,
      files,
      jobs,
      cache,
      account,
      concepts,
      keys,
      settings,
      connection,
      library,
      batches,
      desktop,
      updates,
      notices,
      recordings,
    }),
    files,
    jobs,
    batches,
    account,
    keys,
    settings,
    connection,
    scheduler,
    desktop,
    recent,
    updates,
    notices,
    close: () => (closing ??= closeAll()),
  };
}

/** Removes downloads a previous run left half-written in the scratch folder (only Kiln's own). */
async function removePartials(temp: string): Promise<void> {
  const names = await readdir(temp).catch(() => [] as string[]);
  await Promise.all(
    names.filter((n) => n.endsWith('.partial')).map((n) => rm(path.join(temp, n), { force: true })),
  );
}
