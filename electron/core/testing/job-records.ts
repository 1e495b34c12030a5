/**
 * Job records for tests of the job machinery: a photo generation at the fast tier, as the journal
 * keeps it, with whatever a test changes.
 */
import type { JobRecord } from '../jobs/job-record';

/** A fast photo generation `j1` of `cup.png`, starting and not sent yet, with `patch` applied. */
export function photoJobRecord(
  patch: Partial<Omit<JobRecord, 'view'>> & { view?: Partial<JobRecord['view']> } = {},
): JobRecord {
  const { view, ...rest } = patch;
  return {
    view: { id: 'j1', kind: 'photo', source: 'cup.png', state: 'starting', createdAt: 0, ...view },
    input: {
      kind: 'photo',
      tier: 'fast',
      file: { path: '/cup.png', name: 'cup.png', type: 'image/png' },
      call: {
        path: '/generate/cloud/fast',
        query: {},
        operation: 'generate.photo.fast',
        form: 'file',
      },
    },
    origin: 'https://api.example.test',
    operation: 'generate.photo.fast',
    paid: true,
    dispatched: false,
    answered: false,
    retryable: false,
    reasks: 0,
    ...rest,
  };
}
