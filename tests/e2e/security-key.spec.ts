/**
 * A key belongs to the service origin it was added for (issue 18): when the service address is
 * pointed elsewhere — by a page gone wrong through its own bridge, or by the user — the stored key
 * never travels there, nothing is charged, the page says what happened and what to do, and only
 * the user pasting the key again (the browser host has no native dialog to confirm it) makes it
 * usable at the new address.
 */
import { AccountModule, greyPhoto, serveLive } from '../support/account-page';
import { expect, test } from '../support/fixtures';
import { KilnPage } from '../support/kiln-page';
import { bridgeCall, rawBridge, startLoggedHost, startRecordingServer } from '../support/security';

const KEY = 'sk-live-e2e-origin-bound-0001';

test('a redirected service address never receives the stored key, and nothing is charged', async ({
  page,
}) => {
  const live = await serveLive([KEY], '7.50');
  const fake = await startRecordingServer();
  const { host, close } = await startLoggedHost({
    liveBaseUrl: live.url,
    platformUrl: 'https://platform.example.test',
  });
  const sent = () => fake.requests.filter((r) => JSON.stringify(r.headers).includes(KEY));
  try {
    const kiln = new KilnPage(page);
    const account = new AccountModule(page, kiln);
    await kiln.open(host.url);
    await account.open('keys');
    await account.addKey('Studio', KEY);
    await expect(account.badge).toHaveText('Live · Studio');
    await account.expectBalance('7.50');
    await account.close();

    // A page gone wrong uses its own bridge (what any script in the page could do): it points
    // the service address at a server of its own, then tries everything that sends the key.
    const ws = await rawBridge(host, { origin: host.origin });
    const [id] = (host.services.keys.state().keys ?? []).map((k) => k.id);
    expect(await bridgeCall(ws, 1, 'settings:set', { baseUrl: fake.url })).toMatchObject({
      ok: true,
    });
    expect(await bridgeCall(ws, 2, 'account:balance')).toMatchObject({
      ok: false,
      error: { code: 'key_not_for_origin' },
    });
    for (const [n, input] of [
      [3, { id }],
      [4, {}],
      [5, undefined],
    ] as const) {
      expect(await bridgeCall(ws, n, 'keys:test', input)).toMatchObject({
        ok: true,
        value: { ok: false, code: 'key_not_for_origin' },
      });
    }
    expect(await bridgeCall(ws, 6, 'keys:confirmOrigin', { id })).toMatchObject({
      ok: false,
      error: { code: 'confirm_unavailable' },
    });
    expect(
      await bridgeCall(ws, 7, 'settings:set', {
        platformUrl: `${fake.url.replace('http', 'https')}`,
      }),
    ).toMatchObject({ ok: true });
    expect(
      await bridgeCall(ws, 8, 'app:openExternal', {
        url: `${fake.url.replace('http', 'https')}/keys`,
      }),
    ).toMatchObject({ ok: false, error: { code: 'not_platform' } });
    ws.close();

    // The user, unaware, generates: the job fails with the reason, before anything is sent.
    const job = await account.generate(await greyPhoto());
    await expect(job).toHaveAttribute('data-job-state', 'failed', { timeout: 30_000 });
    await expect(job).toContainText('Kiln will not send it to');
    // The page says what happened and offers the one way on in the browser: paste the key again.
    await account.open('keys');
    const notice = account.keyRow('Studio').getByTestId('key-origin-notice');
    await expect(notice).toContainText(`This key was added for ${live.url}`);
    await expect(notice).toContainText(`Kiln will not send it to ${fake.url}`);
    await expect(notice.getByTestId('key-confirm-origin')).toHaveCount(0);
    await expect(notice.getByTestId('key-paste-again')).toBeVisible();
    await account.open('settings', 'service');
    await expect(page.getByTestId('settings-key-origin')).toContainText(
      `“Studio” was added for ${live.url}`,
    );

    // The key never reached the other server, and no call was charged anywhere.
    expect(sent()).toEqual([]);
    expect(live.sandbox.ledger()).toEqual([]);

    // The user sets the address back: the key works again, as it was.
    await page.getByTestId('setting-baseUrl').fill(live.url);
    await page.getByTestId('setting-platformUrl').fill('https://platform.example.test');
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-saved')).toBeVisible();
    await expect(page.getByTestId('settings-key-origin')).toHaveCount(0);
    await account.open('keys');
    await account.keyRow('Studio').getByTestId('key-test').click();
    await expect(account.keyRow('Studio').getByTestId('key-test-result')).toContainText(
      'The service accepted the key',
    );

    // Moving to another address on purpose, the user pastes the key again for it: only now may
    // the key go there.
    await account.open('settings', 'service');
    await page.getByTestId('setting-baseUrl').fill(fake.url);
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-key-origin')).toBeVisible();
    expect(sent()).toEqual([]);
    await account.open('keys');
    await account.keyRow('Studio').getByTestId('key-paste-again').click();
    await page.getByTestId('replace-key-form-key').fill(KEY);
    await page.getByTestId('replace-key-form-save').click();
    await expect(account.keyRow('Studio').getByTestId('key-origin-notice')).toHaveCount(0);
    // Pasted for this address, the key is used there at once: its balance is read (issue 21).
    await expect.poll(() => sent().map((r) => r.url)).toContain('/api/platform/balance');
    await account.keyRow('Studio').getByTestId('key-test').click();
    await expect(account.keyRow('Studio').getByTestId('key-test-result')).toBeVisible();
    await expect.poll(() => sent().length).toBeGreaterThan(0);
    expect(sent().every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  } finally {
    await page.close();
    await close();
    await fake.close();
    await live.close();
  }
});
