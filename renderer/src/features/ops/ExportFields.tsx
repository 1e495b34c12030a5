/**
 * The export form's fields, shared by the Export tool and the batch form (one form, one set of
 * rules: `op-forms.ts`'s `buildExport`).
 */
import { COMPATIBLE_TEXTURE_SIZES, GLB_COMPRESSIONS } from '../../../../shared/ipc/limits';
import { EXPORT_FORMATS } from '../../../../shared/api/rules';
import type { Built, ExportForm } from './op-forms';
import { Choice, Field, type ChoiceOption } from './Field';

const FORMAT_LABELS: Record<ExportForm['format'], string> = {
  glb: 'GLB (glTF binary)',
  glb_draco: 'GLB, Draco-compressed',
  fbx: 'FBX',
  obj: 'OBJ (zip with MTL and texture)',
  usdz: 'USDZ (Apple AR)',
  stl: 'STL (no texture)',
  compatible: 'Compatible GLB (PNG/JPEG textures)',
};

const TEXTURES: ReadonlyArray<ChoiceOption<ExportForm['texture']>> = [
  ['', 'The model’s own'],
  ['realistic', 'Realistic'],
  ['generative', 'Generative (clean albedo)'],
  ['1024', 'Baked at 1024 px'],
  ['2048', 'Baked at 2048 px'],
  ['4096', 'Baked at 4096 px'],
];

const COMPRESSION_LABELS: Record<(typeof GLB_COMPRESSIONS)[number], string> = {
  none: 'None (every importer reads it)',
  draco: 'Draco (smaller; the importer needs Draco)',
  meshopt: 'meshopt (smaller; the importer needs meshopt)',
};

const MAX_TEXTURES: ReadonlyArray<ChoiceOption<NonNullable<ExportForm['maxTextureSize']>>> = [
  ['', 'As they are'],
  ...COMPATIBLE_TEXTURE_SIZES.map((n) => [`${n}` as const, `At most ${n} px`] as const),
];

/** Format, texture, and a compatible GLB's own options, with their errors. */
export function ExportFields(props: {
  form: ExportForm;
  onChange: (form: ExportForm) => void;
  built: Built;
}) {
  const { form, onChange, built } = props;
  const errors = 'errors' in built ? built.errors : {};
  const compatible = form.format === 'compatible';
  return (
    <>
      <Field
        label="Format"
        hint={
          compatible
            ? 'Made on this computer from the model’s GLB, free: WebP textures become PNG/JPEG, so Blender before 4.x and every engine’s importer read it. Materials, UVs, skins and clips are kept.'
            : undefined
        }
      >
        <Choice
          testId="export-format"
          value={form.format}
          options={[...EXPORT_FORMATS, 'compatible' as const].map(
            (f) => [f, FORMAT_LABELS[f]] as const,
          )}
          onChange={(format) => onChange({ ...form, format })}
        />
      </Field>
      {compatible ? (
        <>
          <Field label="Compression">
            <Choice
              testId="export-compression"
              value={form.compression ?? 'none'}
              options={GLB_COMPRESSIONS.map((c) => [c, COMPRESSION_LABELS[c]] as const)}
              onChange={(compression) => onChange({ ...form, compression })}
            />
          </Field>
          <Field label="Textures">
            <Choice
              testId="export-max-texture"
              value={form.maxTextureSize ?? ''}
              options={MAX_TEXTURES}
              onChange={(maxTextureSize) => onChange({ ...form, maxTextureSize })}
            />
          </Field>
          <Field
            label="Size budget (MB, optional)"
            error={errors.sizeBudgetMb}
            hint="Textures are halved until the file fits."
          >
            <input
              type="text"
              inputMode="decimal"
              data-testid="export-size-budget"
              value={form.sizeBudgetMb ?? ''}
              placeholder="no limit"
              onChange={(e) => onChange({ ...form, sizeBudgetMb: e.target.value })}
            />
          </Field>
        </>
      ) : (
        <Field
          label="Texture"
          hint={form.format === 'stl' ? 'STL carries no texture.' : 'A baked size resamples it.'}
        >
          <Choice
            testId="export-texture"
            value={form.texture}
            disabled={form.format === 'stl'}
            options={TEXTURES}
            onChange={(texture) => onChange({ ...form, texture })}
          />
        </Field>
      )}
    </>
  );
}
