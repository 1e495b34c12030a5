/** A row or column of tabs (WAI-ARIA tabs pattern): one mechanism for every tab list of the app. */
import type { KeyboardEvent } from 'react';

/** One tab. */
export interface TabSpec<T extends string> {
  readonly id: T;
  readonly label: string;
  /** A count or state shown after the label ("3"). */
  readonly badge?: string | undefined;
  /**
   * A state the label does not say ("Unsaved changes"): a dot after the label, its words the
   * tab's description (read after its name) and tooltip.
   */
  readonly note?: string | undefined;
}

/**
 * Tabs with arrow-key navigation (the arrows along the list, either way it runs, wrapping at the
 * ends), the focus following the selection; `idPrefix` names the panel they control,
 * and `orientation: 'vertical'` makes them a column (styled by its `aria-orientation`).
 */
export function Tabs<T extends string>(props: {
  tabs: readonly TabSpec<T>[];
  value: T;
  onChange: (id: T) => void;
  idPrefix: string;
  label: string;
  orientation?: 'vertical';
}) {
  const { tabs, value, onChange, idPrefix, label } = props;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Kept small on purpose: this runs in the app's first chunk (size budget).
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step) return;
    const k = (tabs.findIndex((t) => t.id === value) + step + tabs.length) % tabs.length;
    // Every tab is rendered, in order: the one selected takes the focus, as the pattern asks.
    (e.currentTarget.children[k] as HTMLElement).focus();
    onChange(tabs[k]!.id);
  };
  return (
    <div
      className="tabs"
      role="tablist"
      aria-label={label}
      aria-orientation={props.orientation}
      onKeyDown={onKeyDown}
    >
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${t.id}`}
          aria-selected={t.id === value}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={t.id === value ? 0 : -1}
          data-testid={`tab-${t.id}`}
          onClick={() => onChange(t.id)}
          {...(t.note ? { title: t.note, 'aria-description': t.note } : {})}
        >
          {t.label}
          {t.badge ? <span className="tab-badge">{t.badge}</span> : null}
          {t.note ? <span className="tab-note" aria-hidden /> : null}
        </button>
      ))}
    </div>
  );
}
