/**
 * Inspecting a model, in one window: every shading mode, the statistics panel, real-world
 * dimensions in three units with the overlay on the model, and opening Draco-compressed and
 * multi-file glTF models dropped from the desktop.
 */
import { expect, test } from '../support/fixtures';
import { coffeeGltfFiles, coffeeModel, dracoModel } from '../support/fixture-models';
import { imageDifference, regionStats, ViewerPage, type Pixels } from '../support/viewer-page';

const MODEL = { x0: 0.35, x1: 0.65, y0: 0.35, y1: 0.65 };

test('shading modes, statistics and dimensions, then Draco and multi-file glTF models', async ({
  kiln,
}) => {
  test.setTimeout(180_000);
  const viewer = new ViewerPage(kiln.page);
  await viewer.open(await coffeeModel());

  await test.step('each shading mode draws the model differently', async () => {
    await viewer.waitIdle();
    const shots = new Map<string, Pixels>([['pbr', await viewer.pixels()]]);
    for (const mode of ['clay', 'wireframe', 'normals', 'uv', 'basecolor']) {
      await viewer.control('viewer-shading').selectOption(mode);
      await viewer.waitDrawn(`shading=${mode}`);
      shots.set(mode, await viewer.pixels());
    }
    // Every mode is visibly its own.
    const modes = [...shots.keys()];
    for (let i = 0; i < modes.length; i++) {
      for (let j = i + 1; j < modes.length; j++) {
        expect(
          imageDifference(shots.get(modes[i]!)!, shots.get(modes[j]!)!),
          `${modes[i]} vs ${modes[j]}`,
        ).toBeGreaterThan(0.5);
      }
    }
    const stats = (mode: string) => regionStats(shots.get(mode)!, MODEL);
    // Clay is grey where the coffee cup is red; normals are the familiar blue-purple.
    expect(stats('clay').saturation).toBeLessThan(stats('pbr').saturation / 2);
    expect(stats('normals').b).toBeGreaterThan(stats('normals').g);
    expect(stats('normals').saturation).toBeGreaterThan(60);
    // The UV checker paints many hues; base colour is the texture without light (no dark shading).
    expect(stats('uv').saturation).toBeGreaterThan(stats('clay').saturation + 20);
    expect(stats('basecolor').saturation).toBeGreaterThan(stats('clay').saturation);

    // Back to PBR: the same picture as at first, so the swapped materials were restored.
    await viewer.control('viewer-shading').selectOption('pbr');
    await viewer.waitDrawn('shading=pbr');
    expect(imageDifference(await viewer.pixels(), shots.get('pbr')!)).toBeLessThan(0.5);
  });

  await test.step('statistics, texture list, GPU memory and dimensions in mm, cm and m', async () => {
    const triangles = Number(await viewer.root.getAttribute('data-triangles'));
    expect(triangles).toBeGreaterThan(18_000);
    expect(triangles).toBeLessThan(22_000);

    const panel = await viewer.tab('stats');
    await expect(panel.getByTestId('viewer-stat-triangles')).toHaveText(
      triangles.toLocaleString('en-US'),
    );
    await expect(panel.getByTestId('viewer-stat-meshes')).toHaveText('1');
    await expect(panel.getByTestId('viewer-stat-materials')).toHaveText('1');
    await expect(panel.getByTestId('viewer-stat-textures')).toHaveText('1');
    await expect(panel.getByTestId('viewer-texture-list')).toContainText('Base colour');
    await expect(panel.getByTestId('viewer-texture-list')).toContainText('1024 × 1024 · WebP');
    await expect(panel.getByTestId('viewer-stat-gpu')).toHaveText(/≈ \d+(\.\d)? MB/);

    // The sandbox makes mugs 22–34 cm on their longest side.
    const size = panel.getByTestId('viewer-size');
    await expect(size).toHaveText(/^[\d.]+ cm × [\d.]+ cm × [\d.]+ cm/);
    const cm = (await size.textContent())!.match(/[\d.]+/g)!.map(Number);
    expect(Math.max(...cm)).toBeGreaterThan(20);
    expect(Math.max(...cm)).toBeLessThan(36);
    await panel.getByTestId('viewer-unit-mm').click();
    await expect(size).toHaveText(/^[\d,]+ mm × [\d,]+ mm × [\d,]+ mm/);
    const mm = (await size.textContent())!
      .match(/[\d,]+(?= mm)/g)!
      .map((v) => Number(v.replace(',', '')));
    mm.forEach((v, i) => expect(Math.abs(v - cm[i]! * 10)).toBeLessThanOrEqual(1));
    await panel.getByTestId('viewer-unit-m').click();
    await expect(size).toHaveText(/^0\.\d{3} m × 0\.\d{3} m × 0\.\d{3} m/);

    // The overlay writes the same lengths on the model.
    const before = await viewer.pixels();
    await viewer.control('viewer-dimensions').click();
    await viewer.waitDrawn('dims=on');
    const width = viewer.control('viewer-dimension-x');
    await expect(width).toBeVisible();
    await expect(width).toHaveText((await size.textContent())!.split(' × ')[0]!);
    expect(imageDifference(await viewer.pixels(), before)).toBeGreaterThan(0.2); // the box lines
  });

  await test.step('Draco-compressed and multi-file glTF models open with the shipped decoders', async () => {
    await viewer.open(await dracoModel());
    expect(Number(await viewer.root.getAttribute('data-triangles'))).toBeGreaterThan(18_000);
    // The decoder came from the app itself (the fixture fails the test on any other host).
    const loaded = await kiln.page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    );
    // three's own glTF decoder build, emitted once into the app's assets (no second copy).
    expect(loaded).toContainEqual(
      expect.stringMatching(/\/assets\/draco_wasm_wrapper-[\w-]+\.js$/),
    );
    expect(loaded).toContainEqual(expect.stringMatching(/\/assets\/draco_decoder-[\w-]+\.wasm$/));

    // A .gltf dropped with its .bin and texture beside it.
    await viewer.open(await coffeeGltfFiles());
    await expect(viewer.root).toHaveAttribute('data-textures', '1');
    expect(regionStats(await viewer.pixels(), MODEL).saturation).toBeGreaterThan(30);

    // Something that is not a model is refused with a sentence, and the open model stays.
    await viewer.drop({ name: 'notes.txt', bytes: new TextEncoder().encode('hello') });
    await expect(viewer.control('viewer-drop-error')).toContainText(
      'Drop a model file to inspect it: .glb, .gltf, .stl',
    );
    await expect(viewer.root).toHaveAttribute('data-model-name', 'coffee.gltf');
  });
});
