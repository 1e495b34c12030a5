import { describe, expect, it } from 'vitest';
import { diagnosticsReport } from './diagnostics-report';
import { Redactor } from './redact';

describe('diagnosticsReport', () => {
  it('says what support needs and nothing secret', () => {
    const redactor = new Redactor();
    redactor.add('sk-live-0000-secret');
    const text = diagnosticsReport(
      {
        app: { name: 'Kiln', version: '1.2.3', packaged: true },
        versions: { electron: '41.7.1', chrome: '146.0.1', node: '24.1.0' },
        os: { platform: 'darwin', release: '24.1.0', arch: 'arm64', locale: 'en-GB' },
        gpu: 'ANGLE (Apple, Apple M2, OpenGL 4.1)',
        mode: 'live',
        settings: {
          baseUrl: 'https://me:pw12345@api.example.com',
          requestBudget: 55,
          maxConcurrentJobs: 5,
          exportDir: '/Users/ann/Kiln',
        },
        update: 'Kiln 1.3.0 is ready: it installs when you quit',
        folders: { logs: '/Users/ann/Library/Logs/Kiln' },
        recent: [
          {
            at: '2026-11-25T09:00:00.000Z',
            level: 'error',
            message: 'probe failed',
            data: { code: 'auth' },
          },
        ],
      },
      redactor,
    );
    expect(text).toContain('Kiln 1.2.3\n');
    expect(text).toContain('Electron 41.7.1 · Chromium 146.0.1 · Node 24.1.0');
    expect(text).toContain('OS: darwin 24.1.0 (arm64) · en-GB');
    expect(text).toContain('GPU: ANGLE (Apple, Apple M2, OpenGL 4.1)');
    expect(text).toContain('Mode: live service');
    expect(text).toContain('Updates: Kiln 1.3.0 is ready');
    expect(text).toContain('  logs: /Users/ann/Library/Logs/Kiln');
    expect(text).toContain('  requestBudget: 55');
    expect(text).toContain('2026-11-25T09:00:00.000Z ERROR probe failed {"code":"auth"}');
    expect(text).not.toContain('pw12345');
    expect(text).toContain('https://[redacted]@api.example.com');
  });
});
