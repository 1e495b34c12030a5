/**
 * The print palette: filament colours in slot order, as swatches (pick, reorder, remove) and as
 * the text the service gets (`#rrggbb,#rrggbb`). Either can be edited; bad text gets a sentence.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../../shared/format';
import { useState } from 'react';
import { LIMITS } from '../../../../shared/api/rules';
import { formatPalette, parsePalette } from './op-forms';

/** Edits `value` (comma-separated `#rrggbb`). */
export function PaletteEditor(props: {
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
}) {
  const { value, onChange, error } = props;
  const parsed = parsePalette(value);
  const colours = parsed.ok ? parsed.colours : [];
  const [next, setNext] = useState('#e8a25a');
  const set = (list: readonly string[]) => onChange(formatPalette(list));
  const { t } = useLingui();
  const maxColours = formatNumber(LIMITS.colors.max);
  const maxCharacters = formatNumber(LIMITS.paletteMaxChars);
  const move = (i: number, by: number) => {
    const list = [...colours];
    const [c] = list.splice(i, 1);
    list.splice(i + by, 0, c!);
    set(list);
  };
  return (
    <fieldset className="palette">
      <legend>
        <Trans>Palette (filament slots, in order)</Trans>
      </legend>
      {parsed.ok && colours.length > 0 ? (
        <ol className="swatches" data-testid="palette-swatches">
          {colours.map((c, i) => {
            const slot = formatNumber(i + 1);
            return (
              <li
                key={`${i}-${c}`}
                className="swatch-item"
                data-testid="palette-swatch"
                data-colour={c}
              >
                <input
                  type="color"
                  aria-label={t`Slot ${slot} colour`}
                  value={c}
                  onChange={(e) => set(colours.map((x, j) => (j === i ? e.target.value : x)))}
                />
                <span className="swatch-slot">{slot}</span>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t`Move slot ${slot} earlier`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t`Remove slot ${slot}`}
                  onClick={() => set(colours.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="palette-add">
        <input
          type="color"
          aria-label={t`Colour to add`}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <button
          type="button"
          data-testid="palette-add"
          disabled={!parsed.ok || colours.length >= LIMITS.colors.max}
          onClick={() => set([...colours, next])}
        >
          <Trans>Add colour</Trans>
        </button>
        {value ? (
          <button type="button" onClick={() => onChange('')}>
            <Trans>Clear</Trans>
          </button>
        ) : null}
      </div>
      <label className="field">
        <span>
          <Trans>As text</Trans>
        </span>
        <input
          type="text"
          data-testid="palette-text"
          value={value}
          spellCheck={false}
          placeholder={formatPalette(['#ffffff', '#202020'])}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      {error ? (
        <p className="error-text field-error" data-testid="palette-error">
          {error}
        </p>
      ) : (
        <p className="muted field-hint">
          {colours.length > 0
            ? plural(colours.length, {
                one: '# colour: the palette sets the colour count.',
                other: '# colours: the palette sets the colour count.',
              })
            : t`Up to ${maxColours} colours, ${maxCharacters} characters.`}
        </p>
      )}
    </fieldset>
  );
}
