/** Export: the six formats and the texture option; free for models made through the API. */
import { useState } from 'react';
import { EXPORT_FORMATS } from '../../../../shared/api/rules';
import { buildExport, type ExportForm } from './op-forms';
import { Field } from './Field';
import { RunSection } from './RunSection';
import type { ToolProps } from './tool-props';
import { useToolRun } from './use-tool-run';

const FORMAT_LABELS: Record<ExportForm['format'], string> = {
  glb: 'GLB (glTF binary)',
  glb_draco: 'GLB, Draco-compressed',
  fbx: 'FBX',
  obj: 'OBJ (zip with MTL and texture)',
  usdz: 'USDZ (Apple AR)',
  stl: 'STL (no texture)',
};

const TEXTURES: ReadonlyArray<[ExportForm['texture'], string]> = [
  ['', 'The model’s own'],
  ['realistic', 'Realistic'],
  ['generative', 'Generative (clean albedo)'],
  ['1024', 'Baked at 1024 px'],
  ['2048', 'Baked at 2048 px'],
  ['4096', 'Baked at 4096 px'],
];

/** The export panel. */
export function ExportTool({ modelId, modelName, folder }: ToolProps) {
  const [form, setForm] = useState<ExportForm>({ format: 'glb', texture: '' });
  const run = useToolRun('export', modelId, { kind: 'export' }, folder);
  const built = buildExport(form);
  return (
    <div className="tool-body" data-testid="tool-export">
      <Field label="Format">
        <select
          data-testid="export-format"
          value={form.format}
          onChange={(e) => setForm({ ...form, format: e.target.value as ExportForm['format'] })}
        >
          {EXPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Texture"
        hint={form.format === 'stl' ? 'STL carries no texture.' : 'A baked size resamples it.'}
      >
        <select
          data-testid="export-texture"
          value={form.texture}
          disabled={form.format === 'stl'}
          onChange={(e) => setForm({ ...form, texture: e.target.value as ExportForm['texture'] })}
        >
          {TEXTURES.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </Field>
      {run.paid.quote.free ? <p className="muted">Free for models made through the API.</p> : null}
      <RunSection
        run={run}
        built={built}
        label={`Export ${form.format.toUpperCase().replace('_', ' ')}`}
        what={`Export of ${modelName}`}
        testId="export"
      />
    </div>
  );
}
