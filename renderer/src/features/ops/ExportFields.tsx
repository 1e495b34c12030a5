/**
 * The export form's fields, shared by the Export tool and the batch form (one form, one set of
 * rules: `op-forms.ts`'s `buildExport`).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { COMPATIBLE_TEXTURE_SIZES, GLB_COMPRESSIONS } from '../../../../shared/ipc/limits';
import { EXPORT_FORMATS } from '../../../../shared/api/rules';
import type { Built, ExportForm } from './op-forms';
import { Choice, Field, type ChoiceOption } from './Field';

const FORMAT_LABELS: Record<ExportForm['format'], MessageDescriptor> = {
  glb: msg`GLB (glTF binary)`,
  glb_draco: msg`GLB, Draco-compressed`,
  fbx: msg`FBX`,
  obj: msg`OBJ (zip with MTL and texture)`,
  usdz: msg`USDZ (Apple AR)`,
  stl: msg`STL (no texture)`,
  compatible: msg`Compatible GLB (PNG/JPEG textures)`,
};

const TEXTURES: ReadonlyArray<readonly [ExportForm['texture'], MessageDescriptor]> = [
  ['', msg`The model’s own`],
  ['realistic', msg`Realistic`],
  ['generative', msg`Generative (clean albedo)`],
  ['1024', msg`Baked at 1024 px`],
  ['2048', msg`Baked at 2048 px`],
  ['4096', msg`Baked at 4096 px`],
];

const COMPRESSION_LABELS: Record<(typeof GLB_COMPRESSIONS)[number], MessageDescriptor> = {
  none: msg`None (every importer reads it)`,
  draco: msg`Draco (smaller; the importer needs Draco)`,
  meshopt: msg`meshopt (smaller; the importer needs meshopt)`,
};

/** Format, texture, and a compatible GLB's own options, with their errors. */
export function ExportFields(props: {
  form: ExportForm;
  onChange: (form: ExportForm) => void;
  built: Built;
}) {
  const { form, onChange, built } = props;
  const errors = 'errors' in built ? built.errors : {};
  const compatible = form.format === 'compatible';
  const { t, i18n } = useLingui();
  const maxTextures: ReadonlyArray<ChoiceOption<NonNullable<ExportForm['maxTextureSize']>>> = [
    ['', t`As they are`],
    ...COMPATIBLE_TEXTURE_SIZES.map((n) => [`${n}` as const, t`At most ${n} px`] as const),
  ];
  return (
    <>
      <Field
        label={t`Format`}
        hint={
          compatible
            ? t`Made on this computer from the model’s GLB, free: WebP textures become PNG/JPEG, so Blender before 4.x and every engine’s importer read it. Materials, UVs, skins and clips are kept.`
            : undefined
        }
      >
        <Choice
          testId="export-format"
          value={form.format}
          options={[...EXPORT_FORMATS, 'compatible' as const].map(
            (f) => [f, i18n._(FORMAT_LABELS[f])] as const,
          )}
          onChange={(format) => onChange({ ...form, format })}
        />
      </Field>
      {compatible ? (
        <>
          <Field label={t`Compression`}>
            <Choice
              testId="export-compression"
              value={form.compression ?? 'none'}
              options={GLB_COMPRESSIONS.map((c) => [c, i18n._(COMPRESSION_LABELS[c])] as const)}
              onChange={(compression) => onChange({ ...form, compression })}
            />
          </Field>
          <Field label={t`Textures`}>
            <Choice
              testId="export-max-texture"
              value={form.maxTextureSize ?? ''}
              options={maxTextures}
              onChange={(maxTextureSize) => onChange({ ...form, maxTextureSize })}
            />
          </Field>
          <Field
            label={t`Size budget (MB, optional)`}
            error={errors.sizeBudgetMb}
            hint={t`Textures are halved until the file fits.`}
          >
            <input
              type="text"
              inputMode="decimal"
              data-testid="export-size-budget"
              value={form.sizeBudgetMb ?? ''}
              placeholder={t`no limit`}
              onChange={(e) => onChange({ ...form, sizeBudgetMb: e.target.value })}
            />
          </Field>
        </>
      ) : (
        <Field
          label={t`Texture`}
          hint={form.format === 'stl' ? t`STL carries no texture.` : t`A baked size resamples it.`}
        >
          <Choice
            testId="export-texture"
            value={form.texture}
            disabled={form.format === 'stl'}
            options={TEXTURES.map(([v, label]) => [v, i18n._(label)] as const)}
            onChange={(texture) => onChange({ ...form, texture })}
          />
        </Field>
      )}
    </>
  );
}
