/** Quad remesh: target faces (rounded to 100), baked texture, symmetry, interior, GLB or FBX. */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../../shared/format';
import { useState } from 'react';
import { LIMITS, RETOPO_FORMATS } from '../../../../shared/api/rules';
import { Check, Choice, Field } from './Field';
import { buildRetopo, parseWhole, roundFaces, type RetopoForm } from './op-forms';
import { RunSection } from './RunSection';
import type { ToolProps } from './tool-props';
import { useToolRun } from './use-tool-run';

/** The quad remesh panel. */
export function RetopoTool({ modelId, modelName, folder }: ToolProps) {
  const [form, setForm] = useState<RetopoForm>({
    faces: '5000',
    texture: '',
    symmetry: false,
    interior: 'keep',
    format: 'glb',
  });
  const built = buildRetopo(form);
  const run = useToolRun('retopo', modelId, { kind: 'retopo' }, folder, built);
  const errors = 'errors' in built ? built.errors : {};
  const faces = parseWhole(form.faces, LIMITS.faces.min, LIMITS.faces.max, () => '');
  const { t } = useLingui();
  const minFaces = formatNumber(LIMITS.faces.min);
  const maxFaces = formatNumber(LIMITS.faces.max);
  const step = formatNumber(LIMITS.faces.step);
  const quads = 'value' in faces ? formatNumber(roundFaces(faces.value)) : '';
  return (
    <div className="tool-body" data-testid="tool-retopo">
      <Field
        label={t`Quad faces (${minFaces}–${maxFaces})`}
        error={errors.faces}
        hint={
          'value' in faces ? (
            <span data-testid="retopo-faces-rounded">
              <Trans>
                Builds about {quads} quads (the service rounds to {step}).
              </Trans>
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
      <Field label={t`Baked texture`}>
        <Choice
          testId="retopo-texture"
          value={form.texture}
          options={[
            ['', t`The model’s own`],
            ['1024', t`1024 px`],
            ['2048', t`2048 px`],
            ['4096', t`4096 px`],
          ]}
          onChange={(texture) => setForm({ ...form, texture })}
        />
      </Field>
      <Check
        label={t`Symmetry`}
        hint={t`mirror the quad flow across X`}
        testId="retopo-symmetry"
        checked={form.symmetry}
        onChange={(symmetry) => setForm({ ...form, symmetry })}
      />
      <Check
        label={t`Outer skin only`}
        hint={t`drop hidden interior shells`}
        testId="retopo-fill"
        checked={form.interior === 'fill'}
        onChange={(fill) => setForm({ ...form, interior: fill ? 'fill' : 'keep' })}
      />
      <Field
        label={t`File`}
        hint={form.format === 'glb' ? t`A GLB can be previewed here when it is ready.` : undefined}
      >
        <Choice
          testId="retopo-format"
          value={form.format}
          options={RETOPO_FORMATS.map(
            (f) =>
              [
                f,
                f === 'glb'
                  ? t`GLB (triangulated, baked PBR)`
                  : t`FBX (quads, zipped with textures)`,
              ] as const,
          )}
          onChange={(format) => setForm({ ...form, format })}
        />
      </Field>
      <RunSection run={run} built={built} label={t`Remesh`} modelName={modelName} testId="retopo" />
    </div>
  );
}
