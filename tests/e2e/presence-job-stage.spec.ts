/**
 * The job in the viewer, as the artist sees it: after Generate the centre shows the photo the
 * model is made from, with its stage, progress and time; the model takes its place once drawn;
 * several jobs form a strip to pick from; Activity rows carry the input's and result's pictures.
 */
import { expect, test } from '../support/fixtures';
import { photo } from '../support/create-page';
import { seriousViolations } from '../support/axe';
import type { Locator } from '@playwright/test';

/** The names of the CSS animations running on an element. */
function animationsOf(element: Locator): Promise<string[]> {
  return element.evaluate((el) => el.getAnimations().map((a) => (a as CSSAnimation).animationName));
}

test.describe('one job', () => {
  // Long enough to watch the job work; the sandbox reports progress as it goes. With motion, as
  // most artists have it (the suite's pages ask for reduced motion: playwright.config.ts).
  test.use({ sandboxOptions: { taskSeconds: 8 }, reducedMotion: 'no-preference' });

  test('the job shows in the viewer, then its model takes the stage', async ({ kiln }) => {
    const page = kiln.page;
    await kiln.dropPhoto('coffee.png');
    await page.getByTestId('tier').selectOption('fast');
    await kiln.generate();

    const stage = page.getByTestId('job-stage');
    await expect(stage).toHaveAttribute('data-stage-phase', 'working');
    // The photo itself, drawn (not a broken image), and where the job is.
    const picture = stage.getByTestId('job-stage-picture');
    await expect(picture).toHaveJSProperty('complete', true);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // It breathes while the job works.
    expect(await animationsOf(picture)).toEqual(['job-stage-breathe']);
    await expect(stage).toContainText('coffee.png');
    await expect(stage.getByRole('progressbar')).toBeVisible();
    // The time so far and an estimate of the rest, once progress says enough to make one.
    await expect(stage.getByTestId('job-stage-time')).toHaveText(
      /^\d+ s · (about \d+ (s|min) left|almost done)$/,
    );
    // The header says it in the artist's words; the figures are one click away.
    await expect(page.getByTestId('billing-jobs')).toHaveText('1 model generating');
    await expect(page).toHaveTitle('Kiln');
    expect(await seriousViolations(page)).toEqual([]);

    // Done: the model is drawn and the stage goes.
    await kiln.waitForModel();
    await expect(stage).toHaveCount(0);
    const name = await page.getByTestId('model-name').textContent();
    // The window's title names what is open.
    await expect(page).toHaveTitle(`${name} — Kiln`);
    await expect(page.getByTestId('billing-jobs')).toHaveText('Nothing generating');
    await page.getByTestId('billing-jobs').click();
    await expect(page.getByTestId('overview-queue')).toContainText('0 running, 0 waiting');
    await page.getByTestId('account-close').click();

    // Activity's row shows what the job was made from and what it made.
    const row = kiln.jobs.first();
    await expect(row.getByTestId('job-thumb-input')).toBeVisible();
    await expect(row.getByTestId('job-thumb-result')).toBeVisible();
  });
});

test.describe('several jobs', () => {
  // Both jobs keep working for the whole test: the strip lists the jobs under way.
  test.use({ sandboxOptions: { taskSeconds: 90 } });

  test('several jobs form a strip the artist picks from', async ({ kiln }) => {
    const page = kiln.page;
    await kiln.drop([await photo('coffee.png'), await photo('chelsea.png')]);
    await page.getByTestId('tier').selectOption('fast');
    await kiln.generate();

    const strip = page.getByTestId('job-strip');
    const items = strip.getByTestId('job-strip-item');
    await expect(items).toHaveCount(2);
    const stage = page.getByTestId('job-stage');
    // The first job started stays on the stage; the other waits on the strip.
    await expect(stage).toContainText('coffee.png');
    // With reduced motion asked for (the suite's default), the photo stands still and nothing
    // on the page moves without end.
    await expect(stage.getByTestId('job-stage-picture')).toBeVisible();
    expect(await animationsOf(stage.getByTestId('job-stage-picture'))).toEqual([]);
    const endless = await page.evaluate(
      () =>
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations === Infinity).length,
    );
    expect(endless).toBe(0);
    const first = await stage.getAttribute('data-job-id');
    const other = items.and(page.locator('[aria-pressed="false"]'));
    const otherId = await other.getAttribute('data-job-id');
    await other.click();
    await expect(stage).toHaveAttribute('data-job-id', otherId!);
    await expect(stage).toContainText('chelsea.png');
    await expect(items.and(page.locator(`[data-job-id="${otherId}"]`))).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The stage can step aside for the open model; the strip stays to bring a job back.
    await page.getByTestId('job-stage-close').click();
    await expect(stage).toHaveCount(0);
    await items.and(page.locator(`[data-job-id="${first}"]`)).click();
    await expect(stage).toHaveAttribute('data-job-id', first!);
  });
});
