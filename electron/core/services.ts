/**
 * `createServices(ports)`: the one wiring function of the core. Electron's main process and the
 * browser host call it with their own ports and serve the returned handlers over their transport.
 */
import type { Handlers } from '../../shared/ipc/dispatch';
import { ApiClient } from './api/client';
import { FileStager } from './files/file-stager';
import { createHandlers } from './ipc/handlers';
import { JobJournal } from './jobs/job-journal';
import { JobService } from './jobs/job-service';
import type { PollTiming } from './jobs/poll-delay';
import { ModelCache } from './library/model-cache';
import type { Ports } from './ports';
import { RequestScheduler } from './schedule/request-scheduler';

/** The running core. */
export interface Services {
  readonly handlers: Handlers;
  readonly files: FileStager;
  readonly jobs: JobService;
  /** Stops timers; everything needed to resume is already on disk. */
  close(): void;
}

/** Tuning knobs, mostly for tests. */
export type ServiceOptions = Readonly<{
  pollTiming?: PollTiming;
  /** Requests per rolling minute; default 55, a little under the service's 60. */
  requestBudget?: number;
}>;

/** Builds and starts the core: resumes the journaled jobs before returning. */
export async function createServices(
  ports: Ports,
  options: ServiceOptions = {},
): Promise<Services> {
  const scheduler = new RequestScheduler({
    clock: ports.clock,
    ...(options.requestBudget ? { budget: options.requestBudget } : {}),
  });
  const api = new ApiClient({ connection: ports.connection, clock: ports.clock, scheduler });
  const files = new FileStager();
  const cache = new ModelCache({ api, paths: ports.paths });
  const journal = new JobJournal(ports.paths.data, ports.logger);
  const jobs = new JobService({
    api,
    files,
    cache,
    journal,
    clock: ports.clock,
    emit: ports.emit,
    logger: ports.logger,
    ...(options.pollTiming ? { pollTiming: options.pollTiming } : {}),
  });
  await jobs.resume();
  return {
    handlers: createHandlers({ ports, files, jobs, cache }),
    files,
    jobs,
    close: () => {
      jobs.close();
      scheduler.close();
    },
  };
}
