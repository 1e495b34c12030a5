/** Split into parts: the split version opens with the viewer's parts outliner. */
import { Trans } from '@lingui/react/macro';
import { jobLabel } from '../../../../shared/tools';
import { RunSection } from './RunSection';
import type { ToolProps } from './tool-props';
import { useToolRun } from './use-tool-run';

const OP = { kind: 'parts' } as const;
const BUILT = { op: OP };

/** The parts panel. */
export function PartsTool({ modelId, modelName, folder }: ToolProps) {
  const run = useToolRun('parts', modelId, OP, folder, BUILT);
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
        label={jobLabel({ kind: 'parts' })}
        modelName={modelName}
        testId="parts"
      />
    </div>
  );
}
