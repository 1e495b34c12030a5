import type { JSX } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatBytes, formatNumber } from '../../../../shared/format';
import { formatText, slotText } from './texture-slots';
import { formatLength } from './units';
import type { LengthUnit } from '../viewer-settings';
import type { ModelInfo } from '../viewer-types';

/** Props of {@link StatsPanel}. */
export interface StatsPanelProps {
  /** Model A, and model B when comparing. */
  readonly models: ReadonlyArray<{ readonly label: string; readonly info: ModelInfo }>;
  readonly unit: LengthUnit;
  readonly onUnit: (unit: LengthUnit) => void;
}

const UNITS: readonly LengthUnit[] = ['mm', 'cm', 'm', 'in'];
const n = (v: number): string => formatNumber(v);

/**
 * The numbers an artist checks before shipping a model: triangles, vertices, meshes, materials,
 * every texture with its size and format, an estimate of GPU memory, the rig, and the real-world
 * size of the bounding box. When comparing, A and B side by side.
 */
export function StatsPanel({ models, unit, onUnit }: StatsPanelProps): JSX.Element {
  const { t } = useLingui();
  if (models.length === 0)
    return (
      <p className="kiln-viewer__note">
        <Trans>Open a model to see its statistics.</Trans>
      </p>
    );
  const rows: Array<[string, string, (i: ModelInfo) => string]> = [
    ['triangles', t`Triangles`, (i) => n(i.stats.triangles)],
    ['vertices', t`Vertices`, (i) => n(i.stats.vertices)],
    ['meshes', t`Meshes`, (i) => n(i.stats.meshes)],
    ['materials', t`Materials`, (i) => n(i.stats.materials)],
    ['textures', t`Textures`, (i) => n(i.stats.textures.length)],
    ['gpu', t`GPU memory (est.)`, (i) => `≈ ${formatBytes(i.stats.gpuBytes)}`],
    ['geometry', t`· geometry`, (i) => formatBytes(i.stats.geometryBytes)],
    ['texture-memory', t`· textures`, (i) => formatBytes(i.stats.textureBytes)],
    ['bones', t`Bones`, (i) => n(i.stats.bones)],
    ['clips', t`Animations`, (i) => n(i.animation?.getSnapshot().clips.length ?? 0)],
    ['parts', t`Parts`, (i) => n(i.parts.length)],
  ];
  const many = models.length > 1;
  return (
    <div className="kiln-viewer__stats">
      <table className="kiln-viewer__table" data-testid="viewer-stats">
        {many ? (
          <thead>
            <tr>
              <th scope="col">
                <span className="kiln-viewer__sr">
                  <Trans>Measure</Trans>
                </span>
              </th>
              {models.map((m) => (
                <th scope="col" key={m.label}>
                  {m.label}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {rows.map(([id, label, value]) => (
            <tr key={id}>
              <th scope="row">{label}</th>
              {models.map((m, k) => (
                <td
                  key={m.label}
                  data-testid={k === 0 ? `viewer-stat-${id}` : `viewer-stat-${id}-b`}
                >
                  {value(m.info)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <div className="kiln-viewer__subhead">
        <h3>
          <Trans>Size (W × H × D)</Trans>
        </h3>
        <div className="kiln-viewer__segmented" role="radiogroup" aria-label={t`Unit`}>
          {UNITS.map((u) => (
            <button
              key={u}
              type="button"
              role="radio"
              aria-checked={unit === u}
              data-testid={`viewer-unit-${u}`}
              onClick={() => onUnit(u)}
            >
              {u}
            </button>
          ))}
        </div>
      </div>
      {models.map((m, k) => (
        <p
          key={m.label}
          className="kiln-viewer__dims"
          data-testid={k === 0 ? 'viewer-size' : 'viewer-size-b'}
        >
          {many ? <strong>{m.label}: </strong> : null}
          {formatLength(m.info.size.x, unit)} × {formatLength(m.info.size.y, unit)} ×{' '}
          {formatLength(m.info.size.z, unit)}
        </p>
      ))}

      {models.map((m) => {
        const model = m.label;
        return m.info.stats.textures.length ? (
          <div key={m.label}>
            <h3>{many ? t`Textures of ${model}` : t`Textures`}</h3>
            <ul className="kiln-viewer__textures" data-testid="viewer-texture-list">
              {m.info.stats.textures.map((tx, i) => (
                <li key={i}>
                  <span>{tx.slots.map(slotText).join(', ')}</span>
                  <span>
                    {tx.width} × {tx.height} · {formatText(tx.format)} · {formatBytes(tx.bytes)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null;
      })}
    </div>
  );
}
