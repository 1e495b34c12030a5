import type { JSX } from 'react';
import { formatBytes } from '../../../../shared/format';
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
const n = (v: number): string => v.toLocaleString('en-US');

/**
 * The numbers an artist checks before shipping a model: triangles, vertices, meshes, materials,
 * every texture with its size and format, an estimate of GPU memory, the rig, and the real-world
 * size of the bounding box. When comparing, A and B side by side.
 */
export function StatsPanel({ models, unit, onUnit }: StatsPanelProps): JSX.Element {
  if (models.length === 0)
    return <p className="kiln-viewer__note">Open a model to see its statistics.</p>;
  const rows: Array<[string, string, (i: ModelInfo) => string]> = [
    ['triangles', 'Triangles', (i) => n(i.stats.triangles)],
    ['vertices', 'Vertices', (i) => n(i.stats.vertices)],
    ['meshes', 'Meshes', (i) => n(i.stats.meshes)],
    ['materials', 'Materials', (i) => n(i.stats.materials)],
    ['textures', 'Textures', (i) => n(i.stats.textures.length)],
    ['gpu', 'GPU memory (est.)', (i) => `≈ ${formatBytes(i.stats.gpuBytes)}`],
    ['geometry', '· geometry', (i) => formatBytes(i.stats.geometryBytes)],
    ['texture-memory', '· textures', (i) => formatBytes(i.stats.textureBytes)],
    ['bones', 'Bones', (i) => n(i.stats.bones)],
    ['clips', 'Animations', (i) => n(i.animation?.getSnapshot().clips.length ?? 0)],
    ['parts', 'Parts', (i) => n(i.parts.length)],
  ];
  const many = models.length > 1;
  return (
    <div className="kiln-viewer__stats">
      <table className="kiln-viewer__table" data-testid="viewer-stats">
        {many ? (
          <thead>
            <tr>
              <th scope="col">
                <span className="kiln-viewer__sr">Measure</span>
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
        <h3>Size (W × H × D)</h3>
        <div className="kiln-viewer__segmented" role="radiogroup" aria-label="Unit">
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

      {models.map((m) =>
        m.info.stats.textures.length ? (
          <div key={m.label}>
            <h3>{many ? `Textures of ${m.label}` : 'Textures'}</h3>
            <ul className="kiln-viewer__textures" data-testid="viewer-texture-list">
              {m.info.stats.textures.map((t, i) => (
                <li key={i}>
                  <span>{t.slots.join(', ')}</span>
                  <span>
                    {t.width} × {t.height} · {t.format} · {formatBytes(t.bytes)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </div>
  );
}
