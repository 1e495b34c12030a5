/** Split into parts: the split version opens with the viewer's parts outliner. */
import { Trans, useLingui } from '@lingui/react/macro';
import { jobLabel } from '../../../../shared/tools';
import { RunSection } from './RunSection';
import type { ToolProps } from './tool-props';
import { useToolRun } from './use-tool-run';

const OP = { kind: 'parts' } as const;
const BUILT = { op: OP };

/** The parts panel. */
export function PartsTool({ modelId, modelName, folder }: ToolProps) {
  const run = useToolRun('parts', modelId, OP, folder, BUILT);
  const { i18n } = useLingui();
  return (
    <div className="tool-body" data-testid="tool-parts">
      <p className="muted">
        <Trans>
          Splits the model into named parts. The split model is a new version; it opens with its
          parts listed so you can hide or isolate each.
        </Trans>
      </p>
      <RunSection
        run={run}
        built={BUILT}
        label={i18n._(jobLabel(OP))}
        modelName={modelName}
        testId="parts"
      />
    </div>
  );
}
