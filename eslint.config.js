// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { layersRule } from './tools/eslint/layers.js';

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
    files: ['renderer/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
