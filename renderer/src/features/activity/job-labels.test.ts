import { describe, expect, it } from 'vitest';
import { JOB_STATES } from '../../../../shared/ipc/contract';
import type { JobView } from '../../../../shared/ipc/contract';
import { jobCost, matchesFilter, openLabel } from './job-labels';

describe('activity filters', () => {
  it('puts every state under all and exactly one other filter', () => {
    for (const state of JOB_STATES) {
      const hits = (['running', 'finished', 'failed'] as const).filter((f) =>
        matchesFilter({ state }, f),
      );
      expect(matchesFilter({ state }, 'all')).toBe(true);
      expect(hits, state).toHaveLength(1);
    }
    expect(matchesFilter({ state: 'outcome_unknown' }, 'failed')).toBe(true);
    expect(matchesFilter({ state: 'waiting' }, 'running')).toBe(true);
  });
});

describe('open label', () => {
  it('opens new versions and generations, previews saved model files, not other files', () => {
    expect(openLabel({ kind: 'rig', modelId: 'm2' })).toBe('Open rigged version');
    expect(openLabel({ kind: 'parts', modelId: 'm2', savedPath: '/o/a.glb' })).toBe(
      'Open split version',
    );
    expect(openLabel({ kind: 'photo', modelId: 'm1' })).toBe('Open');
    expect(openLabel({ kind: 'retopo', modelId: 'm1', savedPath: '/o/a-retopo.GLB' })).toBe(
      'Preview in viewer',
    );
    expect(openLabel({ kind: 'retopo', modelId: 'm1', savedPath: '/o/a.zip' })).toBeUndefined();
    // Every self-contained format the viewer opens previews; a .gltf (buffers beside it) does not.
    expect(openLabel({ kind: 'print', modelId: 'm1', savedPath: '/o/a.stl' })).toBe(
      'Preview in viewer',
    );
    expect(openLabel({ kind: 'export', modelId: 'm1', savedPath: '/o/a.gltf' })).toBeUndefined();
  });
});

describe('job cost', () => {
  const job = (over: Partial<JobView>): JobView => ({
    id: 'j',
    kind: 'retopo',
    source: 'Quad remesh of Teapot',
    state: 'done',
    createdAt: 0,
    canCancel: false,
    canRetry: false,
    ...over,
  });

  it('shows the charge, and "refunded" once a failed job’s charge came back', () => {
    expect(jobCost(job({ costUsd: '0.25' }))?.text).toBe('$0.25');
    expect(jobCost(job({ state: 'failed', costUsd: '0.20', refundedUsd: '0.20' }))?.text).toBe(
      'refunded',
    );
    expect(jobCost(job({ state: 'failed', costUsd: '0.20', refundedUsd: '0.05' }))?.text).toBe(
      '$0.20 · $0.05 refunded',
    );
  });

  it('says "not charged" for a call the service took without a charge, nothing before', () => {
    expect(jobCost(job({}))?.text).toBe('not charged');
    expect(jobCost(job({ state: 'processing' }))?.text).toBe('not charged');
    expect(jobCost(job({ state: 'waiting' }))).toBeUndefined();
    expect(
      jobCost(job({ state: 'failed', error: { code: 'insufficient_balance', message: 'x' } })),
    ).toBeUndefined();
  });
});
