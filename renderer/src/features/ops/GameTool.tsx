/** Game pack: engine, units, LOD preset, collider preset and the real size in metres. */
import { useState } from 'react';
import { GAME_COLLIDERS, GAME_ENGINES, GAME_LODS, LIMITS } from '../../../../shared/api/rules';
import { Field } from './Field';
import { buildGame, type GameForm } from './op-forms';
import { RunSection } from './RunSection';
import type { ToolProps } from './tool-props';
import { useToolRun } from './use-tool-run';

const ENGINE_LABELS = { unity: 'Unity', unreal: 'Unreal', godot: 'Godot' } as const;

/** The game pack panel. */
export function GameTool({ modelId, modelName, folder }: ToolProps) {
  const [form, setForm] = useState<GameForm>({
    engine: 'unity',
    units: '',
    lod: 'balanced',
    collider: 'balanced',
    sizeM: '',
  });
  const run = useToolRun('gamepack', modelId, { kind: 'gamepack' }, folder);
  const built = buildGame(form);
  const errors = 'errors' in built ? built.errors : {};
  const select = <K extends keyof GameForm>(key: K, values: readonly string[], testId: string) => (
    <select
      data-testid={testId}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
    >
      {values.map((v) => (
        <option key={v} value={v}>
          {v in ENGINE_LABELS ? ENGINE_LABELS[v as keyof typeof ENGINE_LABELS] : v || 'Default'}
        </option>
      ))}
    </select>
  );
  return (
    <div className="tool-body" data-testid="tool-gamepack">
      <Field label="Engine">{select('engine', GAME_ENGINES, 'game-engine')}</Field>
      <Field
        label="Units"
        hint={
          form.engine === 'godot'
            ? 'Godot gets glTF, always in metres.'
            : 'Default: metres for Unity, centimetres for Unreal.'
        }
      >
        {select('units', ['', 'm', 'cm'], 'game-units')}
      </Field>
      <Field label="Levels of detail">{select('lod', GAME_LODS, 'game-lod')}</Field>
      <Field label="Collider">{select('collider', GAME_COLLIDERS, 'game-collider')}</Field>
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
