/** Quad remesh: target faces (rounded to 100), baked texture, symmetry, interior, GLB or FBX. */
import { useState } from 'react';
import { LIMITS, RETOPO_FORMATS } from '../../../../shared/api/rules';
import { Check, Field } from './Field';
import { buildRetopo, parseWhole, roundFaces, type RetopoForm } from './op-forms';
import { RunSection } from './RunSection';
import type { ToolProps } from './tool-props';
import { useToolRun } from './use-tool-run';

const nf = new Intl.NumberFormat('en-US');

/** The quad remesh panel. */
export function RetopoTool({ modelId, modelName, folder }: ToolProps) {
  const [form, setForm] = useState<RetopoForm>({
    faces: '5000',
    texture: '',
    symmetry: false,
    interior: 'keep',
    format: 'glb',
  });
  const run = useToolRun('retopo', modelId, { kind: 'retopo' }, folder);
  const built = buildRetopo(form);
  const errors = 'errors' in built ? built.errors : {};
  const faces = parseWhole(form.faces, LIMITS.faces.min, LIMITS.faces.max, '');
  return (
    <div className="tool-body" data-testid="tool-retopo">
      <Field
        label={`Quad faces (${nf.format(LIMITS.faces.min)}–${nf.format(LIMITS.faces.max)})`}
        error={errors.faces}
        hint={
          'value' in faces ? (
            <span data-testid="retopo-faces-rounded">
              Builds about {nf.format(roundFaces(faces.value))} quads (the service rounds to{' '}
              {LIMITS.faces.step}).
            </span>
          ) : undefined
        }
      >
        <input
          type="number"
          inputMode="numeric"
          data-testid="retopo-faces"
          min={LIMITS.faces.min}
          max={LIMITS.faces.max}
          step={LIMITS.faces.step}
          value={form.faces}
          onChange={(e) => setForm({ ...form, faces: e.target.value })}
        />
      </Field>
      <Field label="Baked texture">
        <select
          data-testid="retopo-texture"
          value={form.texture}
          onChange={(e) => setForm({ ...form, texture: e.target.value as RetopoForm['texture'] })}
        >
          <option value="">The model’s own</option>
          <option value="1024">1024 px</option>
          <option value="2048">2048 px</option>
          <option value="4096">4096 px</option>
        </select>
      </Field>
      <Check
        label="Symmetry"
        hint="mirror the quad flow across X"
        testId="retopo-symmetry"
        checked={form.symmetry}
        onChange={(symmetry) => setForm({ ...form, symmetry })}
      />
      <Check
        label="Outer skin only"
        hint="drop hidden interior shells"
        testId="retopo-fill"
        checked={form.interior === 'fill'}
        onChange={(fill) => setForm({ ...form, interior: fill ? 'fill' : 'keep' })}
      />
      <Field
        label="File"
        hint={form.format === 'glb' ? 'A GLB can be previewed here when it is ready.' : undefined}
      >
        <select
          data-testid="retopo-format"
          value={form.format}
          onChange={(e) => setForm({ ...form, format: e.target.value as RetopoForm['format'] })}
        >
          {RETOPO_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f === 'glb' ? 'GLB (triangulated, baked PBR)' : 'FBX (quads, zipped with textures)'}
            </option>
          ))}
        </select>
      </Field>
      <RunSection
        run={run}
        built={built}
        label="Remesh"
        what={`Quad remesh of ${modelName}`}
        testId="retopo"
      />
    </div>
  );
}
