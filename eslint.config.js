import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/**
 * Where each file belongs for the direction of imports (docs/ARCHITECTURE.md, «Layers»): the first
 * descriptor whose pattern matches a file wins, so the narrower ones come first.
 */
const elements = [
  // Patterns match from the repository root (partialMatch: false), each naming a folder.
  // Web: app → features → shared.
  { type: 'web-app', pattern: 'apps/web/src/app' },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
  { type: 'web-shared', pattern: 'apps/web/src/{components,lib,config,test}' },
  // Server: the composition root (app.ts, server.ts: no element, free to wire anything) → modules
  // → plugins, lib, config, db. db/demo drives modules' own rules to make demo data.
  { type: 'server-demo', pattern: 'apps/server/src/db/demo' },
  { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
  { type: 'server-plugins', pattern: 'apps/server/src/plugins' },
  { type: 'server-lib', pattern: 'apps/server/src/{lib,config}' },
  { type: 'server-db', pattern: 'apps/server/src/db' },
].map((element) => ({ ...element, partialMatch: false }));

/** Layers: no import points back up. Tests keep these too. */
const layerPolicies = [
  {
    from: { element: { type: '{web-feature,web-shared}' } },
    disallow: { to: { element: { type: 'web-app' } } },
    message: 'features/ and shared code (components/, lib/, config/) never import from app/',
  },
  {
    from: { element: { type: 'web-shared' } },
    disallow: { to: { element: { type: 'web-feature' } } },
    message: 'shared code (components/, lib/, config/) never imports a feature',
  },
  {
    from: { element: { type: '{server-plugins,server-lib,server-db}' } },
    disallow: { to: { element: { type: '{server-module,server-demo}' } } },
    message: 'plugins/, lib/, config/ and db/ never import from modules/',
  },
];

/**
 * Public entries: a feature or module is reached from another one through its index.ts only. The
 * composition roots (web app/, server app.ts) wire internals themselves; tests may reach into
 * what they set up.
 */
const entryPolicies = [
  {
    from: { element: { type: 'web-feature' } },
    disallow: { to: { element: { type: 'web-feature', fileInternalPath: '!index.ts' } } },
    message: 'another feature is imported through its public entry, features/<name>/index.ts',
  },
  {
    from: { element: { type: '{server-module,server-demo}' } },
    disallow: { to: { element: { type: 'server-module', fileInternalPath: '!index.ts' } } },
    message: 'another module is imported through its public entry, modules/<name>/index.ts',
  },
];

const testFiles = [
  'apps/web/src/**/*.test.{ts,tsx}',
  'apps/server/src/**/*.test.ts',
  'apps/server/src/**/*.test-helpers.ts',
  'apps/web/src/**/*.test-helpers.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['apps/web/src/**', 'apps/server/src/**'],
      'boundaries/elements': elements,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'allow', policies: [...layerPolicies, ...entryPolicies] },
      ],
    },
  },
  {
    files: testFiles,
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: layerPolicies }],
    },
  },
  {
    // Tests assert on parsed JSON bodies; `any` there keeps them readable.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
