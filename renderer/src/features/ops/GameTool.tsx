/** Game pack: engine, units, LOD preset, collider preset and the real size in metres. */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { GAME_DEFAULTS, GameFields } from './GameFields';
import { buildGame, type GameForm } from './op-forms';
import { RunSection } from './RunSection';
import type { ToolProps } from './tool-props';
import { useToolRun } from './use-tool-run';

/** The game pack panel. */
export function GameTool({ modelId, modelName, folder }: ToolProps) {
  const [form, setForm] = useState<GameForm>(GAME_DEFAULTS);
  const built = buildGame(form);
  const run = useToolRun('gamepack', modelId, { kind: 'gamepack' }, folder, built);
  const errors = 'errors' in built ? built.errors : {};
  const { t } = useLingui();
  return (
    <div className="tool-body" data-testid="tool-gamepack">
      <GameFields form={form} onChange={setForm} errors={errors} />
      <RunSection
        run={run}
        built={built}
        label={t`Make game pack`}
        modelName={modelName}
        testId="gamepack"
      />
    </div>
  );
}
