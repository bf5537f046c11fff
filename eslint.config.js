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
      'loader/**',
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
);
