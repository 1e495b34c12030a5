/**
 * The CSS lint of logical properties (stylelint.config.js, issue 32): what names a left or a
 * right side fails, its logical form and the direction-neutral block axis pass, and an
 * exception needs its reason.
 */
import path from 'node:path';
import stylelint from 'stylelint';
import { describe, expect, it } from 'vitest';

const configFile = path.resolve(import.meta.dirname, '..', 'stylelint.config.js');

/** The rules `css` breaks, as `rule: text` lines (empty when it passes). */
async function problems(css: string): Promise<string[]> {
  const { results } = await stylelint.lint({ code: css, configFile, codeFilename: 'x.css' });
  const [result] = results;
  // Disable comments without a reason, or that disable nothing, come as warnings of the
  // pseudo-rules `--report-descriptionless-disables` and `--report-needless-disables`.
  return result!.warnings.map((w) => `${w.rule}: ${w.text}`);
}

const rules = async (css: string): Promise<string[]> =>
  (await problems(css)).map((line) => line.slice(0, line.indexOf(':')));

describe('stylelint: logical properties', () => {
  it.each([
    ['margin-left: 8px', 'logical-css/require-logical-properties'],
    ['padding-right: 8px', 'logical-css/require-logical-properties'],
    ['border-left: 1px solid red', 'logical-css/require-logical-properties'],
    ['border-right-color: red', 'logical-css/require-logical-properties'],
    ['border-top-left-radius: 4px', 'logical-css/require-logical-properties'],
    ['left: 0', 'logical-css/require-logical-properties'],
    ['right: 12px', 'logical-css/require-logical-properties'],
    ['text-align: left', 'logical-css/require-logical-keywords'],
    ['float: right', 'logical-css/require-logical-keywords'],
    ['clear: left', 'logical-css/require-logical-keywords'],
    ['padding: 2px 4px 2px 10px', 'declaration-property-value-disallowed-list'],
    ['margin: 0 var(--a) 0 calc(var(--a) + 2px)', 'declaration-property-value-disallowed-list'],
    ['inset: 0 auto 0 12px', 'declaration-property-value-disallowed-list'],
    ['border-radius: 4px 0', 'declaration-property-value-disallowed-list'],
    ['border-radius: 4px 4px 0', 'declaration-property-value-disallowed-list'],
    ['border-radius: 4px 0 0 4px', 'declaration-property-value-disallowed-list'],
  ])('fails on %s', async (declaration, rule) => {
    expect(await rules(`a { ${declaration}; }`)).toEqual([rule]);
  });

  it.each([
    'margin-inline-start: 8px',
    'padding-inline: 4px 10px',
    'border-inline-start: 3px solid red',
    'border-start-end-radius: 6px',
    'inset-inline-end: 12px',
    'text-align: start',
    'float: inline-end',
    // The block axis and sizes read the same right to left.
    'top: 8px',
    'margin-bottom: 4px',
    'border-bottom: 1px solid red',
    'width: 100%',
    'max-height: 50vh',
    'overflow-x: auto',
    'resize: vertical',
    // Shorthands that give left and right the same value.
    'padding: 2px 4px',
    'margin: 0 auto 10px',
    'padding: 6px 8px 6px 8px',
    'border-radius: var(--kiln-radius) var(--kiln-radius) 0 0',
    'border-radius: 999px',
    'border-color: color-mix(in srgb, var(--kiln-accent) 50%, transparent)',
  ])('passes %s', async (declaration) => {
    expect(await problems(`a { ${declaration}; }`)).toEqual([]);
  });

  it('takes an exception with its reason on the one declaration', async () => {
    const css = `a {
  /* stylelint-disable-next-line logical-css/require-logical-properties -- centred both ways */
  left: 50%;
  right: 0;
}`;
    expect(await rules(css)).toEqual(['logical-css/require-logical-properties']);
  });

  it('fails on an exception without its reason, or one that disables nothing', async () => {
    const bare = `a {
  /* stylelint-disable-next-line logical-css/require-logical-properties */
  left: 50%;
}`;
    expect(await rules(bare)).toEqual(['--report-descriptionless-disables']);
    const needless = `a {
  /* stylelint-disable-next-line logical-css/require-logical-properties -- old reason */
  inset-inline-start: 50%;
}`;
    expect(await rules(needless)).toEqual(['--report-needless-disables']);
  });
});
