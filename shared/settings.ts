/**
 * Every setting of Kiln, declared once (design.md §9): its key, the schema of a stored value, its
 * default, its range and the sentence for a value out of it, and its label and hint where the
 * Settings page shows it. The settings service's tolerant read, checks and defaults, the Settings
 * page's fields, the IPC schemas of the settings view and a settings change
 * (`SETTINGS_VIEW_SHAPE`, `SETTINGS_PATCH_SHAPE`) and electron-store's JSON schema and migrations
 * all derive from this table, so a new setting is one entry here.
 */
import { z } from 'zod';
import { LIMITS } from './api/rules';
import { LOCALE_NAMES, LOCALES, PSEUDO_LOCALE, type UiLocale } from './locale';
import { isUsd } from './money';
import type { Words } from './words';

/** Length units Kiln can show. */
export const UNITS = ['mm', 'cm', 'in'] as const;

/** Themes Kiln can show: the OS's choice (light or dark, following it as it changes), or one pinned. */
export const THEMES = ['system', 'light', 'dark'] as const;

/** A theme setting's value. */
export type Theme = (typeof THEMES)[number];

/**
 * Languages Kiln can speak: the OS's choice, one of the shipped ones (`shared/locale.ts`), or the
 * pseudo-locale (development and tests; not offered on the Settings page).
 */
export const LANGUAGES = ['system', ...LOCALES, PSEUDO_LOCALE] as ['system', ...UiLocale[]];

/** A language setting's value. */
export type Language = 'system' | UiLocale;

/** Default of the platform URL when the host names none (like the base URL's, a placeholder). */
export const DEFAULT_PLATFORM_URL = 'https://platform.invalid';

/**
 * How a setting is edited: an address, a whole number in a range, an optional dollar threshold
 * (absent: off), a folder's full path, one of a few named choices, a switch, or `memory`: how
 * the artist left the app (the viewer's look, the last model, the Create form), remembered as
 * they work rather than set on the Settings page (`null` in a patch forgets it).
 */
export type SettingKind = 'url' | 'int' | 'usd' | 'folder' | 'choice' | 'flag' | 'memory';

/**
 * The groups of the Settings window, in the order its list shows them (their words load with the
 * window: `shared/setting-groups.ts`).
 */
export const SETTING_GROUP_IDS = [
  'general',
  'files',
  'spending',
  'service',
  'updates',
  'advanced',
] as const;

/** A group of the Settings window. */
export type SettingGroupId = (typeof SETTING_GROUP_IDS)[number];

/** The declaration of one setting. */
export interface SettingSpec {
  readonly kind: SettingKind;
  /** What a stored value must be; a stored value that is not falls back to the default. */
  readonly schema: z.ZodType;
  /**
   * The default; `undefined` where the platform gives it (the base URL, the export folder) or
   * where absent means "off" (the dollar thresholds).
   */
  readonly default?: string | number | boolean;
  /** A whole-number setting's range, and the sentence for a value outside it. */
  readonly range?: Readonly<{ min: number; max: number; refusal: string }>;
  /** A choice setting's values with the words the user reads for each, in the order shown. */
  readonly choices?: ReadonlyArray<Readonly<{ value: string; label: Words }>>;
  /**
   * The settings view always carries a value (a declared default, or the platform's: the base URL,
   * the export folder), so a reader needs no fallback.
   */
  readonly always?: true;
  /**
   * Where the Settings window shows it: its group (in declaration order within it), its label and
   * its hint; absent: set elsewhere (a remembered choice, or a panel of its own such as the
   * updater's).
   */
  readonly page?: Readonly<{ group: SettingGroupId; label: Words; hint: Words }>;
}

const usd = z.string().refine(isUsd, 'expected a decimal dollar amount');

/**
 * A remembered set of choices, field by field. Only its shape is checked here: each field's
 * choices belong to the part of the app that owns them (the viewer's shading modes, Create's
 * versions), which takes the fields it knows and ignores the rest, so an older or newer Kiln's
 * memory never breaks a start.
 */
const choices = z
  .record(z.string().max(64), z.union([z.string().max(200), z.number(), z.boolean()]))
  .refine((r) => Object.keys(r).length <= 64, 'too many fields');

function whole(
  min: number,
  max: number,
  refusal: string,
): { schema: z.ZodNumber; range: NonNullable<SettingSpec['range']> } {
  return { schema: z.number().int().min(min).max(max), range: { min, max, refusal } };
}

/** Every setting, in the order the Settings page shows those it shows. */
export const SETTINGS = {
  baseUrl: {
    always: true,
    kind: 'url',
    schema: z.string(),
    page: {
      group: 'service',
      label: /*i18n*/ { id: 'setting.baseUrl', message: 'Service address' },
      hint: /*i18n*/ {
        id: 'setting.baseUrl.hint',
        message: 'Where the live service answers (https).',
      },
    },
  },
  platformUrl: {
    kind: 'url',
    schema: z.string(),
    default: DEFAULT_PLATFORM_URL,
    page: {
      group: 'service',
      label: /*i18n*/ { id: 'setting.platformUrl', message: 'Platform address' },
      hint: /*i18n*/ {
        id: 'setting.platformUrl.hint',
        message: 'Where keys and top-ups are managed.',
      },
    },
  },
  requestBudget: {
    always: true,
    kind: 'int',
    ...whole(
      1,
      LIMITS.requestsPerMinute,
      `The request budget must be a whole number from 1 to ${LIMITS.requestsPerMinute} per minute (the service allows ${LIMITS.requestsPerMinute}).`,
    ),
    default: 55,
    page: {
      group: 'advanced',
      label: /*i18n*/ { id: 'setting.requestBudget', message: 'Request budget (per minute)' },
      hint: /*i18n*/ {
        id: 'setting.requestBudget.hint',
        message: 'The service allows {limit}; Kiln stays under it. Applies at the next start.',
        values: { limit: LIMITS.requestsPerMinute },
      },
    },
  },
  maxConcurrentJobs: {
    always: true,
    kind: 'int',
    ...whole(
      1,
      LIMITS.concurrentJobs,
      `Kiln can run 1 to ${LIMITS.concurrentJobs} generations at once (the account allows ${LIMITS.concurrentJobs}).`,
    ),
    default: LIMITS.concurrentJobs,
    page: {
      group: 'service',
      label: /*i18n*/ { id: 'setting.maxConcurrentJobs', message: 'Generations at once' },
      hint: /*i18n*/ {
        id: 'setting.maxConcurrentJobs.hint',
        message: 'The account allows {limit}.',
        values: { limit: LIMITS.concurrentJobs },
      },
    },
  },
  balanceRefreshSeconds: {
    kind: 'int',
    ...whole(15, 3600, 'Refresh the balance every 15 to 3600 seconds.'),
    default: 60,
    page: {
      group: 'advanced',
      label: /*i18n*/ { id: 'setting.balanceRefreshSeconds', message: 'Balance refresh (seconds)' },
      hint: /*i18n*/ {
        id: 'setting.balanceRefreshSeconds.hint',
        message: 'How often Kiln reads the balance to see other spending.',
      },
    },
  },
  prepareInBackground: {
    kind: 'flag',
    schema: z.boolean(),
    default: true,
    page: {
      group: 'advanced',
      label: /*i18n*/ {
        id: 'setting.prepareInBackground',
        message: 'Prepare the viewer and photo checks while Kiln is idle',
      },
      hint: /*i18n*/ {
        id: 'setting.prepareInBackground.hint',
        message:
          'The first model and the first photo check come sooner. Off saves a few seconds of processor time at each start, on battery or without a graphics card.',
      },
    },
  },
  exportDir: {
    always: true,
    kind: 'folder',
    schema: z.string(),
    page: {
      group: 'files',
      label: /*i18n*/ { id: 'setting.exportDir', message: 'Export folder' },
      hint: /*i18n*/ {
        id: 'setting.exportDir.hint',
        message: 'Where exports, prints and CSVs are saved (full path).',
      },
    },
  },
  cacheMaxMb: {
    kind: 'int',
    ...whole(100, 1_000_000, 'The cache limit must be a whole number of MB from 100 to 1000000.'),
    default: 2048,
    page: {
      group: 'files',
      label: /*i18n*/ { id: 'setting.cacheMaxMb', message: 'Model cache limit (MB)' },
      hint: /*i18n*/ {
        id: 'setting.cacheMaxMb.hint',
        message: 'Older downloaded models are removed beyond it.',
      },
    },
  },
  confirmAboveUsd: {
    kind: 'usd',
    schema: usd,
    page: {
      group: 'spending',
      label: /*i18n*/ {
        id: 'setting.confirmAboveUsd',
        message: 'Ask before spending more than ($)',
      },
      hint: /*i18n*/ {
        id: 'setting.confirmAboveUsd.hint',
        message: 'Empty: never ask. 0: always ask.',
      },
    },
  },
  lowBalanceUsd: {
    kind: 'usd',
    schema: usd,
    page: {
      group: 'spending',
      label: /*i18n*/ {
        id: 'setting.lowBalanceUsd',
        message: 'Warn when the balance is below ($)',
      },
      hint: /*i18n*/ { id: 'setting.lowBalanceUsd.hint', message: 'Empty: no warning.' },
    },
  },
  spendWarningUsd: {
    kind: 'usd',
    schema: usd,
    page: {
      group: 'spending',
      label: /*i18n*/ {
        id: 'setting.spendWarningUsd',
        message: "Warn when this month's spend passes ($)",
      },
      hint: /*i18n*/ { id: 'setting.spendWarningUsd.hint', message: 'Empty: no warning.' },
    },
  },
  theme: {
    kind: 'choice',
    schema: z.enum(THEMES),
    default: 'system',
    choices: [
      {
        value: 'system',
        label: /*i18n*/ { id: 'setting.theme.system', message: 'Follow the system' },
      },
      { value: 'light', label: /*i18n*/ { id: 'setting.theme.light', message: 'Light' } },
      { value: 'dark', label: /*i18n*/ { id: 'setting.theme.dark', message: 'Dark' } },
    ],
    page: {
      group: 'general',
      label: /*i18n*/ { id: 'setting.theme', message: 'Appearance' },
      hint: /*i18n*/ {
        id: 'setting.theme.hint',
        message: 'Light or dark; “Follow the system” changes with the OS.',
      },
    },
  },
  language: {
    kind: 'choice',
    schema: z.enum(LANGUAGES),
    default: 'system',
    choices: [
      {
        value: 'system',
        label: /*i18n*/ { id: 'setting.language.system', message: 'Follow the system' },
      },
      // Each language by its own name, whatever the current one: a reader finds theirs.
      // (Names, not messages: the same in every catalog.)
      ...LOCALES.map((l) => ({
        value: l,
        label: { id: `language.${l}`, message: LOCALE_NAMES[l] },
      })),
    ],
    page: {
      group: 'general',
      label: /*i18n*/ { id: 'setting.language', message: 'Language' },
      hint: /*i18n*/ {
        id: 'setting.language.hint',
        message: 'Kiln’s words, numbers and dates. “Follow the system” uses the OS’s language.',
      },
    },
  },
  units: {
    kind: 'choice',
    schema: z.enum(UNITS),
    default: 'cm',
    choices: [
      { value: 'mm', label: /*i18n*/ { id: 'setting.units.mm', message: 'Millimetres (mm)' } },
      { value: 'cm', label: /*i18n*/ { id: 'setting.units.cm', message: 'Centimetres (cm)' } },
      { value: 'in', label: /*i18n*/ { id: 'setting.units.in', message: 'Inches (in)' } },
    ],
    page: {
      group: 'general',
      label: /*i18n*/ { id: 'setting.units', message: 'Length units' },
      hint: /*i18n*/ {
        id: 'setting.units.hint',
        message: 'Used for sizes in the viewer and print tools.',
      },
    },
  },
  welcomeSeen: { kind: 'flag', schema: z.boolean(), default: false },
  checkUpdatesAtStart: { kind: 'flag', schema: z.boolean(), default: true },
  dragOutCompatible: {
    kind: 'flag',
    schema: z.boolean(),
    default: false,
    page: {
      group: 'files',
      label: /*i18n*/ {
        id: 'setting.dragOutCompatible',
        message:
          'Drag library models out as a compatible GLB (PNG/JPEG textures, read by every importer)',
      },
      hint: /*i18n*/ {
        id: 'setting.dragOutCompatible.hint',
        message: 'Made on this computer when a model opens, and kept in the model cache beside it.',
      },
    },
  },
  /**
   * The viewer's look as the artist left it: shading, lighting and its rotation, exposure,
   * background, grid, shadow, dimensions, turntable (viewer-settings.ts says which fields).
   */
  viewerLook: { kind: 'memory', schema: choices },
  /** The turntable recorder's and the health check's own choices (their panels say which). */
  viewerTools: { kind: 'memory', schema: choices },
  /** The model open when the artist last left: it reopens at the next start. */
  lastModelId: { kind: 'memory', schema: z.string().min(1).max(200) },
  /** Create's model version and generation settings as last used to start a job. */
  createForm: { kind: 'memory', schema: choices },
  /** The side panels' widths and which are folded away (shared/panel-layout.ts reads it). */
  panelLayout: { kind: 'memory', schema: choices },
  /**
   * The Settings window's group last shown; a group this Kiln does not know (an older or newer
   * one's) opens the first.
   */
  settingsGroup: { kind: 'memory', schema: z.string().min(1).max(64) },
} as const satisfies Record<string, SettingSpec>;

/** The key of a setting. */
export type SettingKey = keyof typeof SETTINGS;

/** Every setting's key, in declaration order. */
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

/** The declaration of `key`. */
export function settingSpec(key: SettingKey): SettingSpec {
  return SETTINGS[key];
}

/** The keys of the settings of one kind, in declaration order. */
export function settingsOfKind<K extends SettingKind>(kind: K): SettingKeyOfKind<K>[] {
  return SETTING_KEYS.filter((key): key is SettingKeyOfKind<K> => SETTINGS[key].kind === kind);
}

/** The keys of the settings of kind `K`, as a type (derived from the table). */
export type SettingKeyOfKind<K extends SettingKind> = {
  [P in SettingKey]: (typeof SETTINGS)[P]['kind'] extends K ? P : never;
}[SettingKey];

/** A declaration, as the table types it (its own schema's type, not just `z.ZodType`). */
type Declared<K extends SettingKey> = (typeof SETTINGS)[K];

/** The settings view's fields: each setting's own schema, optional unless it is `always` set. */
export type SettingsViewShape = {
  [K in SettingKey]: Declared<K> extends { always: true }
    ? Declared<K>['schema']
    : z.ZodOptional<Declared<K>['schema']>;
};

/** The settings view's fields (`settings:get`), derived from the table. */
export const SETTINGS_VIEW_SHAPE = Object.fromEntries(
  SETTING_KEYS.map((key) => {
    const spec: SettingSpec = SETTINGS[key];
    return [key, spec.always ? spec.schema : spec.schema.optional()];
  }),
) as SettingsViewShape;

/**
 * A settings change's fields (`settings:set`): every field optional; `null` resets a setting that
 * can be off or forgotten (a folder, a dollar threshold, a memory). Addresses and whole numbers
 * pass with their size bounded only: the settings service refuses a wrong one with the
 * declaration's own sentence, which a schema error could not say.
 */
export type SettingsPatchShape = {
  [K in SettingKey]: Declared<K>['kind'] extends 'int'
    ? z.ZodOptional<z.ZodNumber>
    : Declared<K>['kind'] extends 'url'
      ? z.ZodOptional<z.ZodString>
      : Declared<K>['kind'] extends 'folder' | 'usd' | 'memory'
        ? z.ZodOptional<z.ZodNullable<Declared<K>['schema']>>
        : z.ZodOptional<Declared<K>['schema']>;
};

/** How a change of one setting of `spec`'s kind is checked at the IPC boundary. */
function patchField(spec: SettingSpec): z.ZodType {
  switch (spec.kind) {
    case 'int':
      return z.number().optional();
    case 'url':
      return z.string().max(2048).optional();
    case 'folder':
      return z.string().min(1).max(4096).nullable().optional();
    case 'usd':
    case 'memory':
      return spec.schema.nullable().optional();
    default:
      return spec.schema.optional();
  }
}

/** A settings change's fields, derived from the table. */
export const SETTINGS_PATCH_SHAPE = Object.fromEntries(
  SETTING_KEYS.map((key) => [key, patchField(SETTINGS[key])]),
) as SettingsPatchShape;

/** The settings the Settings page shows, in its order, with their labels and hints. */

/** The settings the Settings window shows, in declaration order, with their groups and words. */
export const PAGE_SETTINGS = SETTING_KEYS.flatMap((key) => {
  const spec: SettingSpec = SETTINGS[key];
  return spec.page ? [{ key, kind: spec.kind, choices: spec.choices ?? [], ...spec.page }] : [];
});

/** A setting the Settings window shows. */
export type PageSetting = (typeof PAGE_SETTINGS)[number];

/**
 * Data migrations of the stored settings, by the Kiln version that introduced them
 * (electron-store's `migrations`; the settings service's tolerant read covers the JSON file of
 * the browser host). A setting renamed or re-scaled adds a step here, next to its declaration.
 */
export const SETTINGS_MIGRATIONS: Readonly<
  Record<
    string,
    (store: {
      get(key: string): unknown;
      set(key: string, value: unknown): void;
      delete(key: string): void;
    }) => void
  >
> = {};

/**
 * The stored settings with every value that breaks its declaration left out (a file edited by
 * hand, or written by a newer Kiln); keys Kiln does not declare (the key index) are kept.
 */
export function dropInvalidSettings(
  stored: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    const spec = (SETTINGS as Record<string, SettingSpec>)[key];
    if (!spec || spec.schema.safeParse(value).success) out[key] = value;
  }
  return out;
}

/**
 * The JSON schema of each stored setting (electron-store's `schema` option), from the zod
 * declarations: a range stays a range, a choice an enum.
 */
export function settingsJsonSchema(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    SETTING_KEYS.map((key) => {
      const { $schema: _drop, ...schema } = z.toJSONSchema(SETTINGS[key].schema, {
        unrepresentable: 'any',
      }) as Record<string, unknown>;
      return [key, schema];
    }),
  );
}
