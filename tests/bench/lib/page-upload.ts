/**
 * Uploads a File the bench fetched into Kiln's page exactly as the page's own bridge does
 * (`renderer/src/bridge/ws-api.ts`'s `stageFile`): `POST ./upload` from the page's origin (the
 * browser sets the Origin header the host checks), the File as the body, its name in a header,
 * and the start token the page keeps in `sessionStorage` in the token header.
 *
 * The host answers a refused upload with a sentence, not JSON (`refuse` in `electron/host/host.ts`):
 * the answer is read as text and only a 200 is parsed, so a refusal is reported as what it says.
 */
import type { Page } from '@playwright/test';
import { TOKEN_HEADER } from '../../../shared/ipc/host-auth';
import { TOKEN_STORAGE_KEY } from '../../../renderer/src/bridge/host-token';

/** What the host's `/upload` answered. */
export type UploadAnswer =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly status: number; readonly message: string };

/** Uploads the page's bench file `name` (see `window.__bench.fetchFile`) the way Kiln does. */
export async function uploadAsPage(page: Page, name: string): Promise<UploadAnswer> {
  return page.evaluate(
    async ([fileName, header, storageKey]) => {
      const file = window.__bench!.files.get(fileName!);
      if (!file) return { ok: false, status: 0, message: `no bench file “${fileName}”` } as const;
      const token = sessionStorage.getItem(storageKey!);
      if (!token)
        return { ok: false, status: 0, message: 'the page holds no start token' } as const;
      const response = await fetch('./upload', {
        method: 'POST',
        body: file,
        headers: { 'x-file-name': encodeURIComponent(file.name), [header!]: token },
      });
      const text = await response.text();
      if (!response.ok) return { ok: false, status: response.status, message: text } as const;
      let answer: { ok: boolean; value?: unknown; error?: { message: string } };
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        return {
          ok: false,
          status: response.status,
          message: `not JSON: ${text.slice(0, 200)}`,
        } as const;
      }
      return answer.ok
        ? ({ ok: true, value: answer.value } as const)
        : ({ ok: false, status: response.status, message: answer.error?.message ?? text } as const);
    },
    [name, TOKEN_HEADER, TOKEN_STORAGE_KEY] as const,
  );
}
