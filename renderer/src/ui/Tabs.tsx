/** A row or column of tabs (WAI-ARIA tabs pattern): one mechanism for every tab list of the app. */
import type { KeyboardEvent } from 'react';

/** One tab. */
export interface TabSpec<T extends string> {
  readonly id: T;
  readonly label: string;
  /** A count or state shown after the label ("3"). */
  readonly badge?: string | undefined;
}

/** The keys that move along a tab list of `orientation`, and how far. */
const STEPS: Readonly<Record<'horizontal' | 'vertical', Readonly<Record<string, number>>>> = {
  horizontal: { ArrowRight: 1, ArrowLeft: -1 },
  vertical: { ArrowDown: 1, ArrowUp: -1 },
};

/**
 * Tabs with arrow-key navigation (Left/Right in a row, Up/Down in a column; Home and End go to
 * the ends), focus following the selection; `idPrefix` names the panel they control, and
 * `testIdPrefix` (default `tab`) their test ids.
 */
export function Tabs<T extends string>(props: {
  tabs: readonly TabSpec<T>[];
  value: T;
  onChange: (id: T) => void;
  idPrefix: string;
  label: string;
  orientation?: 'horizontal' | 'vertical';
  testIdPrefix?: string;
}) {
  const { tabs, value, onChange, idPrefix, label } = props;
  const orientation = props.orientation ?? 'horizontal';
  const testIdPrefix = props.testIdPrefix ?? 'tab';
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = tabs.findIndex((t) => t.id === value);
    const step = STEPS[orientation][e.key];
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? tabs.length - 1
          : step
            ? (i + step + tabs.length) % tabs.length
            : undefined;
    if (next === undefined) return;
    e.preventDefault();
    // The tab that becomes selected takes the focus, as the pattern asks (every tab is rendered).
    e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
    onChange(tabs[next]!.id);
  };
  return (
    <div
      className={orientation === 'vertical' ? 'tabs is-vertical' : 'tabs'}
      role="tablist"
      aria-label={label}
      aria-orientation={orientation}
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
          data-testid={`${testIdPrefix}-${t.id}`}
          onClick={() => onChange(t.id)}
        >
          {t.label}
          {t.badge ? <span className="tab-badge">{t.badge}</span> : null}
        </button>
      ))}
    </div>
  );
}
