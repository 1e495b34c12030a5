/**
 * Far down a 20,000-model library: the user drags the scroll bar across thousands of rows and
 * stops. Thumbnails are fetched for what is on screen once the view rests (none for the rows
 * passed; those asked for and not yet sent are cancelled), from the request budget's idle
 * share, so the cards the user stops on show their pictures within 2 s at the default budget.
 */
import { expect, test } from '../support/fixtures';
import { LibraryPage } from '../support/library-page';
import { callHost } from '../support/ops-page';

test.use({ sandboxOptions: { seedModels: 20_000 } });

test('the thumbnails of the screen the user stops on appear within 2 s', async ({ kiln, host }) => {
  test.setTimeout(180_000);
  const lib = new LibraryPage(kiln.page);
  await lib.openAll(host);

  // The first screen's pictures come first.
  const first = await lib.timeToThumbnails();
  expect(first.cards).toBeGreaterThan(2);
  const fetched = async () =>
    (await callHost<{ thumbnailCount: number }>(host, 'library:cacheInfo', undefined))
      .thumbnailCount;
  // Only those cards: none for a layout the window had before it settled (the cache line under
  // the filters arrived after the grid had rested and took a row of it: 8 fetched for 6 shown).
  expect(await fetched()).toBe(first.cards);

  // A drag far down (past ~6,000 rows), then a stop; and again, further.
  for (const index of [12_000, 17_500]) {
    const stoppedAt = await lib.dragScrollTo(index);
    const stop = await lib.timeToThumbnails(stoppedAt);
    console.log(
      `thumbnails of the ${stop.cards} cards on screen after a drag: ${Math.round(stop.ms)} ms`,
    );
    expect(stop.ms).toBeLessThan(2000);
    await expect(lib.card(index)).toBeVisible();
  }

  // Only the screens the user stopped on were fetched, none of the rows passed.
  expect(await fetched()).toBeLessThanOrEqual(3 * first.cards);
});

/**
 * Browsing first, as a new user does: three flicks of the wheel, resting about a second on each
 * screen, then a drag far down. Each screen browsed spends thumbnails from the key's 60 requests
 * a minute; the screen the user stops on last must still get its pictures within 2 s (issue 27:
 * it took 54.5 s, the thumbnails' share spent on the screens left while the reserve kept for
 * the user's actions sat unused). Against a service that reads the contract strictly (every
 * thumbnail needs the key and counts), and one that serves its thumbnail links to anyone (then
 * they cost nothing).
 */
for (const openThumbnails of [false, true]) {
  test.describe(
    openThumbnails ? 'thumbnail links open to anyone' : 'thumbnail links need the key',
    () => {
      test.use({ sandboxOptions: { seedModels: 20_000, openThumbnails } });

      test('after browsing a few screens, the screen the user drags to gets its thumbnails within 2 s', async ({
        kiln,
        host,
      }) => {
        test.setTimeout(180_000);
        const lib = new LibraryPage(kiln.page);
        await lib.openAll(host);
        const first = await lib.timeToThumbnails();
        console.log(
          `thumbnails of the first screen (${first.cards} cards): ${Math.round(first.ms)} ms`,
        );

        for (let flick = 1; flick <= 3; flick++) {
          const stoppedAt = await lib.flickWheel(12);
          const screen = await lib.screenListed();
          await lib.restUntil(stoppedAt + 1000);
          console.log(
            `flick ${flick}: ${screen.withThumbnail} of ${screen.cards} thumbnails shown when listed`,
          );
        }

        const stoppedAt = await lib.dragScrollTo(10_000);
        const stop = await lib.timeToThumbnails(stoppedAt);
        const sent = host.services.scheduler.sentInWindow();
        console.log(
          `${openThumbnails ? 'open' : 'keyed'} links: thumbnails of the ${stop.cards} cards on screen after browsing and a drag: ${Math.round(stop.ms)} ms; ${sent} requests counted in the minute`,
        );
        expect(stop.ms).toBeLessThan(2000);
        await expect(lib.card(10_000)).toBeVisible();
        // Five screens of thumbnails: counted against the key only where the links need it.
        if (openThumbnails) expect(sent).toBeLessThan(5 * stop.cards);
        else expect(sent).toBeGreaterThanOrEqual(5 * stop.cards);
      });
    },
  );
}
