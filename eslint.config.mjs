// ESLint flat config for the whole workspace. Module boundaries (docs/development.md) are enforced
// with Nx tags: `type:*` says what a project is, `scope:*` which service it belongs to.
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import { readdirSync } from 'node:fs';

/** Every domain, by its folder under libs/domains (a test checks they are the DOMAINS list). */
const DOMAIN_FOLDERS = readdirSync(new URL('./libs/domains', import.meta.url));

/** What each kind of project may import; test files may also import the testing lib. */
function typeConstraints(withTesting) {
  const testing = withTesting ? ['type:testing'] : [];
  return [
    {
      sourceTag: 'type:app',
      onlyDependOnLibsWithTags: [
        'type:composition',
        'type:gateway',
        'type:domain',
        'type:platform',
        'type:contracts',
      ],
    },
    {
      // The one list of every part (gateway, domains) that whole-product entry points read.
      sourceTag: 'type:composition',
      onlyDependOnLibsWithTags: ['type:gateway', 'type:domain', 'type:platform', 'type:contracts'],
    },
    {
      sourceTag: 'type:e2e',
      onlyDependOnLibsWithTags: [
        'type:composition',
        'type:gateway',
        'type:domain',
        'type:platform',
        'type:contracts',
        'type:testing',
      ],
    },
    {
      // Tools include the bench, which runs its upstreams as the tests' fakes.
      sourceTag: 'type:tools',
      onlyDependOnLibsWithTags: [
        'type:composition',
        'type:gateway',
        'type:domain',
        'type:platform',
        'type:contracts',
        'type:testing',
      ],
    },
    {
      sourceTag: 'type:gateway',
      onlyDependOnLibsWithTags: ['type:gateway', 'type:platform', 'type:contracts', ...testing],
    },
    {
      sourceTag: 'type:domain',
      onlyDependOnLibsWithTags: ['type:domain', 'type:platform', 'type:contracts', ...testing],
    },
    {
      sourceTag: 'type:platform',
      onlyDependOnLibsWithTags: ['type:platform', 'type:contracts', ...testing],
    },
    {
      sourceTag: 'type:testing',
      onlyDependOnLibsWithTags: ['type:testing', 'type:platform', 'type:contracts'],
    },
    { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts', ...testing] },
    // Which service it belongs to: a domain sees only itself and shared code; the gateway sees
    // every domain's contracts but no domain's code.
    { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
    {
      sourceTag: 'scope:gateway',
      onlyDependOnLibsWithTags: ['scope:gateway', 'scope:shared', 'type:contracts'],
    },
    // A domain may use another domain's contracts (its subjects and DTOs) to call that service
    // over the transport, as internal teams do; never another domain's code.
    ...DOMAIN_FOLDERS.map((d) => ({
      sourceTag: `scope:${d}`,
      onlyDependOnLibsWithTags: [`scope:${d}`, 'scope:shared', 'type:contracts'],
    })),
  ];
}

const boundaries = (withTesting) => [
  'error',
  { enforceBuildableLibDependency: false, allow: [], depConstraints: typeConstraints(withTesting) },
];

const TEST_FILES = ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  prettier,
  { ignores: ['**/dist', '**/node_modules', '**/.nx', '**/.data', '**/coverage'] },
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(false),
      // Keep `x: number = 1` on DTOs: decorator metadata needs the annotation.
      '@typescript-eslint/no-inferrable-types': ['error', { ignoreProperties: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
    },
  },
  {
    // Type-aware rules: the project service reads tsconfig.json (decorator metadata on, so
    // consistent-type-imports keeps the value imports Nest's injection needs).
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' },
      ],
    },
  },
  {
    // A file that outgrows a screen or three is split by concept. Every line counts, comments
    // and blank ones too: a file is not made to fit by packing lines or dropping its docs.
    files: ['**/*.ts', '**/*.mjs', '**/*.cjs'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The test support lib holds the fakes of whole upstreams; it keeps the older limit.
    files: ['libs/testing/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: TEST_FILES,
    rules: {
      '@nx/enforce-module-boundaries': boundaries(true),
      // Table-driven suites of one endpoint family may run longer than production files.
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['tools/**/*.ts', 'tools/**/*.mjs', ...TEST_FILES],
    rules: { 'no-console': 'off' },
  },
];
