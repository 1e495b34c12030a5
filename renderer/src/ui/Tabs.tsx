/** A row of tabs (WAI-ARIA tabs pattern): one mechanism for every column of the shell. */
import type { KeyboardEvent } from 'react';

/** One tab. */
export interface TabSpec<T extends string> {
  readonly id: T;
  readonly label: string;
  /** A count or state shown after the label ("3"). */
  readonly badge?: string | undefined;
}

/** Tabs with arrow-key navigation; `idPrefix` names the panels they control. */
export function Tabs<T extends string>(props: {
  tabs: readonly TabSpec<T>[];
  value: T;
  onChange: (id: T) => void;
  idPrefix: string;
  label: string;
}) {
  const { tabs, value, onChange, idPrefix, label } = props;
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const i = tabs.findIndex((t) => t.id === value);
    onChange(tabs[(i + step + tabs.length) % tabs.length]!.id);
  };
  return (
    <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
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
        >
          {t.label}
          {t.badge ? <span className="tab-badge">{t.badge}</span> : null}
        </button>
      ))}
    </div>
  );
}
