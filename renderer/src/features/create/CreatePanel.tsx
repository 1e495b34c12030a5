/**
 * Create: the four routes of the service behind one mode switch (Photo | Views | Text |
 * Retexture). Each flow checks its input before anything is uploaded, shows the cost before
 * anything is charged, and keeps its input until a start succeeds.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, type ComponentType } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { idleChunk } from '../../ui/idle-chunk';
import { CREATE_MODES, MODE_LABELS, type CreateMode } from './create-plan';
import { PhotoFlow } from './PhotoFlow';
import './create.css';

/**
 * Photo, the mode a window starts in, is in the entry; the other flows are chunks of their own
 * (bench B7), fetched at the first idle moment, so they are there before a click on their mode.
 */
const FLOWS: Readonly<Record<CreateMode, ComponentType>> = {
  photo: PhotoFlow,
  views: idleChunk(() => import('./ViewsFlow').then((m) => ({ default: m.ViewsFlow })), null),
  text: idleChunk(() => import('./TextFlow').then((m) => ({ default: m.TextFlow })), null),
  retexture: idleChunk(
    () => import('./RetextureFlow').then((m) => ({ default: m.RetextureFlow })),
    null,
  ),
};

const TITLES: Readonly<Record<CreateMode, MessageDescriptor>> = {
  photo: msg`Create from a photo`,
  views: msg`Create from 2–4 views`,
  text: msg`Create from a description`,
  retexture: msg`Retexture a model`,
};

/** The Create panel. */
export function CreatePanel() {
  const mode = useKiln((s) => s.createMode);
  const setMode = useKiln((s) => s.setCreateMode);
  const target = useKiln((s) => s.retextureTarget);
  const seen = useKiln((s) => s.retextureSeen);
  const markSeen = useKiln((s) => s.markRetextureSeen);
  const { i18n, t } = useLingui();

  // A model sent here from the Library or the viewer opens the retexture flow, once per model.
  useEffect(() => {
    if (target && target.modelId !== seen) {
      markSeen(target.modelId);
      setMode('retexture');
    }
  }, [target, seen, markSeen, setMode]);

  const Flow = FLOWS[mode];
  return (
    <section className="panel create-panel" aria-labelledby="create-title" data-create-mode={mode}>
      <div className="create-modes" role="tablist" aria-label={t`What to create from`}>
        {CREATE_MODES.map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            id={`create-mode-${m}`}
            aria-selected={m === mode}
            aria-controls="create-flow"
            data-testid={`create-mode-${m}`}
            className={m === mode ? 'create-mode create-mode-on' : 'create-mode'}
            onClick={() => setMode(m)}
          >
            {i18n._(MODE_LABELS[m])}
          </button>
        ))}
      </div>
      <h2 id="create-title">{i18n._(TITLES[mode])}</h2>
      <div
        id="create-flow"
        role="tabpanel"
        aria-labelledby={`create-mode-${mode}`}
        className="create-flow"
      >
        <Flow />
      </div>
    </section>
  );
}
