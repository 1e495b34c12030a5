/**
 * The game pack's fields, shared by the Game pack tool and the batch form (one form, one set of
 * rules: `op-forms.ts`'s `buildGame`).
 */
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

/** A preset's options: its values, read as they are ('' reads "Default"). */
const presets = <V extends string>(values: readonly V[]): ReadonlyArray<ChoiceOption<V>> =>
  values.map((v) => [v, v || 'Default'] as const);

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
  return (
    <>
      <Field label="Engine">
        <Choice
          testId="game-engine"
          value={form.engine}
          options={GAME_ENGINES.map((e) => [e, ENGINE_LABELS[e]] as const)}
          onChange={(engine) => onChange({ ...form, engine })}
        />
      </Field>
      <Field
        label="Units"
        hint={
          form.engine === 'godot'
            ? 'Godot gets glTF, always in metres.'
            : 'Default: metres for Unity, centimetres for Unreal.'
        }
      >
        <Choice
          testId="game-units"
          value={form.units}
          options={presets<GameForm['units']>(['', ...GAME_UNITS])}
          onChange={(units) => onChange({ ...form, units })}
        />
      </Field>
      <Field label="Levels of detail">
        <Choice
          testId="game-lod"
          value={form.lod}
          options={presets(GAME_LODS)}
          onChange={(lod) => onChange({ ...form, lod })}
        />
      </Field>
      <Field label="Collider">
        <Choice
          testId="game-collider"
          value={form.collider}
          options={presets(GAME_COLLIDERS)}
          onChange={(collider) => onChange({ ...form, collider })}
        />
      </Field>
      <Field
        label={`Real size of the longest side (m, up to ${LIMITS.sizeM.max})`}
        error={errors.sizeM}
        hint="Empty keeps the modelled size."
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
