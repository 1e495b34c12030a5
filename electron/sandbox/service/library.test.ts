/**
 * The library over HTTP (service-api.md §4.8, §4.9): order, filters, families, paging, 422s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  finishTask,
  photo,
  photoForm,
  startService,
  type TestService,
} from '../testing/test-support';

interface Row {
  model_id: string;
  name: string;
  created_at: string;
  kind: string;
  source: string;
  published: boolean;
  favourite: boolean;
  root_id: string;
  versions_count?: number;
  thumbnail_url: string;
}
interface Page {
  items: Row[];
  page: number;
  limit: number;
  total: number;
  pages: number;
}

describe('library', () => {
  let service: TestService;
  const list = async (query = '') => {
    const res = await service.json<Page>(`/library${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    service = await startService({ websiteModels: 12, seedModels: 30 });
  });
  afterAll(() => service.close());

  it('lists newest first, 50 per page by default, without remesh and rig versions', async () => {
    const page = await list();
    expect(page).toMatchObject({ page: 1, limit: 50, pages: 1 });
    // 30 API models + 12 website roots + 3 retexture versions (remesh versions hidden).
    expect(page.total).toBe(45);
    expect(page.items).toHaveLength(45);
    const dates = page.items.map((r) => Date.parse(r.created_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(page.items.some((r) => r.kind === 'remesh')).toBe(false);
    const all = await list('?include_remesh=1');
    expect(all.total).toBe(49);
    expect(all.items.filter((r) => r.kind === 'remesh')).toHaveLength(4);
  });

  it('searches names case-insensitively and filters published and starred models', async () => {
    const mugs = await list('?search=MUG');
    expect(mugs.total).toBeGreaterThan(0);
    for (const row of mugs.items) expect(row.name.toLowerCase()).toContain('mug');
    const published = await list('?published=true');
    expect(published.total).toBeGreaterThan(0);
    expect(published.items.every((r) => r.published)).toBe(true);
    const starred = await list('?favourite=true');
    expect(starred.total).toBeGreaterThan(0);
    expect(starred.items.every((r) => r.favourite)).toBe(true);
    // Only "true" filters; other values list everything, as documented.
    expect((await list('?published=false')).total).toBe(45);
  });

  it('groups by family with root_id and versions_count; has_versions keeps families of 2 or more', async () => {
    const families = await list('?group=family&limit=200');
    expect(families.total).toBe(42);
    const roots = new Set(families.items.map((r) => r.root_id));
    expect(roots.size).toBe(42);
    const multi = families.items.filter((r) => (r.versions_count ?? 0) >= 2);
    expect(multi).toHaveLength(3);
    // The family row is its newest version.
    for (const row of multi) expect(row.kind).toBe('retexture');
    const withVersions = await list('?group=family&has_versions=true');
    expect(withVersions.items.map((r) => r.root_id).sort()).toEqual(
      multi.map((r) => r.root_id).sort(),
    );
    const withRemesh = await list('?group=family&has_versions=true&include_remesh=1');
    expect(withRemesh.total).toBe(6);
    expect(withRemesh.items.every((r) => (r.versions_count ?? 0) >= 2)).toBe(true);
  });

  it('pages with page and limit', async () => {
    const all = (await list('?limit=200')).items.map((r) => r.model_id);
    const second = await list('?limit=7&page=2');
    expect(second).toMatchObject({ page: 2, limit: 7, total: 45, pages: 7 });
    expect(second.items.map((r) => r.model_id)).toEqual(all.slice(7, 14));
    const last = await list('?limit=7&page=7');
    expect(last.items).toHaveLength(3);
    expect((await list('?limit=7&page=8')).items).toEqual([]);
  });

  it.each([
    ['?page=0', 'page', 'greater_than_equal'],
    ['?page=first', 'page', 'int_parsing'],
    ['?limit=0', 'limit', 'greater_than_equal'],
    ['?limit=201', 'limit', 'less_than_equal'],
    ['?group=user', 'group', 'literal_error'],
  ])('%s → 422', async (query, field, type) => {
    const res = await service.json<{ detail: Array<{ loc: unknown[]; type: string }> }>(
      `/library${query}`,
    );
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['query', field], type });
  });

  it('shows a new model only once its task is done, at the top', async () => {
    const slow = await startService({ taskSeconds: 20, seedModels: 3 });
    try {
      const start = await slow.json('/generate/cloud/fast?poly_count=10000&texture_size=1024', {
        method: 'POST',
        body: photoForm(photo('coffee.png'), 'Espresso Cup.png'),
      });
      await slow.sandbox.idle();
      expect((await slow.json<Page>('/library')).body.total).toBe(3);
      slow.clock.advance(20_000);
      const status = await finishTask(slow, start.body.task_id as string);
      const page = (await slow.json<Page>('/library?search=espresso')).body;
      expect(page.items.map((r) => r.model_id)).toEqual([status.model_id]);
      expect((await slow.json<Page>('/library')).body.items[0]!.name).toBe('Espresso Cup');
    } finally {
      await slow.close();
    }
  });

  it('answers from a sorted listing that follows every change: flags, new models, the clock', async () => {
    const slow = await startService({ taskSeconds: 20, seedModels: 5 });
    try {
      await slow.sandbox.ready();
      const first = await slow.json<Page>('/library?published=true');
      expect(first.body.total).toBe(0);
      // Pages of one listing agree with each other.
      const all = (await slow.json<Page>('/library')).body.items.map((r) => r.model_id);
      const second = await slow.json<Page>('/library?limit=2&page=2');
      expect(second.body.items.map((r) => r.model_id)).toEqual(all.slice(2, 4));
      slow.sandbox.setModelFlags(all[3]!, { published: true });
      const published = (await slow.json<Page>('/library?published=true')).body;
      expect(published.items.map((r) => r.model_id)).toEqual([all[3]]);
      // A model whose task is still running appears once its time has come, and goes again if
      // the clock is set back.
      await slow.json('/generate/cloud/fast?poly_count=10000&texture_size=1024', {
        method: 'POST',
        body: photoForm(photo('coffee.png'), 'Late Cup.png'),
      });
      await slow.sandbox.idle();
      expect((await slow.json<Page>('/library')).body.total).toBe(5);
      slow.clock.advance(20_000);
      expect((await slow.json<Page>('/library')).body.items[0]!.name).toBe('Late Cup');
      slow.clock.advance(-20_000);
      expect((await slow.json<Page>('/library')).body.total).toBe(5);
    } finally {
      await slow.close();
    }
  });

  it('handles a big library', async () => {
    const big = await startService({ seedModels: 3000 });
    try {
      await big.sandbox.ready();
      const started = performance.now();
      const page = (await big.json<Page>('/library?page=15&limit=200')).body;
      expect(page.total).toBe(3000);
      expect(page.items).toHaveLength(200);
      expect(performance.now() - started).toBeLessThan(1000);
      const thumb = await big.call(page.items[0]!.thumbnail_url);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
    } finally {
      await big.close();
    }
  });
});
