/**
 * Text → model: describe the object, Imagine a concept picture (a paid call, priced on its
 * button), pick one of the pictures imagined so far, choose the version and Generate.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { IMAGINE_STYLES, PROMPT_MAX_CHARS } from '../../../../shared/api/rules';
import { useKiln } from '../../store/StoreProvider';
import { IMAGINE_ITEMS } from './create-plan';
import { errorId, FieldError } from './FieldError';
import { PaidButton } from './PaidButton';
import { SettingsFields } from './SettingsFields';
import { useCreateStart } from './use-create-start';

/** The text flow. */
export function TextFlow() {
  const prompt = useKiln((s) => s.prompt);
  const style = useKiln((s) => s.style);
  const concepts = useKiln((s) => s.concepts);
  const conceptId = useKiln((s) => s.conceptId);
  const errors = useKiln((s) => s.createErrors);
  const setPrompt = useKiln((s) => s.setPrompt);
  const setStyle = useKiln((s) => s.setStyle);
  const pickConcept = useKiln((s) => s.pickConcept);
  const imagine = useKiln((s) => s.imagine);
  const validateImagine = useKiln((s) => s.validateImagine);
  const setErrors = useKiln((s) => s.setCreateErrors);
  const start = useCreateStart();
  const { t } = useLingui();
  const quoted = prompt.trim().slice(0, 60);

  return (
    <>
      <label className="field">
        <span>
          <Trans>Describe the object</Trans>
        </span>
        <textarea
          data-testid="prompt"
          rows={3}
          maxLength={PROMPT_MAX_CHARS}
          placeholder={t`a red ceramic teapot with a bamboo handle`}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          {...(errors.prompt
            ? { 'aria-invalid': true, 'aria-describedby': errorId('prompt') }
            : {})}
        />
        <FieldError field="prompt" />
      </label>
      <label className="field">
        <span>
          <Trans>
            Style <span className="muted">(optional)</span>
          </Trans>
        </span>
        <input
          type="text"
          data-testid="style"
          list="create-styles"
          placeholder={t`realistic, cartoon, lowpoly…`}
          value={style}
          onChange={(e) => setStyle(e.target.value)}
        />
        <datalist id="create-styles">
          {IMAGINE_STYLES.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <FieldError field="style" />
      </label>
      <PaidButton
        items={IMAGINE_ITEMS}
        label={concepts.length ? t`Imagine another` : t`Imagine`}
        what={t`Imagine a concept picture of “${quoted}”`}
        testId="imagine"
        primary={concepts.length === 0}
        validate={() => {
          const problems = validateImagine();
          setErrors(problems);
          return Object.keys(problems).length === 0;
        }}
        run={imagine}
      />
      {concepts.length ? (
        <fieldset className="concepts">
          <legend>
            <Trans>Pick the picture to build</Trans>
          </legend>
          <div className="concept-grid" role="radiogroup" aria-label={t`Concept pictures`}>
            {concepts.map((c, i) => {
              const n = i + 1;
              const conceptPrompt = c.prompt;
              return (
                <button
                  key={c.conceptId}
                  type="button"
                  role="radio"
                  aria-checked={c.conceptId === conceptId}
                  className={`concept${c.conceptId === conceptId ? ' concept-on' : ''}`}
                  data-testid="concept"
                  data-concept-id={c.conceptId}
                  onClick={() => pickConcept(c.conceptId)}
                >
                  {c.imageUrl ? (
                    <img src={c.imageUrl} alt={t`Concept ${n}: ${conceptPrompt}`} />
                  ) : (
                    <span className="muted">
                      <Trans>Picture {n} could not be shown</Trans>
                    </span>
                  )}
                  <span className="concept-caption">
                    {c.prompt}
                    {c.style ? ` · ${c.style}` : ''}
                  </span>
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      <FieldError field="concept" />
      <SettingsFields />
      <FieldError field="form" />
      <PaidButton
        {...start}
        testId="generate"
        blockedBy={conceptId ? undefined : t`Imagine a concept picture and pick it first.`}
      />
    </>
  );
}
