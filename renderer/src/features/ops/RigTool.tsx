/** Auto-rig: humanoid or generic; the rigged version opens in the viewer with its clips playing. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { RIG_KINDS } from '../../../../shared/api/rules';
import { toolLabel } from '../../../../shared/tools';
import { Choice, Field } from './Field';
import { buildRig } from './op-forms';
import { RunSection } from './RunSection';
import type { ToolProps } from './tool-props';
import { useToolRun } from './use-tool-run';

/** The rig panel. */
export function RigTool({ modelId, modelName, folder }: ToolProps) {
  const [kind, setKind] = useState<(typeof RIG_KINDS)[number]>('humanoid');
  const built = buildRig(kind);
  const run = useToolRun('rig', modelId, { kind: 'rig' }, folder, built);
  const { t, i18n } = useLingui();
  return (
    <div className="tool-body" data-testid="tool-rig">
      <Field
        label={t`Skeleton`}
        hint={
          kind === 'humanoid'
            ? t`A standard biped skeleton with idle, wave and walk clips.`
            : t`A bone chain for any object, with simple clips.`
        }
      >
        <Choice
          testId="rig-kind"
          value={kind}
          options={RIG_KINDS.map((k) => [k, k === 'humanoid' ? t`Humanoid` : t`Generic`] as const)}
          onChange={setKind}
        />
      </Field>
      <p className="muted">
        <Trans>The rigged model is a new version; it opens with its clips playing.</Trans>
      </p>
      <RunSection
        run={run}
        built={built}
        label={i18n._(toolLabel('rig'))}
        modelName={modelName}
        testId="rig"
      />
    </div>
  );
}
