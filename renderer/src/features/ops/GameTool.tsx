/** Game pack: engine, units, LOD preset, collider preset and the real size in metres. */
import { useState } from 'react';
import {
  GAME_COLLIDERS,
  GAME_ENGINES,
  GAME_LODS,
  GAME_UNITS,
  LIMITS,
} from '../../../../shared/api/rules';
import { Choice, Field, type ChoiceOption } from './Field';
import { buildGame, type GameForm } from './op-forms';
import { RunSection } from './RunSection';
import type { ToolProps } from './tool-props';
import { useToolRun } from './use-tool-run';

const ENGINE_LABELS = { unity: 'Unity', unreal: 'Unreal', godot: 'Godot' } as const;

/** A preset's options: its values, read as they are ('' reads "Default"). */
const presets = <V extends string>(values: readonly V[]): ReadonlyArray<ChoiceOption<V>> =>
  values.map((v) => [v, v || 'Default'] as const);

/** The game pack panel. */
export function GameTool({ modelId, modelName, folder }: ToolProps) {
  const [form, setForm] = useState<GameForm>({
    engine: 'unity',
    units: '',
    lod: 'balanced',
    collider: 'balanced',
    sizeM: '',
  });
  const built = buildGame(form);
  const run = useToolRun('gamepack', modelId, { kind: 'gamepack' }, folder, built);
  const errors = 'errors' in built ? built.errors : {};
  return (
    <div className="tool-body" data-testid="tool-gamepack">
      <Field label="Engine">
        <Choice
          testId="game-engine"
          value={form.engine}
          options={GAME_ENGINES.map((e) => [e, ENGINE_LABELS[e]] as const)}
          onChange={(engine) => setForm({ ...form, engine })}
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
          onChange={(units) => setForm({ ...form, units })}
        />
      </Field>
      <Field label="Levels of detail">
        <Choice
          testId="game-lod"
          value={form.lod}
          options={presets(GAME_LODS)}
          onChange={(lod) => setForm({ ...form, lod })}
        />
      </Field>
      <Field label="Collider">
        <Choice
          testId="game-collider"
          value={form.collider}
          options={presets(GAME_COLLIDERS)}
          onChange={(collider) => setForm({ ...form, collider })}
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
          onChange={(e) => setForm({ ...form, sizeM: e.target.value })}
        />
      </Field>
      <RunSection
        run={run}
        built={built}
        label="Make game pack"
        what={`Game pack of ${modelName}`}
        testId="gamepack"
      />
    </div>
  );
}
