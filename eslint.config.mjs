// Lint: typescript-eslint's recommended rules, plus the project's own boundaries.
import tseslint from 'typescript-eslint';

const noEval = { selector: "CallExpression[callee.name='eval']", message: 'No eval.' };

// Tree rows take their contextValue from the ContextValue enum (src/platform/ids.ts), which package.json's
// `viewItem` clauses name: a string literal there is a value nothing checks against the menus.
const STRING = ':matches(Literal[raw=/^[\'"]/], TemplateLiteral)';
const contextValueMessage =
  'contextValue comes from the ContextValue enum (src/platform/ids.ts), not a string literal.';
/** `contextValue` on its own (assigned, an object's key, a class field) or as one branch of `?:`, `??`/`||` or `as`. */
const contextValueTargets = [
  "AssignmentExpression[left.property.name='contextValue']",
  ":matches(Property, PropertyDefinition)[key.name='contextValue']",
];
const noStringContextValue = contextValueTargets
  .flatMap((target) => {
    const value = target.startsWith('Assignment') ? 'right' : 'value';
    return [
      `${target} > ${STRING}.${value}`,
      `${target} > ConditionalExpression.${value} > ${STRING}.consequent`,
      `${target} > ConditionalExpression.${value} > ${STRING}.alternate`,
      `${target} > LogicalExpression.${value} > ${STRING}`,
      `${target} > TSAsExpression.${value} > ${STRING}.expression`,
    ];
  })
  .map((selector) => ({ selector, message: contextValueMessage }));

// The API is imported as `import vscode = require('vscode')` (types: `import type`), never by an import declaration:
// esbuild wraps that in a copy of the whole API object per module (see the rule on require imports below).
const noVscodeImport = {
  selector: "ImportDeclaration[source.value='vscode'][importKind!='type']",
  message:
    "Import the VS Code API as `import vscode = require('vscode')` (or `import type`): no copy of it per module.",
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**', 'media/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-restricted-syntax': ['error', noEval],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      // `import vscode = require('vscode')`: a plain require in the bundles. `import * as vscode` made esbuild copy
      // the whole API object into a namespace of getters once per module (39 times in features.js: ~15 ms of the
      // cold lookup, and a getter on every `vscode.x` after it).
      '@typescript-eslint/no-require-imports': ['error', { allow: ['^vscode$'] }],
      'no-restricted-syntax': ['error', noEval, ...noStringContextValue, noVscodeImport],
      // Settings are read through the typed, clamped Settings of src/platform/settings.ts (one change event).
      'no-restricted-properties': [
        'error',
        {
          property: 'getConfiguration',
          message: 'Read settings through Settings (src/platform/settings.ts), the one typed settings module.',
        },
      ],
    },
  },
  {
    // Sizes (CONTRIBUTING.md "Size"): a file at most 400 lines, a function at most 80, every line counted.
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  { files: ['src/platform/settings.ts'], rules: { 'no-restricted-properties': 'off' } },
  {
    // The pure core never imports VS Code (it is unit-tested in plain Node and shared with scripts).
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'vscode', message: 'src/core must not depend on vscode.' }] },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', '*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
