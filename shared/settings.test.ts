import { describe, expect, it } from 'vitest';
import { SettingsPatchSchema } from './ipc/inputs';
import { SettingsViewSchema } from './ipc/views';
import {
  dropInvalidSettings,
  PAGE_SETTINGS,
  SETTING_KEYS,
  SETTINGS,
  SETTING_GROUP_IDS,
  settingsJsonSchema,
  settingsOfKind,
  type SettingSpec,
} from './settings';
import { isSettingGroup, SETTING_GROUPS, settingsByGroup } from './setting-groups';

describe('the settings’ declarations', () => {
  it('give the contract its view and its change, each setting checked as its kind says', () => {
    const view = SettingsViewSchema.safeParse({ baseUrl: 'https://x.test', requestBudget: 55 });
    // The settings that always have a value must be in every view.
    expect(view.success).toBe(false);
    expect(
      SettingsViewSchema.safeParse({
        baseUrl: 'https://x.test',
        requestBudget: 55,
        maxConcurrentJobs: 5,
        exportDir: '/home/a/Models',
        theme: 'dark',
      }).success,
    ).toBe(true);
    // A change resets what can be off or forgotten with null, and nothing else.
    expect(
      SettingsPatchSchema.safeParse({ exportDir: null, lowBalanceUsd: null, viewerLook: null })
        .success,
    ).toBe(true);
    expect(SettingsPatchSchema.safeParse({ theme: null }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ lowBalanceUsd: '1.5.0' }).success).toBe(false);
    // A whole number out of range passes the boundary: the settings service refuses it with the
    // declaration's sentence, which a schema error could not say.
    expect(SettingsPatchSchema.safeParse({ requestBudget: 0 }).success).toBe(true);
    expect(SettingsPatchSchema.safeParse({ requestBudget: '5' }).success).toBe(false);
  });

  it('give every whole-number setting a range that holds its default', () => {
    for (const key of settingsOfKind('int')) {
      const spec: SettingSpec = SETTINGS[key];
      const { min, max } = spec.range!;
      expect(spec.default).toBeGreaterThanOrEqual(min);
      expect(spec.default).toBeLessThanOrEqual(max);
      expect(spec.schema.safeParse(max + 1).success).toBe(false);
      expect(spec.schema.safeParse(min - 1).success).toBe(false);
    }
  });

  it('list the Settings window’s fields by group, each with a label and a hint', () => {
    expect(
      Object.fromEntries(settingsByGroup().map((g) => [g.id, g.settings.map((s) => s.key)])),
    ).toEqual({
      general: ['theme', 'language', 'units'],
      files: ['exportDir', 'cacheMaxMb', 'dragOutCompatible'],
      spending: ['confirmAboveUsd', 'lowBalanceUsd', 'spendWarningUsd'],
      service: ['baseUrl', 'platformUrl', 'maxConcurrentJobs'],
      updates: [],
      // Last: the budgets an artist seldom changes (the sandbox's test switches join them).
      advanced: ['requestBudget', 'balanceRefreshSeconds', 'prepareInBackground'],
    });
    expect(SETTING_GROUPS.at(-1)?.id).toBe('advanced');
    // The window's list has words for every group a setting may name, in the declared order.
    expect(SETTING_GROUPS.map((g) => g.id)).toEqual([...SETTING_GROUP_IDS]);
    // Every setting the window shows is in exactly one group, the groups in the window's order.
    expect(
      settingsByGroup()
        .flatMap((g) => g.settings)
        .map((s) => s.key)
        .sort(),
    ).toEqual(PAGE_SETTINGS.map((s) => s.key).sort());
    for (const g of SETTING_GROUPS) expect(g.label.id).toBe(`settingGroup.${g.id}`);
    expect(isSettingGroup('files')).toBe(true);
    expect(isSettingGroup('sandbox')).toBe(false);
    // Words of the shared catalog, with the contract's limit as a value.
    expect(PAGE_SETTINGS.find((s) => s.key === 'requestBudget')?.hint).toMatchObject({
      id: 'setting.requestBudget.hint',
      message: expect.stringContaining('allows {limit}'),
      values: { limit: 60 },
    });
    for (const s of PAGE_SETTINGS) {
      expect(s.label.id).toBe(`setting.${s.key}`);
      expect(s.hint.id).toBe(`setting.${s.key}.hint`);
    }
  });

  it('give electron-store a JSON schema with the same ranges and choices', () => {
    const schema = settingsJsonSchema();
    expect(Object.keys(schema)).toEqual(SETTING_KEYS);
    expect(schema['requestBudget']).toMatchObject({ type: 'integer', minimum: 1, maximum: 60 });
    expect(schema['units']).toMatchObject({ enum: ['mm', 'cm', 'in'] });
    expect(schema['theme']).toMatchObject({ enum: ['system', 'light', 'dark'] });
    expect(schema['welcomeSeen']).toEqual({ type: 'boolean' });
    expect(schema['baseUrl']).not.toHaveProperty('$schema');
    // A remembered set of choices is an object of plain values for electron-store too.
    expect(schema['viewerLook']).toMatchObject({ type: 'object' });
  });

  it('drop only the values that break their declaration', () => {
    expect(
      dropInvalidSettings({
        requestBudget: 500,
        units: 'cm',
        lowBalanceUsd: 'ten',
        keyIndex: { keys: [] },
      }),
    ).toEqual({ units: 'cm', keyIndex: { keys: [] } });
  });
});
