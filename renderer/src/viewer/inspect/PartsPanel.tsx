import type { JSX } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../../shared/format';
import { Icon } from '../panels/Icon';
import { isPartVisible, type ModelPart, type PartsView } from './parts';

/** Props of {@link PartsPanel}. */
export interface PartsPanelProps {
  readonly parts: readonly ModelPart[];
  readonly view: PartsView;
  readonly onView: (view: PartsView) => void;
}

/**
 * The outliner of a split model: one row per named part with its triangle count; hide and
 * isolate buttons; hovering or focusing a row highlights the part on the model.
 */
export function PartsPanel({ parts, view, onView }: PartsPanelProps): JSX.Element {
  const { t } = useLingui();
  if (parts.length === 0)
    return (
      <p className="kiln-viewer__note">
        <Trans>Open a model to list its parts.</Trans>
      </p>
    );
  const highlight = (id: string | null): void => {
    if (view.highlighted !== id) onView({ ...view, highlighted: id });
  };
  const toggleHidden = (id: string): void => {
    const hidden = new Set(view.hidden);
    if (hidden.has(id)) hidden.delete(id);
    else hidden.add(id);
    onView({ ...view, hidden, isolated: view.isolated === id ? null : view.isolated });
  };
  const toggleIsolated = (id: string): void =>
    onView({ ...view, isolated: view.isolated === id ? null : id });
  return (
    <div className="kiln-viewer__parts">
      <ul className="kiln-viewer__outliner" aria-label={t`Parts`} data-testid="viewer-parts">
        {parts.map((part) => {
          const visible = isPartVisible(view, part.id);
          const partName = part.name;
          return (
            <li
              key={part.id}
              className="kiln-viewer__part"
              data-testid="viewer-part"
              data-part-name={part.name}
              data-visible={visible}
              data-highlighted={view.highlighted === part.id}
              onPointerEnter={() => highlight(part.id)}
              onPointerLeave={() => highlight(null)}
              onFocus={() => highlight(part.id)}
              onBlur={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) highlight(null);
              }}
            >
              <span className="kiln-viewer__part-name" title={part.name}>
                {part.name}
              </span>
              <span className="kiln-viewer__hint">{formatNumber(part.triangles)} ▲</span>
              <button
                type="button"
                className="kiln-viewer__tool kiln-viewer__tool--small"
                data-testid="viewer-part-hide"
                aria-label={visible ? t`Hide ${partName}` : t`Show ${partName}`}
                title={visible ? t`Hide` : t`Show`}
                aria-pressed={!visible}
                onClick={() => toggleHidden(part.id)}
              >
                <Icon name={visible ? 'eye' : 'eyeOff'} />
              </button>
              <button
                type="button"
                className="kiln-viewer__tool kiln-viewer__tool--small"
                data-testid="viewer-part-isolate"
                aria-label={t`Isolate ${partName}`}
                title={t`Isolate`}
                aria-pressed={view.isolated === part.id}
                onClick={() => toggleIsolated(part.id)}
              >
                <Icon name="isolate" />
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="kiln-viewer__text-button"
        data-testid="viewer-parts-show-all"
        disabled={view.hidden.size === 0 && view.isolated === null}
        onClick={() => onView({ hidden: new Set(), isolated: null, highlighted: null })}
      >
        <Trans>Show all parts</Trans>
      </button>
    </div>
  );
}
