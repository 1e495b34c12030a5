/**
 * Export: the six formats of the service and the texture option (free for models made through
 * the API), and Kiln's own "Compatible GLB (PNG/JPEG textures)", converted on this computer
 * with optional Draco/meshopt compression and texture downsizing for a size budget.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { EXPORT_FORMATS } from '../../../../shared/api/rules';
import { EXPORT_DEFAULTS, buildExport, type ExportForm } from './op-forms';
import { ExportFields } from './ExportFields';
import { RunSection } from './RunSection';
import type { ToolProps } from './tool-props';
import { useToolRun } from './use-tool-run';

/** The export panel. */
export function ExportTool({ modelId, modelName, folder }: ToolProps) {
  const [form, setForm] = useState<ExportForm>(EXPORT_DEFAULTS);
  const compatible = form.format === 'compatible';
  const { t } = useLingui();
  const formatName = form.format === 'compatible' ? '' : exportLabel(form.format);
  const built = buildExport(form);
  const run = useToolRun(
    'export',
    modelId,
    { kind: compatible ? 'compatible' : 'export' },
    folder,
    built,
  );
  return (
    <div className="tool-body" data-testid="tool-export">
      <ExportFields form={form} onChange={setForm} built={built} />
      {run.paid.quote.free && !compatible && !run.repeat ? (
        <p className="muted">
          <Trans>Free for models made through the API.</Trans>
        </p>
      ) : null}
      <RunSection
        run={run}
        built={built}
        label={compatible ? t`Convert to compatible GLB` : t`Export ${formatName}`}
        modelName={modelName}
        testId="export"
      />
    </div>
  );
}

/** "GLB", "GLB DRACO", "FBX", … */
function exportLabel(format: (typeof EXPORT_FORMATS)[number]): string {
  return format.toUpperCase().replace('_', ' ');
}
