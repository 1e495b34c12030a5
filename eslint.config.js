// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';
import { layersRule } from './tools/eslint/layers.js';

/**
 * Where every user-visible string is a Lingui message (issue 32): the rule below fails on a
 * literal left there. Every area of the renderer has joined (docs/i18n.md), so a new screen is
 * held to it from its first line.
 */
const TRANSLATED = ['renderer/src'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-electron/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'tests/bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { kiln: { rules: { layers: layersRule } } },
    rules: {
      'kiln/layers': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['electron/**', 'tests/**', 'tools/**', '*.config.{js,ts}', '.ci/**'],
    languageOptions: { globals: globals.node },
  },
  // Size limits of production code (issue 30): a function reads on one screen, a file is one
  // module. Tests, test support and e2e specs are exempt: a test's length is its scenario's.
  {
    files: ['renderer/**', 'shared/**', 'electron/**', 'tools/**'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', 600],
    },
  },
  {
    // Composition roots: they only wire (build each part, hand it to the next), so their length
    // is the length of the list of parts; splitting them would hide the one place that shows how
    // the whole is put together. startHost (host.ts), main's start (index.ts), the core's
    // createServices (services.ts), the sandbox's createApp (http/app.ts: every route registered
    // in one place) and createSandbox (sandbox.ts).
    files: [
      'electron/core/services.ts',
      'electron/host/host.ts',
      'electron/main/index.ts',
      'electron/sandbox/http/app.ts',
      'electron/sandbox/sandbox.ts',
    ],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    files: TRANSLATED.map((f) => (f.endsWith('.tsx') || f.endsWith('.ts') ? f : `${f}/**`)),
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // Not words for people: identifiers, class lists, CSS values, URLs, keys, ids.
          ignore: [
            '^[a-z0-9]+([-_:./][a-z0-9]+)*[-_]?$',
            '^[A-Z0-9_]+$',
            '^(https?|kiln|data|blob):',
            // Paths (module globs), and the product's name.
            '^\\.{1,2}/',
            '^Kiln$',
            // Names that are the same in every language: products, formats, engines.
            '^(Unity|Unreal|Godot|Blender|GLB|glTF|FBX|OBJ|USDZ|STL|3MF|Draco|WebM|GIF|MP4|PNG|JPEG|WebP)$',
            // Suffixes of ids built from a value (`${id}-hint`), camelCase identifiers.
            '^[-_./][a-z0-9-]+$',
            '^[a-z]+([A-Z][a-z0-9]*)+$',
            '^[#.][\\w-]+$',
            // CSS custom properties.
            '^--[\\w-]+$',
            // CSS selectors (an element's role, a form control's type).
            '\\[(role|type|contenteditable)=',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(className|class|style|role|type|id|key|name|rel|href|src|target|accept|inputMode|autoComplete|htmlFor|form|mode|variant|size|dir|lang|testId|kind|state|value|defaultValue|step|min|max|shortcut|accelerator)$',
              },
            },
            {
              regex: {
                pattern:
                  '^(data|aria-(controls|describedby|labelledby|owns|live|current|haspopup|expanded|pressed|selected|checked|hidden|orientation|sort|valuenow|valuemin|valuemax|modal|busy|invalid|required|disabled|readonly|multiselectable|autocomplete))',
              },
            },
            {
              regex: { pattern: '(Id|Key|Url|Class|Mode|Kind|State|Name|Test|Event|Type|Prefix)$' },
            },
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            '*.addEventListener',
            '*.removeEventListener',
            'document.querySelector',
            '*.querySelector',
            '*.querySelectorAll',
            // Its argument is a CSS selector (ui/menu-anchor.ts).
            'rowMenuOpening',
            '*.getAttribute',
            '*.setAttribute',
            '*.startsWith',
            '*.endsWith',
            '*.includes',
            '*.split',
            '*.join',
            '*.get',
            '*.has',
            '*.set',
            '*.delete',
            'useKiln',
            'bridge.*',
            'matchMedia',
            'window.matchMedia',
            'new URL',
            'URLSearchParams',
            'Intl.*',
            'formatShortcut',
            'ariaShortcut',
            'import.meta.glob',
            '*.closest',
            'viewerKey',
            'document.execCommand',
            'ModelLoadError',
          ],
        },
      ],
      'lingui/t-call-in-function': 'error',
      'lingui/no-trans-inside-trans': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-expression-in-message': 'error',
    },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // An icon comes from its own module (`lucide-react/icons/box`): the package's index
      // re-exports every icon, and through it the build's `shell` group (vite.config.ts) put
      // the viewer's icons in the entry chunk (bench B7). The viewer's lazy chunk may use it.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'lucide-react',
              allowTypeImports: true,
              message: "Import each icon from 'lucide-react/icons/<name>' (bench B7).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/src/viewer/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
