/** Export: the six formats and the texture option; free for models made through the API. */
import { useState } from 'react';
import { EXPORT_FORMATS } from '../../../../shared/api/rules';
import { buildExport, type ExportForm } from './op-forms';
import { Choice, Field, type ChoiceOption } from './Field';
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

const TEXTURES: ReadonlyArray<ChoiceOption<ExportForm['texture']>> = [
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
  const built = buildExport(form);
  const run = useToolRun('export', modelId, { kind: 'export' }, folder, built);
  return (
    <div className="tool-body" data-testid="tool-export">
      <Field label="Format">
        <Choice
          testId="export-format"
          value={form.format}
          options={EXPORT_FORMATS.map((f) => [f, FORMAT_LABELS[f]] as const)}
          onChange={(format) => setForm({ ...form, format })}
        />
      </Field>
      <Field
        label="Texture"
        hint={form.format === 'stl' ? 'STL carries no texture.' : 'A baked size resamples it.'}
      >
        <Choice
          testId="export-texture"
          value={form.texture}
          disabled={form.format === 'stl'}
          options={TEXTURES}
          onChange={(texture) => setForm({ ...form, texture })}
        />
      </Field>
      {run.paid.quote.free && !run.repeat ? (
        <p className="muted">Free for models made through the API.</p>
      ) : null}
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
