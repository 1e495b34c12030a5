import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, type JSX } from 'react';
import { useBottomEdge } from '../../ui/use-bottom-edge';
import type { ViewPreset } from '../camera/fit-camera';
import type { IconName } from './icons';
import { ToolButton } from './ToolButton';
import { SHADING_MODES, type ShadingMode, type ViewerSettings } from '../viewer-settings';

type OverlaySetting = 'grid' | 'shadow' | 'dimensions';

/** A tab of the inspector on the viewer's right. */
export type InspectorTab =
  'scene' | 'stats' | 'parts' | 'compare' | 'capture' | 'record' | 'health';

/** Props of {@link ViewerToolbar}. */
export interface ViewerToolbarProps {
  /** No model to act on (empty, loading or failed). */
  readonly disabled: boolean;
  readonly settings: ViewerSettings;
  readonly onSettings: (patch: Partial<ViewerSettings>) => void;
  readonly onFit: () => void;
  readonly onReset: () => void;
  readonly onView: (preset: ViewPreset) => void;
  readonly onOpenFile: () => void;
  readonly tab: InspectorTab | null;
  readonly onTab: (tab: InspectorTab) => void;
  /** Id of the inspector element, for `aria-controls`. */
  readonly inspectorId: string;
}

const PRESETS: ReadonlyArray<[ViewPreset, IconName, MessageDescriptor, string]> = [
  ['front', 'front', msg`Front view (1)`, '1'],
  ['side', 'side', msg`Side view (3)`, '3'],
  ['top', 'top', msg`Top view (7)`, '7'],
  ['three-quarter', 'threeQuarter', msg`Three-quarter view (5)`, '5'],
];

/** The on/off overlays: the setting each toggles (also its test id), icon, label. */
const OVERLAYS: ReadonlyArray<[OverlaySetting, IconName, MessageDescriptor]> = [
  ['grid', 'grid', msg`Ground grid`],
  ['shadow', 'shadow', msg`Ground shadow`],
  ['dimensions', 'dimensions', msg`Dimensions`],
];

const TABS: ReadonlyArray<[InspectorTab, IconName, MessageDescriptor]> = [
  ['scene', 'scene', msg`Lighting and background`],
  ['stats', 'stats', msg`Statistics and dimensions`],
  ['parts', 'parts', msg`Parts outliner`],
  ['compare', 'compare', msg`Compare with another model`],
  ['capture', 'capture', msg`Save a screenshot`],
  ['record', 'record', msg`Record a turntable video`],
  ['health', 'health', msg`Mesh health and printability`],
];

/**
 * The viewer's toolbar (one row, more in a narrow viewer): open a file; framing, view presets
 * and turntable; shading mode; grid, shadow and dimension overlays; and the inspector tabs. Icon buttons with tooltips keep it
 * compact; every control has a label and shows keyboard focus.
 */
export function ViewerToolbar(props: ViewerToolbarProps): JSX.Element {
  const { disabled, settings, onSettings, tab, onTab, inspectorId } = props;
  const { t, i18n } = useLingui();
  const toolbar = useRef<HTMLDivElement>(null);
  // The comparison's labels and the inspector start below the toolbar (viewer.css), which a
  // narrow viewer wraps onto more rows.
  useBottomEdge(() => {
    const target = toolbar.current?.closest<HTMLElement>('.kiln-viewer');
    return toolbar.current && target ? { source: toolbar.current, target } : null;
  }, '--_toolbar-bottom');
  return (
    <>
      <div
        ref={toolbar}
        className="kiln-viewer__toolbar"
        role="toolbar"
        aria-label={t`Viewer tools`}
      >
        <div className="kiln-viewer__group">
          <ToolButton
            icon="open"
            label={t`Open a model file…`}
            testId="viewer-open"
            onClick={props.onOpenFile}
          />
        </div>
        <div className="kiln-viewer__group" role="group" aria-label={t`Camera`}>
          <ToolButton
            icon="fit"
            label={t`Fit model to view (F)`}
            shortcut="F"
            testId="viewer-fit"
            disabled={disabled}
            onClick={props.onFit}
          />
          <ToolButton
            icon="reset"
            label={t`Reset view (Home)`}
            shortcut="Home"
            testId="viewer-reset"
            disabled={disabled}
            onClick={props.onReset}
          />
          {PRESETS.map(([preset, icon, label, key]) => (
            <ToolButton
              key={preset}
              icon={icon}
              label={i18n._(label)}
              shortcut={key}
              testId={`viewer-view-${preset}`}
              disabled={disabled}
              onClick={() => props.onView(preset)}
            />
          ))}
          <ToolButton
            icon="turntable"
            label={t`Turntable (T)`}
            shortcut="T"
            testId="viewer-turntable"
            pressed={settings.turntable}
            disabled={disabled}
            onClick={() => onSettings({ turntable: !settings.turntable })}
          />
        </div>
        <div className="kiln-viewer__group">
          <label className="kiln-viewer__select">
            <span className="kiln-viewer__sr">
              <Trans>Shading</Trans>
            </span>
            <select
              data-testid="viewer-shading"
              value={settings.shading}
              title={t`Shading mode (wireframe is drawn over the shaded model)`}
              onChange={(e) => onSettings({ shading: e.currentTarget.value as ShadingMode })}
            >
              {SHADING_MODES.map((m) => (
                <option key={m.id} value={m.id}>
                  {i18n._(m.label)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="kiln-viewer__group" role="group" aria-label={t`Overlays`}>
          {OVERLAYS.map(([setting, icon, label]) => (
            <ToolButton
              key={setting}
              icon={icon}
              label={i18n._(label)}
              testId={`viewer-${setting}`}
              pressed={settings[setting]}
              onClick={() => onSettings({ [setting]: !settings[setting] })}
            />
          ))}
        </div>
      </div>
      <div
        className="kiln-viewer__group kiln-viewer__panels"
        role="toolbar"
        aria-orientation="vertical"
        aria-label={t`Panels`}
      >
        {TABS.map(([id, icon, label]) => (
          <ToolButton
            key={id}
            icon={icon}
            label={i18n._(label)}
            testId={`viewer-tab-${id}`}
            pressed={tab === id}
            // Only the open panel is in the page: naming a panel that is not breaks the ARIA rule.
            {...(tab === id ? { controls: inspectorId } : {})}
            onClick={() => onTab(id)}
          />
        ))}
      </div>
    </>
  );
}
