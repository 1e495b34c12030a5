// @ts-check
/**
 * Stylelint (`npm run lint:css`, part of `npm run lint`): the renderer's CSS is written in logical
 * properties and values (issue 32), so a right-to-left language mirrors the layout by itself:
 * `margin-inline-start` instead of `margin-left`, `inset-inline-end` instead of `right`,
 * `text-align: start` instead of `left`. docs/i18n.md says how to write an exception.
 *
 * What is enforced is what names a left or a right side, the only thing a right-to-left language
 * changes. The block axis (`top`, `margin-bottom`, `border-top`…) and axis-only sizes and units
 * (`width`, `height`, `overflow-x`, `vw`, `resize: vertical`) read the same in Arabic or Hebrew
 * as in English (all horizontal writing), so they stay as written: renaming every `height` to
 * `block-size` would only matter to vertical writing, which no planned language needs.
 */

/** @type {import('stylelint').Config} */
export default {
  plugins: ['stylelint-plugin-logical-css'],
  // The renderer's own CSS; built copies and other packages' CSS are not ours to write.
  ignoreFiles: ['dist/**', 'dist-electron/**', 'release/**', 'node_modules/**'],
  // An exception is a `stylelint-disable-next-line <rule> -- <why>` comment on the one
  // declaration; one without its reason, or one that no longer disables anything, fails.
  reportDescriptionlessDisables: true,
  reportNeedlessDisables: true,
  reportInvalidScopeDisables: true,
  rules: {
    'logical-css/require-logical-properties': [true, { ignore: directionNeutralProperties() }],
    'logical-css/require-logical-keywords': [
      true,
      // Axis-only keywords (`resize: vertical`, the legacy `box-orient`), and the plugin's own
      // recommended ignores (no logical keyword in Chromium yet).
      { ignore: ['resize', 'box-orient', 'caption-side', 'offset-anchor', 'offset-position'] },
    ],
    // A shorthand whose left and right values differ is as physical as `padding-left`: the
    // plugin sees only properties, so the values are checked here (see mirroredShorthands).
    'declaration-property-value-disallowed-list': [
      mirroredShorthands(),
      {
        message: (property, value) =>
          `"${property}: ${value}" gives the left and the right side different values, which a right-to-left layout would not mirror: write the -block and -inline longhands (padding-block: A C; padding-inline: D B) or the logical corners (border-start-start-radius…)`,
      },
    ],
  },
};

/**
 * The physical properties the plugin would flag that name no left or right side: the top and
 * bottom (block axis), and sizes and overflows along an axis, which mean the same in a
 * right-to-left layout.
 */
function directionNeutralProperties() {
  const blockSides = ['top', 'bottom'].flatMap((side) => [
    side,
    `margin-${side}`,
    `padding-${side}`,
    `border-${side}`,
    `border-${side}-color`,
    `border-${side}-style`,
    `border-${side}-width`,
    `scroll-margin-${side}`,
    `scroll-padding-${side}`,
  ]);
  const sizes = ['width', 'height'].flatMap((size) => [
    size,
    `min-${size}`,
    `max-${size}`,
    `contain-intrinsic-${size}`,
  ]);
  const axes = ['overflow-x', 'overflow-y', 'overscroll-behavior-x', 'overscroll-behavior-y'];
  return [...blockSides, ...sizes, ...axes];
}

/**
 * Values of box shorthands that set the left and the right differently, for
 * declaration-property-value-disallowed-list. One value is a word or a function call
 * (`var(--kiln-space-3)`, `calc(50% - 2px)`); elliptical radii (`a / b`) are not checked.
 *
 * - Four values `top right bottom left`: flagged when right ≠ left (`0 8px 0 8px` passes).
 * - `border-radius` with 2 to 4 values: passes only when every corner has its mirror's value
 *   (all alike, or `a a b b`: the two top corners alike and the two bottom ones).
 */
function mirroredShorthands() {
  const call = String.raw`[\w-]*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)`;
  const value = String.raw`(?:${call}|[^\s()/]+)+`;
  const leftDiffersFromRight = new RegExp(
    String.raw`^${value}\s+(${value})\s+${value}\s+(?!\1$)${value}$`,
  );
  const cornersUnmirrored = new RegExp(
    String.raw`^(?!(${value})(?:\s+\1)*$)(?!(${value})\s+\2\s+(${value})\s+\3$)${value}(?:\s+${value}){1,3}$`,
  );
  const boxes = ['margin', 'padding', 'inset', 'scroll-margin', 'scroll-padding'];
  const borders = ['border-width', 'border-style', 'border-color'];
  return {
    ...Object.fromEntries([...boxes, ...borders].map((p) => [p, [leftDiffersFromRight]])),
    'border-radius': [cornersUnmirrored],
  };
}
