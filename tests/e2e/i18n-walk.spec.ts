/**
 * Every translated screen in each of Kiln's languages (issue 32): the app is opened in English
 * and in the other languages side by side, on the same host, and each screen's words are
 * compared. A word a person reads that is the same in a language as in English is a string left
 * behind, unless it is a name (GLB, Kiln), a word that language shares with English (German's
 * Viewer, French's Texture) or the service's own error code. On the same host a page in the
 * pseudo-locale (40 % longer) at the 960 px minimum width shows each screen too, and no text may
 * run out of its box.
 *
 * The screens walked: the first-run welcome, the window's frame, Create in its four modes, the
 * viewer with a model and its panels, Tools, Activity, the library (the strip, a website model's
 * detail, a family's version tree, a selection and "all selected", the workspace, the
 * cache-clear question), the Undo notice, the right-click menus of a library card, the viewer and
 * an Activity row, a payment refusal (its notice and the refused job), a job's note (waiting for
 * a slot) and the account's sections. One page per language, each screen opened on every page in
 * turn: one app start per page, not one per screen or per check. Two tests share the languages
 * out, so the two e2e workers walk them at once: German with the pseudo-locale, then French,
 * Spanish, Japanese and Chinese.
 */
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Host } from '../../electron/host/host';
import { expect, test, EXHAUSTIVE } from '../support/fixtures';
import { coffeeModel } from '../support/fixture-models';
import { clippedIn, wordsIn } from '../support/i18n-walk';
import { KilnPage } from '../support/kiln-page';
import { LibraryPage, serviceLibrary } from '../support/library-page';

test.use({
  // Every page opens on the welcome, the walk's first screen.
  firstRun: true,
  sandboxOptions: {
    seedModels: 1500,
    websiteModels: 10,
    seedFamilies: 3,
    // The first generation holds the one slot for the whole walk, so the second waits.
    taskSeconds: 600,
    // Three pages list the library and its thumbnails at once: the walk is not about the
    // request budget (library-thumbnails.spec.ts is), so it may not wait out the minute.
    requestsPerMinute: 600,
  },
});

/** Names that read the same in every language: the product, formats, engines, keys. */
const NAMES = [
  'Kiln',
  'GLB',
  'FBX',
  'OBJ',
  'USDZ',
  'STL',
  '3MF',
  'Draco',
  'Unity',
  'Unreal',
  'Godot',
  'PBR',
  'WebP',
  'PNG',
  'JPEG',
  'KTX2',
  'Alt',
  'Shift',
  'Ctrl',
];

/** The languages walked, each with the words it shares with English beside the names. */
const LANGUAGES: ReadonlyArray<{ lang: string; browser: string; same: ReadonlySet<string> }> = [
  {
    lang: 'de',
    browser: 'de-DE',
    same: new Set([
      ...NAMES,
      'Sandbox',
      'Viewer',
      'Material',
      'Original',
      'Mesh',
      'Rig',
      'Auto-Rig',
      'Seed',
      'Remesh',
      'Shading',
      'Normal',
      'Normalen',
      'Export',
      'Version',
      'Details',
      'Start',
      'Name',
      'Text',
      'Web',
      'optional',
      'Vertices',
      'Meshes',
      // German says "Updates" too (Settings › Updates).
      'Updates',
    ]),
  },
  {
    lang: 'fr',
    browser: 'fr-FR',
    same: new Set([
      ...NAMES,
      'Photo',
      'Style',
      'Dimensions',
      'Rotation',
      'Triangles',
      'Textures',
      'textures',
      'Animations',
      'Version',
      'Versions',
      'Actions',
      'Original',
      'Rig',
      'web',
      'Volume',
      // The glossary keeps the tool group's name (docs/i18n-glossary.md).
      'Makers',
    ]),
  },
  {
    lang: 'es',
    browser: 'es-ES',
    same: new Set([...NAMES, 'General', 'Material', 'Original', 'Rig', 'web', 'Makers']),
  },
  // The keys are labelled so on Japanese and Chinese keyboards.
  { lang: 'ja', browser: 'ja-JP', same: new Set([...NAMES, 'Home']) },
  { lang: 'zh-CN', browser: 'zh-CN', same: new Set([...NAMES, 'Home']) },
];

/**
 * Sentences the core or the main process writes, still in English (issue 32 leaves them: they
 * need codes the page translates). Listed by their start, so each is seen and none hides another.
 */
const WRITTEN_BY_THE_CORE = [
  'No system keychain is available',
  'Updates: This copy of Kiln does not update itself',
];

/** Each screen: how to reach it on a page (once made ready on the first), and the region read. */
interface Screen {
  name: string;
  region: string;
  /** What the screen needs in Kiln's core, made once from the English page (jobs to show). */
  prepare?: (page: Page, host: Host) => Promise<void>;
  open: (page: Page, host: Host) => Promise<void>;
}

/** The library's filters the walk ticks, and the service's total that answers them. */
async function filtered(page: Page, host: Host, ticked: FilterName[], query: string) {
  const lib = new LibraryPage(page);
  for (const name of ALL_FILTERS) {
    // (“With versions” shows only while Families is ticked.)
    const box = lib.filter(name);
    if (ticked.includes(name)) await box.check();
    else if ((await box.count()) > 0) await box.uncheck();
  }
  await lib.expectTotal((await serviceLibrary(host, `${query}limit=1`)).total);
}
type FilterName = Parameters<LibraryPage['filter']>[0];
const ALL_FILTERS: FilterName[] = [
  'published',
  'favourite',
  'includeRemesh',
  'families',
  'hasVersions',
];

/** Closes an open right-click menu (Escape, as a user does) and waits until it has gone. */
async function closeMenu(page: Page, testId: string): Promise<void> {
  const menu = page.getByTestId(testId);
  if ((await menu.count()) === 0) return;
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
}

/** Leaves the library's workspace (the viewer comes back) if it is open. */
async function leaveWorkspace(page: Page): Promise<void> {
  const lib = new LibraryPage(page);
  if ((await lib.root.getAttribute('data-workspace')) !== 'true') return;
  await lib.card(0).focus();
  await page.keyboard.press('Escape');
  await expect(lib.root).toHaveAttribute('data-workspace', 'false');
}

/** A grey photo to generate from (the model made is not what the walk reads). */
async function greyPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 72, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
}

const SCREENS: readonly Screen[] = [
  {
    name: 'the welcome',
    region: '[data-testid="welcome"]',
    open: async (page: Page) => {
      await expect(page.getByTestId('welcome')).toBeVisible();
    },
  },
  {
    name: 'the frame',
    region: '.app-header',
    open: async (page: Page) => {
      // Closed as a new user does (Try the sandbox); another page's choice may close it first.
      const welcome = page.getByTestId('welcome');
      await page
        .getByTestId('welcome-sandbox')
        .click({ timeout: 5_000 })
        .catch(() => {});
      await expect(welcome).toBeHidden();
    },
  },
  ...(['photo', 'views', 'text', 'retexture'] as const).map((mode) => ({
    name: `Create: ${mode}`,
    region: '#left-panel',
    open: async (page: Page) => {
      await page.getByTestId(`create-mode-${mode}`).click();
    },
  })),
  {
    name: 'the viewer with a model',
    region: '[data-testid="viewer"]',
    open: async (page: Page) => {
      const model = await coffeeModel();
      await new KilnPage(page).drop(
        [{ name: 'cup.glb', bytes: model.bytes, type: 'model/gltf-binary' }],
        page.getByTestId('viewer'),
      );
      await expect(page.getByTestId('viewer')).toHaveAttribute('data-viewer-state', 'ready', {
        timeout: 60_000,
      });
    },
  },
  ...(['scene', 'stats', 'health'] as const).map((tab) => ({
    name: `the viewer's ${tab} panel`,
    region: `[data-testid="viewer-panel-${tab}"]`,
    open: async (page: Page) => {
      await page.getByTestId(`viewer-tab-${tab}`).click();
      // The health panel read with its results, not while it checks (under load the walk read
      // either, and the results' words went unread in one run or another).
      if (tab !== 'health') return;
      const panel = page.getByTestId('health-panel');
      await expect(panel).toHaveAttribute('data-health-state', 'ready', { timeout: 60_000 });
      await expect(panel).toHaveAttribute('data-print-state', 'ready', { timeout: 60_000 });
    },
  })),
  {
    name: 'Tools',
    region: '#right-panel',
    open: async (page: Page) => {
      await page.getByTestId('tab-tools').click();
    },
  },
  {
    name: 'Activity',
    region: '#right-panel',
    open: async (page: Page) => {
      await page.getByTestId('tab-activity').click();
    },
  },
  {
    name: 'Library: the strip',
    region: '[data-testid="library"]',
    open: async (page: Page) => {
      const lib = new LibraryPage(page);
      await lib.open();
      await expect(lib.grid).not.toHaveAttribute('data-total', '0');
      await lib.screenListed();
      await expect(lib.cache).toBeVisible();
    },
  },
  {
    name: 'Library: a website model’s detail',
    region: '[data-testid="model-detail"]',
    open: async (page: Page, host: Host) => {
      const lib = new LibraryPage(page);
      await filtered(page, host, ['published'], 'published=true&');
      await lib.select(0);
      await expect(lib.detail.getByTestId('website-note')).toBeVisible();
    },
  },
  {
    name: 'Library: a family’s version tree',
    region: '[data-testid="model-detail"]',
    open: async (page: Page, host: Host) => {
      const lib = new LibraryPage(page);
      await filtered(page, host, ['families', 'hasVersions'], 'group=family&has_versions=true&');
      await lib.select(0);
      await expect(lib.detail.getByTestId('version-row').nth(1)).toBeVisible();
    },
  },
  {
    name: 'Library: a selection (Shift-click, Ctrl-click)',
    region: '[data-testid="library-selection"]',
    open: async (page: Page, host: Host) => {
      const lib = new LibraryPage(page);
      await filtered(page, host, [], '');
      await lib.select(0);
      // (Cards of the first two rows: on screen in the strip at any width.)
      await lib.pick(2, 'range');
      await lib.pick(3, 'toggle');
      await lib.expectSelected(4);
    },
  },
  {
    name: 'Library: all of the library selected',
    region: '[data-testid="library-selection"]',
    open: async (page: Page) => {
      const lib = new LibraryPage(page);
      await lib.selectAllButton.click();
      await lib.expectSelected(Number(await lib.grid.getAttribute('data-total')));
    },
  },
  {
    name: 'the Undo notice (a selection cleared)',
    region: '[data-testid="undo-notice"]',
    open: async (page: Page) => {
      const lib = new LibraryPage(page);
      await lib.card(0).focus();
      await page.keyboard.press('Escape');
      await lib.expectSelected(0);
      await expect(page.getByTestId('undo-notice')).toBeVisible();
    },
  },
  {
    name: 'Library: the workspace',
    region: '[data-testid="library"]',
    open: async (page: Page) => {
      const lib = new LibraryPage(page);
      await page.getByTestId('library-workspace-toggle').click();
      await expect(lib.root).toHaveAttribute('data-workspace', 'true');
      await lib.screenListed();
    },
  },
  {
    name: 'Library: a card’s menu',
    region: '[data-testid="library-card-menu"]',
    open: async (page: Page) => {
      await leaveWorkspace(page);
      await new LibraryPage(page).card(1).click({ button: 'right' });
      await expect(page.getByTestId('library-card-menu')).toBeVisible();
    },
  },
  {
    name: 'the viewer’s menu',
    region: '[data-testid="viewer-menu"]',
    open: async (page: Page) => {
      await closeMenu(page, 'library-card-menu');
      // From the keyboard (Shift+F10 on the stage opens the same menu as a right click): at
      // 960 px the stage's centre may lie under the library's detail.
      await page.getByRole('application').focus();
      await page.keyboard.press('Shift+F10');
      await expect(page.getByTestId('viewer-menu')).toBeVisible();
    },
  },
  {
    name: 'a payment refusal: its notice',
    region: '[data-testid="payment-notice"]',
    prepare: async (page: Page, host: Host) => {
      await closeMenu(page, 'viewer-menu');
      // The account's monthly limit is reached: the service refuses the start (402), nothing
      // is charged. Lifted again at once, for the walk's next generations.
      host.sandbox!.setMonthlyLimit('0.10');
      await page.getByTestId('tab-create').click();
      await page.getByTestId('create-mode-photo').click();
      const kiln = new KilnPage(page);
      await kiln.drop([{ name: 'refused.png', bytes: await greyPhoto(), type: 'image/png' }]);
      await page.getByTestId('tier').selectOption('fast');
      await kiln.generate();
      await expect(kiln.jobs.filter({ hasText: 'refused.png' })).toHaveAttribute(
        'data-job-state',
        'failed',
      );
      host.sandbox!.setMonthlyLimit(null);
    },
    open: async (page: Page) => {
      await closeMenu(page, 'viewer-menu');
      await expect(page.getByTestId('payment-notice')).toBeVisible();
    },
  },
  {
    name: 'a payment refusal: the refused job',
    region: '[data-testid="job"][data-job-state="failed"]',
    open: async (page: Page) => {
      await page.getByTestId('tab-activity').click();
      await expect(
        page.locator('[data-testid="job"][data-job-state="failed"]').getByTestId('job-error'),
      ).toBeVisible();
    },
  },
  {
    name: 'Activity: a job waiting for a slot, with its note',
    region: '[data-testid="job"][data-job-state="waiting"]',
    prepare: async (page: Page, host: Host) => {
      await closeMenu(page, 'viewer-menu');
      // Two generations for one slot: the first holds it to the end, the second waits. (Late in
      // the walk: a running generation keeps every page busy.) Their uploaded photos give the
      // cache line something to clear.
      await host.services.settings.set({ maxConcurrentJobs: 1 });
      await page.getByTestId('tab-create').click();
      await page.getByTestId('create-mode-photo').click();
      const kiln = new KilnPage(page);
      for (const name of ['first.png', 'second.png']) {
        await kiln.drop([{ name, bytes: await greyPhoto(), type: 'image/png' }]);
        await page.getByTestId('tier').selectOption('fast');
        await kiln.generate();
        await expect(kiln.jobs.filter({ hasText: name })).toHaveCount(1);
      }
    },
    open: async (page: Page) => {
      await closeMenu(page, 'viewer-menu');
      await page.getByTestId('tab-activity').click();
      const waiting = page.locator('[data-testid="job"][data-job-state="waiting"]');
      await expect(waiting.getByTestId('job-note')).toBeVisible();
    },
  },
  {
    name: 'Activity: a row’s menu',
    region: '[data-testid="job-menu"]',
    open: async (page: Page) => {
      await page
        .locator('[data-testid="job"][data-job-state="waiting"]')
        .click({ button: 'right' });
      await expect(page.getByTestId('job-menu')).toBeVisible();
    },
  },
  {
    name: 'Library: clearing the cache, asked',
    region: '[data-testid="library-cache"]',
    open: async (page: Page) => {
      await closeMenu(page, 'job-menu');
      // The library opened anew reads the cache line anew (the photos just uploaded are in it).
      await page.getByTestId('tab-create').click();
      await new LibraryPage(page).open();
      await page.getByTestId('library-cache-clear').click();
      await expect(page.getByTestId('library-cache-confirm')).toBeVisible();
    },
  },
  // (Prices are left out: their rows are the service's own names and descriptions.)
  ...(['billing', 'keys', 'settings'] as const).map((section) => ({
    name: `Account: ${section}`,
    region: '[data-testid="account-page"]',
    open: async (page: Page) => {
      if (!(await page.getByTestId('account-page').isVisible())) {
        await page.getByTestId('billing-balance').click();
      }
      await page.getByTestId(`tab-${section}`).click();
      await expect(page.getByTestId(`tab-${section}`)).toHaveAttribute('aria-selected', 'true');
    },
  })),
];

/**
 * Whether `words`, the same on a screen in another language as on the English one, may stay so:
 * `same` lists the words that language shares with English.
 */
function mayStayEnglish(words: string, same: ReadonlySet<string>): boolean {
  if (WRITTEN_BY_THE_CORE.some((start) => words.startsWith(start))) return true;
  // A file or model name, a number with its unit, or a word the language shares.
  if (/\.(glb|png|jpg)$/i.test(words) || words === 'cup') return true;
  // The service's own error code (`subscription_required`), shown as it is beside the sentence.
  if (/^[a-z]+(_[a-z]+)+$/.test(words)) return true;
  return words.split(/[\s/·:()–—-]+/).every((w) => !w || same.has(w) || !/\p{L}{3,}/u.test(w));
}

async function openIn(
  browser: Browser,
  url: string,
  o: Readonly<{ locale?: string; width: number; height: number }>,
): Promise<Page> {
  const context = await browser.newContext({
    ...(o.locale ? { locale: o.locale } : {}),
    viewport: { width: o.width, height: o.height },
  });
  const page = await context.newPage();
  await new KilnPage(page).open(url);
  return page;
}

/**
 * Walks every screen on one page per language and English beside them (and the pseudo-locale at
 * 960 px when asked); fails on a word left in English and on text cut off.
 */
async function walk(
  browser: Browser,
  host: Host,
  languages: typeof LANGUAGES,
  withPseudo: boolean,
): Promise<void> {
  const english = await openIn(browser, host.url, { locale: 'en-US', width: 1280, height: 800 });
  const pages: Array<{ lang: string; page: Page; same: ReadonlySet<string> }> = [];
  for (const l of languages) {
    const page = await openIn(browser, host.url, { locale: l.browser, width: 1280, height: 800 });
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    pages.push({ lang: l.lang, page, same: l.same });
  }
  const pseudoUrl = new URL(host.url);
  pseudoUrl.searchParams.set('lang', 'pseudo');
  const pseudo = withPseudo
    ? await openIn(browser, pseudoUrl.href, { width: 960, height: 720 })
    : undefined;
  const left: string[] = [];
  const clipped: string[] = [];
  for (const screen of SCREENS) {
    await test.step(screen.name, async () => {
      await screen.prepare?.(english, host);
      // Each page read as soon as it shows the screen (the Undo notice goes after 10 s).
      await screen.open(english, host);
      const inEnglish = new Set(await wordsIn(english, screen.region));
      for (const { lang, page, same } of pages) {
        await screen.open(page, host);
        const words = await wordsIn(page, screen.region);
        expect(words.length, `${screen.name} shows words in ${lang}`).toBeGreaterThan(0);
        for (const w of words) {
          if (inEnglish.has(w) && !mayStayEnglish(w, same))
            left.push(`${lang}, ${screen.name}: “${w}”`);
        }
      }
      if (pseudo) {
        await screen.open(pseudo, host);
        const cut = await clippedIn(pseudo, screen.region);
        clipped.push(...cut.map((c) => `${screen.name}: ${c}`));
      }
    });
  }
  expect.soft(left, 'English words on translated screens').toEqual([]);
  expect(clipped, 'text cut off in the pseudo-locale at 960 px').toEqual([]);
  for (const p of [english, ...pages.map((x) => x.page), ...(pseudo ? [pseudo] : [])]) {
    await p.context().close();
  }
}

test('every screen reads in German with no English word left, and in the pseudo-locale at 960 px none is cut off', async ({
  browser,
  host,
}) => {
  test.setTimeout(480_000);
  await walk(browser, host, LANGUAGES.slice(0, 1), true);
});

test(
  'every screen reads in French, Spanish, Japanese and Chinese with no English word left',
  EXHAUSTIVE,
  async ({ browser, host }) => {
    test.setTimeout(600_000);
    await walk(browser, host, LANGUAGES.slice(1), false);
  },
);
