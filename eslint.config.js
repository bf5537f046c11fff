// One lint setup for the whole repository; formatting is Prettier's (see .prettierrc.json).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/www/**',
      '**/generated/**',
      'src/components.d.ts',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      '.wireit/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^(_|h$)' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // `interface Device extends Static<typeof Device> {}` gives a schema's type a name docs show.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // A hand-written file past 500 lines is split by what it holds (generated files are ignored above).
      'max-lines': ['error', { max: 500 }],
    },
  },
  {
    // Stencil 4 finds the runtime features an element uses (functional components, listeners) by following
    // `./x` to x.ts(x), never `./x.js`: through a `.js` specifier its runtime lacks them and the element
    // renders nothing. The wire contract is also compiled by tsc for Node (nodenext), hence its `.js`.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/contract/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].map(
          (node) => ({
            selector: `${node}[source.value=/^\\.{1,2}\\/.*\\.js$/]`,
            message:
              'Import `./x`, not `./x.js`: Stencil leaves out runtime features found through `.js` paths.',
          }),
        ),
      ],
    },
  },
);
