/**
 * Tools: every post-processing operation of the service for the open model. The forms are a
 * chunk of their own (`ToolList`), fetched when the browser is idle after start (see
 * `idleChunk`); this part says why there are none when no model of the library is open.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { idleChunk } from '../../ui/idle-chunk';
import { isLocalModel } from '../../../../shared/ipc/local-model';
import { useKiln } from '../../store/StoreProvider';
import type { ToolsModel } from './tool-props';
import './ops.css';

const ToolList = idleChunk(
  () => import('./ToolList'),
  <p className="muted" data-testid="tools-loading">
    <Trans>Loading the tools…</Trans>
  </p>,
);

/** The Tools column. */
export function ToolsPanel() {
  const open = useKiln((s) => s.model);
  const failure = useKiln((s) => s.openFailure);
  const { t } = useLingui();
  const shortId = failure?.modelId.slice(0, 10);
  // A website model without a plan cannot even be downloaded to show: it still gets the tools
  // the service allows for it (rig, parts, makers), with the rule explained.
  const model: ToolsModel | undefined =
    failure?.code === 'subscription_required'
      ? {
          modelId: failure.modelId,
          name: t`website model ${shortId}`,
          source: 'website',
          savedPath: undefined,
        }
      : open;

  if (!model) {
    return (
      <p className="muted" data-testid="tools-empty">
        <Trans>Open a model to export, print, remesh, rig or split it.</Trans>
      </p>
    );
  }
  if (isLocalModel(model.modelId)) {
    const modelName = model.name;
    return (
      <p className="muted" data-testid="tools-local">
        <Trans>
          {modelName} was opened from a file on this computer. The service&apos;s tools work on
          models of your library: open one from the Library, or make one in Create.
        </Trans>
      </p>
    );
  }
  return <ToolList model={model} />;
}
