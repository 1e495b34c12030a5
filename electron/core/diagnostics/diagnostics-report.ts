/**
 * Help → Copy diagnostics: the facts a support request needs, as plain text the user can read
 * before pasting it anywhere — versions, OS, GPU, mode, settings, the update state and the last
 * warnings and errors. Everything passes the {@link Redactor}; no key, token or signed link.
 */
import type { SettingsView } from '../../../shared/ipc/contract';
import type { LogEntry } from './log-file';
import type { Redactor } from './redact';

/** What the host knows about itself. */
export type DiagnosticsFacts = Readonly<{
  app: Readonly<{ name: string; version: string; packaged: boolean }>;
  /** Runtime versions: electron, chrome, node, v8 (Node's `process.versions`). */
  versions: Readonly<Record<string, string | undefined>>;
  os: Readonly<{ platform: string; release: string; arch: string; locale?: string }>;
  /** The GPU's renderer string (WebGL's UNMASKED_RENDERER), where the host can tell. */
  gpu?: string;
  mode: 'sandbox' | 'live';
  settings: SettingsView;
  /** The update state, in words. */
  update?: string;
  /** Where the logs and crash dumps are. */
  folders: Readonly<Record<string, string>>;
  recent: readonly LogEntry[];
}>;

/** The diagnostics text. */
export function diagnosticsReport(facts: DiagnosticsFacts, redactor: Redactor): string {
  const v = facts.versions;
  const lines = [
    `${facts.app.name} ${facts.app.version}${facts.app.packaged ? '' : ' (development build)'}`,
    `Electron ${v['electron'] ?? '—'} · Chromium ${v['chrome'] ?? '—'} · Node ${v['node'] ?? '—'}`,
    `OS: ${facts.os.platform} ${facts.os.release} (${facts.os.arch})${facts.os.locale ? ` · ${facts.os.locale}` : ''}`,
    `GPU: ${facts.gpu ?? 'unknown'}`,
    `Mode: ${facts.mode === 'sandbox' ? 'sandbox (nothing is charged)' : 'live service'}`,
    ...(facts.update ? [`Updates: ${facts.update}`] : []),
    '',
    'Folders:',
    ...Object.entries(facts.folders).map(([name, dir]) => `  ${name}: ${dir}`),
    '',
    'Settings:',
    ...Object.entries(redactor.value(facts.settings) as Record<string, unknown>).map(
      ([k, value]) => `  ${k}: ${JSON.stringify(value)}`,
    ),
    '',
    facts.recent.length
      ? `Last ${facts.recent.length} warnings and errors:`
      : 'No warnings or errors logged since start.',
    ...facts.recent.map(
      (e) =>
        `  ${e.at} ${e.level.toUpperCase()} ${e.message}${e.data === undefined ? '' : ` ${JSON.stringify(e.data)}`}`,
    ),
  ];
  return redactor.text(lines.join('\n')) + '\n';
}
