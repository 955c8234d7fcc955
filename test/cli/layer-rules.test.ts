import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** `npm run lint` enforces the layer rules of docs/architecture.md; each message names the fix. */

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });

async function messages(filePath: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(`${code}\nexport const x = [a];\n`, { filePath });
  return (r?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer rules', () => {
  it.each([
    ['src/agent/memory/new.ts', "import { a } from '../../tools/index.js';"],
    ['src/apps/code/verify/new.ts', "import { a } from '../../../agent/index.js';"],
    ['src/apps/code/new.ts', "import { a } from './git.js';"],
    ['src/cli/commands/new.ts', "import { a } from '../../apps/sec/index.js';"],
    ['src/llm/providers/new.ts', "import { a } from '../../runs/index.js';"],
    ['src/cli/commands/new.ts', "import { a } from '../../util/config/index.js';"],
  ])('lets %s use %s', async (file, code) => {
    expect(await messages(file, code)).toEqual([]);
  });

  it.each([
    ['src/agent/new.ts', "import { a } from '../llm/tokens.js';", "import from 'llm/index.js'"],
    ['src/agent/memory/new.ts', "import { a } from '../../tools/memory/store.js';", "import from 'tools/index.js'"],
    ['src/agent/new.ts', "import { a } from '../util/config/schema.js';", "import from 'util/index.js' or 'util/config/index.js'"],
    ['src/cli/commands/new.ts', "import { a } from '../../apps/sec/agent/index.js';", 'only through its index.ts'],
    ['src/apps/code/new.ts', "import { a } from '../multi/index.js';", 'Apps never import each other'],
    ['src/apps/sec/agent/new.ts', "import { a } from '../../c2rust/index.js';", 'Apps never import each other'],
    ['src/llm/new.ts', "import { a } from '../agent/index.js';", 'llm/ talks to models only'],
    ['src/agent/new.ts', "import { a } from '../apps/code/index.js';", 'agent/ knows nothing of the apps'],
    ['src/tools/new.ts', "import { a } from '../agent/index.js';", 'tools/ sits below agent/'],
  ])('refuses in %s: %s', async (file, code, fix) => {
    const m = await messages(file, code);
    expect(m).toHaveLength(1);
    expect(m[0]).toContain(fix);
  });
}, 60_000);
