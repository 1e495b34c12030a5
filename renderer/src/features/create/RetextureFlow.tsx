/**
 * Retexture: paint a model anew from a photo, as a new version. The model comes from the Library
 * or the viewer (`beginRetexture`), or from the model open in the viewer on this page.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { isLocalModel } from '../../../../shared/ipc/local-model';
import { useCallback, useMemo } from 'react';
import { RETEXTURE_DEFAULT_TEXTURE_SIZE } from '../../../../shared/api/rules';
import { useKiln } from '../../store/StoreProvider';
import { DropZone } from './DropZone';
import { errorId, FieldError } from './FieldError';
import { PaidButton } from './PaidButton';
import { PreflightNote } from '../preflight';
import { PhotoCard } from './PhotoCard';
import { SeedField, TextureSizeField } from './SettingsFields';
import { useCreateStart } from './use-create-start';

/** The model to retexture: the one chosen, or the one open in the viewer. */
function RetextureTargetPicker() {
  const target = useKiln((s) => s.retextureTarget);
  const open = useKiln((s) => s.model);
  const beginRetexture = useKiln((s) => s.beginRetexture);
  const targetName = target?.name;
  const openName = open?.name;
  return (
    <div className="retexture-target" data-testid="retexture-target">
      {target ? (
        <p>
          <Trans>
            Model: <strong data-testid="retexture-model">{targetName}</strong>
          </Trans>
        </p>
      ) : (
        <p className="muted">
          <Trans>Choose a model: open it from the Library, or use the one in the viewer.</Trans>
        </p>
      )}
      <div className="row">
        {open && open.modelId !== target?.modelId && !isLocalModel(open.modelId) ? (
          <button
            type="button"
            data-testid="retexture-use-open"
            onClick={() => beginRetexture({ modelId: open.modelId, name: open.name })}
          >
            <Trans>Use the model in the viewer ({openName})</Trans>
          </button>
        ) : null}
        {target ? (
          <button type="button" onClick={() => beginRetexture(undefined)}>
            <Trans>Clear</Trans>
          </button>
        ) : null}
      </div>
      <FieldError field="model" />
    </div>
  );
}

/** The retexture flow. */
export function RetextureFlow() {
  const target = useKiln((s) => s.retextureTarget);
  const photo = useKiln((s) => s.retexturePhoto);
  const retexturePhotos = useMemo(() => (photo ? [photo] : []), [photo]);
  const addPhotos = useKiln((s) => s.addPhotos);
  const removePhotos = useKiln((s) => s.removePhotos);
  const replacePhoto = useKiln((s) => s.replacePhoto);
  const draft = useKiln((s) => s.retextureSettings);
  const set = useKiln((s) => s.setRetextureSettings);
  const defaultSize = RETEXTURE_DEFAULT_TEXTURE_SIZE;
  const start = useCreateStart();
  const { t } = useLingui();
  const onFiles = useCallback((files: File[]) => void addPhotos('retexture', files), [addPhotos]);

  return (
    <>
      <RetextureTargetPicker />
      <DropZone
        onFiles={onFiles}
        testId="retexture-drop"
        hint={t`Drop the photo whose look the model should get`}
        describedBy={errorId('photo')}
      >
        {photo ? (
          <PhotoCard photo={photo} onRemove={() => removePhotos('retexture', [photo.id])} />
        ) : undefined}
      </DropZone>
      <FieldError field="photo" />
      <details className="settings">
        <summary>
          <Trans>
            Settings <span className="muted">texture {defaultSize} px, random seed</span>
          </Trans>
        </summary>
        <div className="settings-grid">
          <TextureSizeField
            testId="retexture-texture-size"
            value={draft.textureSize}
            defaultSize={defaultSize}
            onChange={(textureSize) => set({ textureSize })}
          />
          <SeedField
            testId="retexture-seed"
            value={draft.seed}
            onChange={(seed) => set({ seed })}
          />
        </div>
      </details>
      <FieldError field="form" />
      <PreflightNote
        photos={retexturePhotos}
        onUseCrop={(photo, cropped) => replacePhoto('retexture', photo.id, cropped)}
      />
      <PaidButton
        {...start}
        testId="retexture"
        blockedBy={
          !target
            ? t`Choose the model to retexture.`
            : !photo
              ? t`Drop a photo to paint the model from.`
              : undefined
        }
      />
    </>
  );
}
