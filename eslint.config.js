import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Layers import downwards only (DESIGN.md §2). Each entry names what a layer must not reach.
const layer = (dir, forbidden, why) => ({
  files: [`src/${dir}/**/*.ts`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: forbidden.map((f) => ({ group: [`**/${f}/**`, `**/${f}`], message: why })),
    }],
  },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'samples/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  layer('util', ['cli', 'apps', 'agent', 'tools', 'llm', 'runs', 'edit', 'lang'], 'util/ is the bottom layer: move shared code down instead.'),
  layer('lang', ['cli', 'apps', 'agent', 'tools', 'llm', 'runs', 'edit'], 'lang/ may use util/ only.'),
  layer('edit', ['cli', 'apps', 'agent', 'tools', 'llm', 'runs', 'lang'], 'edit/ may use util/ only.'),
  layer('runs', ['cli', 'apps', 'agent', 'tools', 'llm', 'edit', 'lang'], 'runs/ may use util/ only.'),
  layer('llm', ['cli', 'apps', 'agent', 'tools', 'edit', 'lang'], 'llm/ may use util/ and runs/ only.'),
  layer('tools', ['cli', 'apps', 'agent'], 'tools/ sits below agent/: pass what a tool needs through its context.'),
  layer('agent', ['cli', 'apps'], 'agent/ knows nothing of the apps (DESIGN.md §2): expose a hook and let the app subscribe.'),
  layer('apps', ['cli'], 'apps/ must not import the CLI: return data and let src/cli print it.'),
  {
    files: ['bin/**/*.js', 'eslint.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
