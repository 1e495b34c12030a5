/**
 * The tools for one model of the library: every post-processing operation of the service, as a
 * compact accordion (one tool open at a time; `openTools(modelId, op)` opens one from
 * elsewhere), with the folder results are saved in above them. A chunk of its own (see
 * `ToolsPanel`): the forms and the contract's schemas they check against are not needed for
 * the window's first paint.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ComponentType } from 'react';
import type { OpKind } from '../../../../shared/ipc/contract';
import { LISTED_TOOLS, toolNeedsWebsitePlan } from '../../../../shared/tools';
import { useKiln } from '../../store/StoreProvider';
import { ExportTool } from './ExportTool';
import { FolderField, useResultsFolder } from './FolderField';
import { GameTool } from './GameTool';
import { MakerTool } from './MakerTool';
import { PartsTool } from './PartsTool';
import { PrintTool } from './PrintTool';
import { RetopoTool } from './RetopoTool';
import { RigTool } from './RigTool';
import type { ToolProps, ToolsModel } from './tool-props';

/** The form of each tool; its label, summary and website rule are the tool's (shared/tools.ts). */
const PANELS: Readonly<Record<OpKind, ComponentType<ToolProps>>> = {
  export: ExportTool,
  print: PrintTool,
  retopo: RetopoTool,
  rig: RigTool,
  parts: PartsTool,
  gamepack: GameTool,
  make: MakerTool,
};

/** The tools for `model`. */
export default function ToolList({ model }: { readonly model: ToolsModel }) {
  const toolsOp = useKiln((s) => s.toolsOp);
  const closePreview = useKiln((s) => s.closePreview);
  const [expandedId, setExpanded] = useState<string>(toolsOp ?? 'export');
  const folder = useResultsFolder();
  useEffect(() => {
    if (toolsOp) setExpanded(toolsOp.startsWith('make') ? 'make' : toolsOp);
  }, [toolsOp]);
  const website = model.source === 'website';
  const { t, i18n } = useLingui();
  const modelName = model.name;
  const savedPath = model.savedPath;
  const props: ToolProps = {
    modelId: model.modelId,
    modelName: model.name,
    folder: folder.folder,
  };
  return (
    <section className="panel tools-panel" aria-labelledby="tools-title" data-testid="tools">
      <h2 id="tools-title">
        <Trans>Tools for {modelName}</Trans>
      </h2>
      {model.savedPath ? (
        <p className="tools-note" data-testid="tools-preview-note">
          <Trans>
            The viewer shows the saved file {savedPath}, not a model of your library. Tools work on
            the model it was made from.
          </Trans>{' '}
          <button type="button" className="link-button" onClick={() => void closePreview()}>
            <Trans>Back to the model</Trans>
          </button>
        </p>
      ) : null}
      {website ? (
        <p className="tools-note" role="note" data-testid="tools-website">
          <Trans>
            This model was made on the website. Export, print, quad remesh and game pack need a plan
            or a one-off unlock on the platform; without one the service refuses them (“subscription
            required”) and nothing is charged. Rig, parts and makers work as usual (charged).
          </Trans>
        </p>
      ) : null}
      <FolderField folder={folder} />
      <ul className="tool-list">
        {LISTED_TOOLS.map(({ kind: id, label, summary }) => {
          const Panel = PANELS[id];
          const needsPlan = toolNeedsWebsitePlan(id);
          const expanded = expandedId === id;
          return (
            <li key={id} className={`tool${expanded ? ' tool-open' : ''}`}>
              <button
                type="button"
                className="tool-head"
                aria-expanded={expanded}
                aria-controls={`tool-${id}`}
                data-testid={`tool-head-${id}`}
                onClick={() => setExpanded(expanded ? '' : id)}
              >
                <span className="tool-label">{i18n._(label)}</span>
                <span className="muted tool-summary">
                  {website && needsPlan ? t`Needs a plan for website models` : i18n._(summary)}
                </span>
              </button>
              {expanded ? (
                <div id={`tool-${id}`} role="region" aria-label={i18n._(label)}>
                  <Panel {...props} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
