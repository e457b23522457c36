// Lint for every workspace. Import boundaries follow CONVENTIONS.md section 1 and 5:
// contract ← runtime ← server; contract ← web; no feature imports another feature.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const webFeaturesDir = 'apps/web/src/features';
const webFeatures = existsSync(webFeaturesDir)
  ? readdirSync(webFeaturesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

const serverOnly = [
  'fastify',
  'fastify-*',
  '@fastify/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  '@electric-sql/*',
];
const uiOnly = ['react', 'react-dom', 'react-dom/*', 'react-router', '@mantine/*', '@tanstack/*'];

// apps/web/src/lib holds one folder per kind of module; each folder's README.md says what it owns and may import, and
// this table holds lint to it: `packages` are the only packages its files may import, `lib` the only other places in
// lib (folders, or one file) they may import, `why` the reason a wrong import is told.
const webLibDir = 'apps/web/src/lib';
const webLibFolders = {
  'painted-page/start-script': {
    packages: ['@herald/contract'],
    lib: [],
    why: 'the painted pages run it instead of the app, in 2 KiB (docs/decisions/031)',
  },
  'painted-page/handover': {
    packages: ['react'],
    lib: ['painted-page/start-script'],
    why: 'the app takes the painted page over in its first commit, from the entry chunk',
  },
  api: {
    packages: ['@herald/contract', 'zod'],
    lib: [],
    why: 'calling the control plane is fetch and the contract; caching is queries/',
  },
  browser: {
    packages: ['@herald/contract'],
    lib: [],
    why: 'thin wrappers over the browser: no UI, no API calls',
  },
  format: {
    packages: ['@herald/contract'],
    lib: [],
    why: 'formatting is pure: Intl and the contract only',
  },
  forms: {
    packages: ['@herald/contract', 'zod', '@mantine/form', 'react'],
    lib: [],
    why: "the contract's rules for Mantine forms, no calls",
  },
  flags: {
    packages: [
      '@herald/contract',
      '@openfeature/web-sdk',
      '@openfeature/ofrep-web-provider',
      'react',
    ],
    lib: [],
    why: "flags come from OpenFeature or the page's seed",
  },
  ui: {
    packages: [
      '@herald/contract',
      'react',
      '@mantine/core',
      '@mantine/hooks',
      '@mantine/notifications',
    ],
    lib: [],
    why: 'small UI helpers with no data of their own',
  },
  queries: {
    packages: ['@herald/contract', '@tanstack/react-query', 'react'],
    lib: ['api', 'browser', 'ui', 'status-stream/status-stream-state.ts'],
    why: 'server state over api/; of the status stream only whether one is open',
  },
  'status-stream': {
    packages: ['@herald/contract', '@tanstack/react-query', 'react'],
    lib: ['api', 'queries'],
    why: "the stream writes what it hears into the queries' caches",
  },
  messaging: {
    packages: ['@herald/contract', 'mqtt', 'react'],
    lib: ['api'],
    why: "mqtt.js driven by the contract's rules, with a token from api/",
  },
};
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

// packages/runtime/src by what each folder is (each folder's README.md): a folder imports its own files, the
// contract, its libraries and the folders listed here, nothing else of the runtime. The order is acyclic: leaves
// first. runtime.ts and main.ts (the assembly and the process entry) import every folder but testing/ and build/.
// Tests are exempt: they drive the runtime whole (runtime.ts, testing/).
const runtimeSrc = './packages/runtime/src';
const runtimeFolderImports = {
  observability: [],
  'aedes-patches': [],
  policy: [],
  build: [],
  auth: ['policy'],
  state: ['policy', 'observability'],
  process: ['policy'],
  broker: ['aedes-patches', 'auth', 'observability', 'policy', 'state'],
  admin: ['auth', 'observability', 'policy', 'state'],
};
const runtimeZones = [
  ...Object.entries(runtimeFolderImports).map(([folder, allowed]) => ({
    target: `${runtimeSrc}/${folder}`,
    from: runtimeSrc,
    except: [folder, ...allowed].map((name) => `./${name}`),
    message: `packages/runtime/src/${folder}/ may import ${allowed.length === 0 ? 'no other part' : allowed.map((name) => `${name}/`).join(', ')} of the runtime: never runtime.ts, main.ts or testing/ (its README.md).`,
  })),
  {
    target: [`${runtimeSrc}/runtime.ts`, `${runtimeSrc}/main.ts`],
    from: [`${runtimeSrc}/testing`, `${runtimeSrc}/build`],
    message:
      'The runtime never imports its test helpers or its build (packages/runtime/src/README.md).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-console/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-self-import': 'error',
      'import/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: restrict(
      [
        ...serverOnly,
        ...uiOnly,
        'aedes',
        'mqtt',
        '@herald/server',
        '@herald/web',
        '@herald/runtime',
        'node:*',
      ],
      'packages/contract is zod and plain TypeScript only: no I/O, UI or server code (CONVENTIONS.md section 1).',
    ),
  },
  {
    files: ['packages/runtime/**/*.ts'],
    rules: restrict(
      [
        ...serverOnly,
        ...uiOnly,
        '@herald/server',
        '@herald/server/*',
        '@herald/web',
        '@herald/web/*',
      ],
      'packages/runtime depends on the contract only: never on the control plane or the web app (CONVENTIONS.md section 1).',
    ),
  },
  {
    // The adapters and the kit they share (docs/decisions/051) are held to the same boundary.
    files: [
      'packages/kafka-adapter/**/*.ts',
      'packages/rest-adapter/**/*.ts',
      'packages/adapter-kit/**/*.ts',
    ],
    rules: restrict(
      [
        ...serverOnly,
        ...uiOnly,
        '@herald/server',
        '@herald/server/*',
        '@herald/web',
        '@herald/web/*',
        // Not '@herald/runtime' itself (it exports subpaths only): a parent pattern would forbid the exceptions.
        '@herald/runtime/*',
        // The process plumbing every Herald process shares (docs/decisions/048): the JSON-lines log and its rotated
        // file, the private umask, the log settings; tests also start the built runtime.
        '!@herald/runtime/log',
        '!@herald/runtime/log-file',
        '!@herald/runtime/log-buffer',
        '!@herald/runtime/private-files',
        '!@herald/runtime/config',
        '!@herald/runtime/node-bundle',
      ],
      "packages/kafka-adapter depends on the contract and the runtime's process plumbing only: it is a client of its runtime over MQTT and the admin API, never by import of the broker (issue 27 item 1).",
    ),
  },
  {
    // Its tests and test harnesses run the REAL runtime as the adapter's peer, spawned as the control plane spawns
    // it (the runtime's testing/ and its bundle builder): still never the runtime's own modules.
    files: [
      'packages/{kafka-adapter,rest-adapter,adapter-kit}/**/*.test.ts',
      'packages/{kafka-adapter,rest-adapter,adapter-kit}/src/**/testing/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...serverOnly,
                ...uiOnly,
                '@herald/server',
                '@herald/server/*',
                '@herald/web',
                '@herald/web/*',
              ],
              message: 'packages/kafka-adapter depends on the contract only (issue 27 item 1).',
            },
            {
              regex:
                '^@herald/runtime(?!/testing/|/build/runtime-bundle$|/log$|/log-file$|/log-buffer$|/private-files$|/config$|/node-bundle$)',
              message:
                'packages/kafka-adapter depends on the contract only; its tests may spawn the runtime through @herald/runtime/testing/* (issue 27 item 1).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/runtime/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import/no-restricted-paths': ['error', { zones: runtimeZones }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: restrict(
      [...uiOnly, '@herald/web', '@herald/web/*'],
      'The server never imports web code (CONVENTIONS.md section 1).',
    ),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        [
          ...serverOnly,
          '@herald/server',
          '@herald/server/*',
          '@herald/runtime',
          '@herald/runtime/*',
          'node:*',
        ],
        'The web app imports only the contract and UI libraries (CONVENTIONS.md section 1).',
      ),
      // bulletproof-react: app → features → components/lib, and features never import each other.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./${webFeaturesDir}/${feature}`,
              from: `./${webFeaturesDir}`,
              except: [`./${feature}`],
              message:
                'A feature never imports another feature; move shared code to components/ or lib/.',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import from app/.',
            },
            // Each lib folder imports only the lib folders its README names (webLibFolders).
            ...Object.entries(webLibFolders).map(([folder, { lib, why }]) => ({
              target: `./${webLibDir}/${folder}`,
              from: `./${webLibDir}`,
              except: [`./${folder}`, ...lib.map((allowed) => `./${allowed}`)],
              message: `lib/${folder} imports ${lib.length > 0 ? `only ${lib.join(', ')} of lib` : 'nothing else of lib'}: ${why} (its README.md).`,
            })),
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared components and lib do not import features or app/.',
            },
          ],
        },
      ],
    },
  },
  // Each lib folder imports only the packages its README names (webLibFolders); tests are free, as everywhere.
  ...Object.entries(webLibFolders).map(([folder, { packages, why }]) => ({
    files: [`${webLibDir}/${folder}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?!\\.|(${packages.map(escapeRegExp).join('|')})(/|$))`,
              message: `lib/${folder} imports only ${packages.join(', ')}: ${why} (its README.md).`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.mjs'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The web app's build configuration runs in Node at build time, never in the browser.
    files: ['apps/web/vite.config.ts', 'apps/web/vite-*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
