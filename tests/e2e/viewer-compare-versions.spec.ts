/**
 * Comparing as a new artist does it: two versions of a library model ticked in its family tree,
 * then two local files. Each side is labelled as the user knows it (name and version, or the
 * file name), the caption above the viewer says what is on screen, and every comparison ends
 * with one action (Stop comparing), with Escape, or by unticking a compared version.
 */
import { expect, test } from '../support/fixtures';
import { coffeeModel, coffeeModelV2 } from '../support/fixture-models';
import { LibraryPage, serviceLibrary } from '../support/library-page';
import { ViewerPage } from '../support/viewer-page';

test.use({ sandboxOptions: { seedModels: 12, seedFamilies: 2 } });

test('two library versions: labelled by name and version, and Stop, Escape or unticking ends it', async ({
  kiln,
  host,
}) => {
  test.setTimeout(180_000);
  const page = kiln.page;
  const lib = new LibraryPage(page);
  const viewer = new ViewerPage(page);
  await lib.open();
  await lib.filter('families').check();
  const families = await serviceLibrary(host, 'group=family&has_versions=true&limit=1');
  await lib.filter('hasVersions').check();
  await lib.expectTotal(families.total);
  const family = families.items[0]!;
  await lib.select(0);
  const tree = lib.detail.getByTestId('version-tree');
  const original = tree.locator('[data-kind="generation"]');
  const retexture = tree.locator('[data-kind="retexture"]');
  const versions = (
    await serviceLibrary(host, `search=${encodeURIComponent(family.name)}&include_remesh=1`)
  ).items.filter((r) => r.root_id === family.root_id);
  const labelOf = (kind: string) => {
    const row = versions.find((r) => r.kind === kind)!;
    return `${family.name} · v${row.version} ${kind === 'generation' ? 'Original' : 'Retexture'}`;
  };
  const [labelA, labelB] = [labelOf('generation'), labelOf('retexture')];

  const compareTicked = async () => {
    await original.getByTestId('version-pick').check();
    await retexture.getByTestId('version-pick').check();
    await tree.getByTestId('compare-versions').click();
    await expect(viewer.root).toHaveAttribute('data-compare-state', 'ready', { timeout: 60_000 });
    await expect(viewer.root).toHaveAttribute('data-compare', 'side');
  };
  const expectStopped = async () => {
    await expect(viewer.root).toHaveAttribute('data-compare', 'off');
    await expect(viewer.root).toHaveAttribute('data-compare-state', 'empty');
    await expect(viewer.compareLabels).toHaveCount(0);
    await expect(viewer.caption.getByTestId('model-name')).toHaveText(family.name);
    await expect(viewer.caption.getByTestId('compare-name')).toHaveCount(0);
  };

  await test.step('each side says which version it is; the caption names both', async () => {
    await compareTicked();
    await expect(viewer.compareLabel('a')).toHaveText(`A · ${labelA}`);
    await expect(viewer.compareLabel('b')).toHaveText(`B · ${labelB}`);
    await expect(viewer.compareLabels).not.toContainText('.glb');
    await expect(viewer.caption.getByTestId('model-name')).toHaveText(labelA);
    await expect(viewer.caption.getByTestId('compare-name')).toHaveText(labelB);
    // The caption's triangle count belongs to one model: not shown for two.
    await expect(viewer.caption).not.toContainText('triangles');
  });

  await test.step('Stop comparing ends it in one action', async () => {
    await expect(viewer.stopCompareButton).toBeInViewport();
    await viewer.stopCompareButton.click();
    await expectStopped();
    // The ticks went with the comparison.
    await expect(tree.getByTestId('version-pick').first()).not.toBeChecked();
  });

  await test.step('Escape ends it', async () => {
    await compareTicked();
    await page.keyboard.press('Escape');
    await expectStopped();
  });

  await test.step('unticking a compared version ends it', async () => {
    await compareTicked();
    await retexture.getByTestId('version-pick').uncheck();
    await expectStopped();
  });

  await test.step('the compare panel’s Stop comparing ends a library comparison too', async () => {
    await compareTicked();
    const panel = await viewer.tab('compare');
    await expect(panel.getByTestId('viewer-compare-name')).toContainText(labelB);
    await panel.getByTestId('viewer-compare-stop').click();
    await expectStopped();
  });
});

test('local files: the caption names the file shown, compare labels are file names, long ones ellipsize', async ({
  kiln,
  host,
}) => {
  test.setTimeout(180_000);
  const page = kiln.page;
  const lib = new LibraryPage(page);
  const viewer = new ViewerPage(page);
  const first = (await serviceLibrary(host, 'limit=1')).items[0]!;
  await lib.open();
  await lib.select(0);
  await lib.detail.getByTestId('detail-open').click();
  await expect(viewer.root).toHaveAttribute('data-viewer-state', 'ready', { timeout: 60_000 });
  await expect(viewer.caption.getByTestId('model-name')).toHaveText(first.name);
  await expect(viewer.caption).toContainText('triangles');

  await test.step('a dropped file: the caption names it and its own triangle count', async () => {
    await viewer.open(await coffeeModel());
    const triangles = Number(await viewer.root.getAttribute('data-triangles'));
    await expect(viewer.caption.getByTestId('model-name')).toHaveText('coffee.glb');
    await expect(viewer.caption).toContainText('Local file');
    await expect(viewer.caption).toContainText(`${triangles.toLocaleString('en-US')} triangles`);
    await expect(viewer.caption).not.toContainText(first.name);
    // Drag out and Show in folder act on the library model: not offered for a local file.
    await expect(viewer.caption.getByTestId('drag-out')).toHaveCount(0);
  });

  await test.step('compared with another file: both labelled by file name', async () => {
    const long = {
      ...(await coffeeModelV2()),
      name: `${'a very long file name '.repeat(8)}v2.glb`,
    };
    await viewer.drop(long, 'compare');
    await expect(viewer.root).toHaveAttribute('data-compare-state', 'ready', { timeout: 60_000 });
    await expect(viewer.compareLabel('a')).toHaveText('A · coffee.glb');
    await expect(viewer.compareLabel('b')).toHaveText(`B · ${long.name}`);
    await expect(viewer.compareLabel('b')).toHaveAttribute('title', long.name);
    // Ellipsized inside its half; Stop comparing stays on screen.
    const b = await viewer.compareLabel('b').evaluate((el) => {
      const r = el.getBoundingClientRect();
      const v = el.closest('[data-testid="viewer"]')!.getBoundingClientRect();
      return { overflows: el.scrollWidth > el.clientWidth, right: r.right, viewerRight: v.right };
    });
    expect(b.overflows).toBe(true);
    expect(b.right).toBeLessThanOrEqual(b.viewerRight);
    await expect(viewer.stopCompareButton).toBeInViewport();
    await expect(viewer.caption.getByTestId('model-name')).toHaveText('coffee.glb');
    await expect(viewer.caption.getByTestId('compare-name')).toHaveText(long.name);

    // In a narrower window, with an inspector panel open (it then spans the left half too),
    // Stop comparing is still clickable: the panel starts below the comparison's labels.
    await page.setViewportSize({ width: 1100, height: 720 });
    await viewer.control('viewer-tab-health').click();
    await expect(viewer.control('viewer-panel-health')).toBeVisible();
    await viewer.stopCompareButton.click({ trial: true, timeout: 5_000 });

    // At the 960 px minimum the viewer is narrow enough for its toolbar to wrap: the labels,
    // Stop and the panel move below however many rows it takes, and cover none of it.
    await page.setViewportSize({ width: 960, height: 700 });
    await expect
      .poll(() =>
        viewer.root.evaluate((root) => {
          const toolbar = root.querySelector('[role="toolbar"]')!.getBoundingClientRect();
          const groups = [...root.querySelectorAll('[role="toolbar"] > *')].map((g) =>
            g.getBoundingClientRect(),
          );
          const others = [
            ...root.querySelectorAll(
              '[data-testid^="viewer-compare-label-"], [data-testid="viewer-compare-end"], [data-testid="viewer-panel-health"]',
            ),
          ].map((e) => e.getBoundingClientRect());
          const meets = (a: DOMRect, b: DOMRect) =>
            a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          return {
            rows: new Set(groups.map((g) => Math.round(g.top))).size > 1 && toolbar.height > 50,
            shown: others.length,
            covered: others.filter((o) => groups.some((g) => meets(g, o))).length,
          };
        }),
      )
      .toEqual({ rows: true, shown: 4, covered: 0 });
    await viewer.stopCompareButton.click({ trial: true, timeout: 5_000 });
    await viewer.control('viewer-tab-health').click();
    await page.setViewportSize({ width: 1280, height: 800 });

    await viewer.canvas.click();
    await page.keyboard.press('Escape');
    await expect(viewer.root).toHaveAttribute('data-compare', 'off');
    await expect(viewer.caption.getByTestId('compare-name')).toHaveCount(0);
    await expect(viewer.caption.getByTestId('model-name')).toHaveText('coffee.glb');
  });

  await test.step('closing the file shows the library model again, and the caption says so', async () => {
    await viewer.control('viewer-close').click();
    await expect(viewer.root).toHaveAttribute('data-model-name', first.name);
    await expect(viewer.caption.getByTestId('model-name')).toHaveText(first.name);
    await expect(viewer.caption).not.toContainText('Local file');
  });
});
