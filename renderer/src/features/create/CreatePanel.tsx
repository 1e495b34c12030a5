/**
 * Create: a photo in, a model version chosen, Generate. The photo is checked before anything is
 * uploaded; a refusal says what to fix.
 */
import { useState } from 'react';
import { formatBytes, MODEL_TIERS, TIERS, type ModelTier } from '../../../../shared/api/rules';
import { useKiln } from '../../store/StoreProvider';
import { DropZone } from './DropZone';
import { usePhotoChoice } from './use-photo-choice';

/** The Create panel. */
export function CreatePanel() {
  const startPhoto = useKiln((s) => s.startPhoto);
  const { photo, error, setError, choose, clear } = usePhotoChoice();
  const [tier, setTier] = useState<ModelTier>('quality');
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    if (!photo) return;
    setBusy(true);
    try {
      await startPhoto(photo.file, tier);
      clear();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel create-panel" aria-labelledby="create-title">
      <h2 id="create-title">Create from a photo</h2>
      <DropZone onFiles={(files) => void choose(files)}>
        {photo ? (
          <figure className="photo-preview" data-testid="photo-preview">
            <img src={photo.previewUrl} alt="" />
            <figcaption>
              <span className="photo-name">{photo.file.name}</span>
              <span className="muted">{formatBytes(photo.file.size)}</span>
            </figcaption>
          </figure>
        ) : undefined}
      </DropZone>
      {error ? (
        <p className="error-text" role="alert" data-testid="create-error">
          {error}
        </p>
      ) : null}
      <label className="field">
        <span>Model version</span>
        <select
          data-testid="tier"
          value={tier}
          onChange={(e) => setTier(e.target.value as ModelTier)}
        >
          {MODEL_TIERS.map((t) => (
            <option key={t} value={t}>
              {TIERS[t].label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="primary"
        data-testid="generate"
        disabled={!photo || busy}
        onClick={() => void generate()}
      >
        {busy ? 'Starting…' : 'Generate'}
      </button>
    </section>
  );
}
