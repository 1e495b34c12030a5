/**
 * The side panels resize and fold (issue 31): a splitter dragged with the pointer, moved and
 * folded from the keyboard, the left panel toggled by its command's shortcut; after a reload the
 * panels come back as they were left.
 */
import { expect, test } from '../support/fixtures';

test('splitters resize and fold the side panels, and a reload keeps them', async ({ kiln }) => {
  const page = kiln.page;
  const left = page.locator('.left-panel');
  const right = page.locator('.right-panel');
  const leftHandle = page.getByTestId('splitter-left');
  const rightHandle = page.getByTestId('splitter-right');
  const width = async (panel: typeof left) => (await panel.boundingBox())!.width;

  await expect(leftHandle).toHaveAttribute('aria-valuenow', '300');
  expect(await width(left)).toBeCloseTo(300, 0);

  // Drag the left handle 120 px towards the viewer: the panel follows while the pointer moves.
  const box = (await leftHandle.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, y, { steps: 4 });
  await expect.poll(() => width(left)).toBeCloseTo(360, 0);
  await page.mouse.move(box.x + box.width / 2 + 120, y, { steps: 4 });
  await page.mouse.up();
  await expect(leftHandle).toHaveAttribute('aria-valuenow', '420');
  expect(await width(left)).toBeCloseTo(420, 0);

  // The right handle from the keyboard: two steps wider, then Enter folds the panel.
  await rightHandle.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(rightHandle).toHaveAttribute('aria-valuenow', '352');
  await expect.poll(() => width(right)).toBeCloseTo(352, 0);
  await page.keyboard.press('Enter');
  await expect(rightHandle).toHaveAttribute('data-collapsed', 'true');
  await expect(rightHandle).toHaveAttribute('aria-valuetext', 'Folded');
  await expect(right).toBeHidden();

  await page.reload();
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
  await expect(leftHandle).toHaveAttribute('aria-valuenow', '420');
  await expect.poll(() => width(left)).toBeCloseTo(420, 0);
  await expect(right).toBeHidden();

  // A double click restores the folded panel at the width it had.
  await rightHandle.dblclick();
  await expect(right).toBeVisible();
  await expect.poll(() => width(right)).toBeCloseTo(352, 0);

  // The command's shortcut folds the left panel and brings it back.
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('Control+B');
  await expect(left).toBeHidden();
  await page.keyboard.press('Control+B');
  await expect(left).toBeVisible();
  await expect.poll(() => width(left)).toBeCloseTo(420, 0);
});
