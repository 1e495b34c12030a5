/**
 * The game pack's fields, shared by the Game pack tool and the batch form (one form, one set of
 * rules: `op-forms.ts`'s `buildGame`).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../../shared/format';
import {
  GAME_COLLIDERS,
  GAME_ENGINES,
  GAME_LODS,
  GAME_UNITS,
  LIMITS,
} from '../../../../shared/api/rules';
import { Choice, Field, type ChoiceOption } from './Field';
import type { FieldErrors, GameForm } from './op-forms';

const ENGINE_LABELS = { unity: 'Unity', unreal: 'Unreal', godot: 'Godot' } as const;

/** The words of the presets' values (the service's own, read as they are; '' reads "Default"). */
const PRESET_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  '': msg`Default`,
  m: msg`m`,
  cm: msg`cm`,
  off: msg`off`,
  simple: msg`simple`,
  light: msg`light`,
  balanced: msg`balanced`,
  detailed: msg`detailed`,
};

/** A preset's options: each value with its words. */
function presets<V extends string>(
  values: readonly V[],
  i18n: I18n,
): ReadonlyArray<ChoiceOption<V>> {
  return values.map((v) => {
    const label = PRESET_LABELS[v];
    return [v, label ? i18n._(label) : v] as const;
  });
}

/** The game pack form's starting values. */
export const GAME_DEFAULTS: GameForm = {
  engine: 'unity',
  units: '',
  lod: 'balanced',
  collider: 'balanced',
  sizeM: '',
};

/** Engine, units, LOD and collider presets, and the real size, with their errors. */
export function GameFields(props: {
  form: GameForm;
  onChange: (form: GameForm) => void;
  errors: FieldErrors;
}) {
  const { form, onChange, errors } = props;
  const { t, i18n } = useLingui();
  const maxSize = formatNumber(LIMITS.sizeM.max, 2);
  return (
    <>
      <Field label={t`Engine`}>
        <Choice
          testId="game-engine"
          value={form.engine}
          options={GAME_ENGINES.map((e) => [e, ENGINE_LABELS[e]] as const)}
          onChange={(engine) => onChange({ ...form, engine })}
        />
      </Field>
      <Field
        label={t`Units`}
        hint={
          form.engine === 'godot'
            ? t`Godot gets glTF, always in metres.`
            : t`Default: metres for Unity, centimetres for Unreal.`
        }
      >
        <Choice
          testId="game-units"
          value={form.units}
          options={presets<GameForm['units']>(['', ...GAME_UNITS], i18n)}
          onChange={(units) => onChange({ ...form, units })}
        />
      </Field>
      <Field label={t`Levels of detail`}>
        <Choice
          testId="game-lod"
          value={form.lod}
          options={presets(GAME_LODS, i18n)}
          onChange={(lod) => onChange({ ...form, lod })}
        />
      </Field>
      <Field label={t`Collider`}>
        <Choice
          testId="game-collider"
          value={form.collider}
          options={presets(GAME_COLLIDERS, i18n)}
          onChange={(collider) => onChange({ ...form, collider })}
        />
      </Field>
      <Field
        label={t`Real size of the longest side (m, up to ${maxSize})`}
        error={errors.sizeM}
        hint={t`Empty keeps the modelled size.`}
      >
        <input
          type="text"
          inputMode="decimal"
          data-testid="game-size"
          value={form.sizeM}
          onChange={(e) => onChange({ ...form, sizeM: e.target.value })}
        />
      </Field>
    </>
  );
}
