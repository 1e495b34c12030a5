/** The jobs of the connection Kiln uses now (see `job-connection.ts`), newest first. */
import { useMemo } from 'react';
import type { JobView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import { connectionJobs, type CurrentConnection } from './job-connection';

/** The connection Kiln uses now; a new object only when it changes. */
export function useCurrentConnection(): CurrentConnection | undefined {
  const mode = useKiln((s) => s.keyState?.mode);
  const origin = useKiln((s) => s.keyState?.origin);
  const activeId = useKiln((s) => s.keyState?.activeId);
  return useMemo(
    () =>
      mode ? { mode, ...(origin ? { origin } : {}), ...(activeId ? { activeId } : {}) } : undefined,
    [mode, origin, activeId],
  );
}

/** The current connection's jobs; a new array only when the jobs or the connection change. */
export function useConnectionJobs(): JobView[] {
  const jobs = useKiln((s) => s.jobs);
  const now = useCurrentConnection();
  return useMemo(() => connectionJobs(jobs, now), [jobs, now]);
}
