/**
 * Economics: a seeded random run of mixed calls (generations, failures, builds, polls, 402s, 429s)
 * against the served sandbox. Whatever happens, the money must add up exactly: the balance is the
 * start minus every charge plus every refund, nothing is charged twice, every failure is refunded
 * once, and what the client was told (billing bodies and headers) matches the ledger.
 */
import { describe, expect, it } from 'vitest';
import { addUsd, subUsd, type Usd } from '../../../shared/money';
import { mulberry32 } from '../../../shared/segmentation/random';
import { photo, photoForm, startService, uniformPhoto, viewsForm } from '../testing/test-support';

interface Billing {
  cost_usd: string;
  balance_usd: string;
  charge_ids: string[];
}

describe('economics', () => {
  it('150 seeded mixed calls: balance = start − charges + refunds, no double charge', async () => {
    const START = '9.00';
    const service = await startService({
      keys: ['sk-econ-a', 'sk-econ-b'],
      balanceUsd: START,
      keyLimitUsd: '6.00',
      taskSeconds: 2,
      jobSeconds: 1,
    });
    const random = mulberry32(20250615);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const coffee = photo('coffee.png');
    const chelsea = photo('chelsea.png');
    const grey = await uniformPhoto();

    const told = new Map<string, Billing>(); // charge id → billing the client saw
    const statuses = new Map<number, number>();
    const tasks = new Set<string>();
    const models: string[] = [];
    const concepts: string[] = [];

    const record = async (res: {
      status: number;
      body: Record<string, unknown>;
      headers: Headers;
    }) => {
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const billing = res.body.billing as Billing | undefined;
      if (billing) {
        expect(res.headers.get('x-service-cost-usd')).toBe(billing.cost_usd);
        expect(res.headers.get('x-service-balance-usd')).toBe(billing.balance_usd);
        for (const id of billing.charge_ids) {
          expect(told.has(id), `charge ${id} reported twice`).toBe(false);
          told.set(id, billing);
        }
      } else {
        expect(res.headers.get('x-service-cost-usd')).toBeNull();
      }
      if (res.status === 402) {
        expect(['insufficient_balance', 'key_limit_reached']).toContain(
          (res.body.detail as { error: string }).error,
        );
      }
      return res;
    };

    try {
      for (let i = 0; i < 150; i++) {
        const key = pick(['sk-econ-a', 'sk-econ-b']);
        const roll = random();
        if (roll < 0.25) {
          const tier = pick(['', '/fast', '/ultra']);
          const image = pick([coffee, chelsea, grey]);
          const res = await record(
            await service.json(`/generate/cloud${tier}?poly_count=10000&texture_size=1024&seed=5`, {
              method: 'POST',
              key,
              body: photoForm(image, image === grey ? 'grey.png' : 'photo.png'),
            }),
          );
          if (res.status === 200) tasks.add(res.body.task_id as string);
        } else if (roll < 0.3) {
          const res = await record(
            await service.json(
              '/generate/cloud/multi/fast?poly_count=10000&texture_size=1024&seed=5',
              {
                method: 'POST',
                key,
                body: viewsForm([
                  { bytes: pick([coffee, grey]), name: 'front.png' },
                  { bytes: chelsea, name: 'back.png' },
                ]),
              },
            ),
          );
          if (res.status === 200) tasks.add(res.body.task_id as string);
        } else if (roll < 0.37) {
          const res = await record(
            await service.json('/generate/text/imagine', {
              method: 'POST',
              key,
              body: JSON.stringify({
                prompt: pick(['a teapot', 'a toy robot']),
                style: pick([null, 'clay']),
              }),
            }),
          );
          if (res.status === 200) concepts.push(res.body.concept_id as string);
        } else if (roll < 0.42 && concepts.length > 0) {
          const res = await record(
            await service.json('/generate/text', {
              method: 'POST',
              key,
              body: JSON.stringify({
                concept_id: pick(concepts),
                mode: 'fast',
                poly_count: 10000,
                texture_size: 1024,
                seed: 5,
              }),
            }),
          );
          if (res.status === 200) tasks.add(res.body.task_id as string);
        } else if (roll < 0.46 && models.length > 0) {
          const res = await record(
            await service.json(
              `/generate/retexture?model_id=${pick(models)}&texture_size=1024&seed=5`,
              {
                method: 'POST',
                key,
                body: photoForm(pick([coffee, grey])),
              },
            ),
          );
          if (res.status === 200) tasks.add(res.body.task_id as string);
        } else if (roll < 0.75 && models.length > 0) {
          const route = pick([
            'export',
            'export?format=stl',
            'export?format=fbx',
            'print?length_mm=50',
            'retopo?faces=800',
            'retopo?format=fbx',
            'rig?kind=generic',
            'parts',
            'gamepack?collider=simple',
            'make/papercraft',
          ]);
          // Few distinct models, so identical calls (polls) happen often.
          await record(await service.json(`/model/${pick(models.slice(0, 3))}/${route}`, { key }));
        } else if (roll < 0.9 && tasks.size > 0) {
          const res = await record(await service.json(`/task/${pick([...tasks])}/status`, { key }));
          if (res.body.status === 'done' && !models.includes(res.body.model_id as string)) {
            models.push(res.body.model_id as string);
          }
        } else {
          await record(
            await service.json(
              pick(['/library', '/api/platform/balance', '/api/platform/prices']),
              { key },
            ),
          );
        }
        if (random() < 0.3) {
          await service.sandbox.idle();
          service.clock.advance(Math.floor(random() * 3000));
        }
        // Now and then the account is topped up a little, as a user would.
        if (i === 90) service.sandbox.setBalance(addUsd(service.sandbox.balance(), '3.00'));
      }
      await service.sandbox.idle();
      service.clock.advance(10_000);
      for (const id of tasks) await record(await service.json(`/task/${id}/status`));

      const ledger = service.sandbox.ledger();
      const charges = ledger.filter((e) => e.type === 'charge');
      const refunds = ledger.filter((e) => e.type === 'refund');
      let expected: Usd = addUsd(START, '3.00');
      for (const c of charges) expected = subUsd(expected, c.amountUsd);
      for (const r of refunds) expected = addUsd(expected, r.amountUsd);
      expect(service.sandbox.balance()).toBe(expected);
      expect((await service.json('/api/platform/balance')).body.balance_usd).toBe(expected);

      // Each charge paid for exactly one thing; each refund undoes exactly one charge, in full.
      const subjects = charges.map((c) => c.subject);
      expect(new Set(subjects).size).toBe(charges.length);
      expect(new Set(refunds.map((r) => r.chargeId)).size).toBe(refunds.length);
      for (const r of refunds) {
        const charge = charges.find((c) => c.id === r.chargeId)!;
        expect(r.amountUsd).toBe(charge.amountUsd);
        expect(r.at).toBeGreaterThanOrEqual(charge.at);
      }
      // What the client was told matches the ledger, charge for charge.
      expect([...told.keys()].sort()).toEqual(charges.map((c) => c.id).sort());
      for (const c of charges) expect(told.get(c.id)!.cost_usd).toBe(c.amountUsd);
      // Failed tasks were refunded; finished ones were not.
      for (const id of tasks) {
        const status = (await service.json(`/task/${id}/status`)).body.status;
        const charge = charges.find((c) => c.subject === id)!;
        expect(refunds.some((r) => r.chargeId === charge.id)).toBe(status === 'error');
      }
      // The run exercised the interesting paths.
      expect(refunds.length).toBeGreaterThan(3);
      expect(statuses.get(202)).toBeGreaterThan(3);
      expect(statuses.get(402)).toBeGreaterThan(0);
      expect(charges.length).toBeGreaterThan(20);
    } finally {
      await service.close();
    }
  }, 60_000);
});
