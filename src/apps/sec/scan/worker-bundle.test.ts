import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundledWorker } from './worker-bundle.js';

describe('bundledWorker', () => {
  it('turns the TypeScript worker entry into one plain-JS module that workers load without tsx', async () => {
    const url = await bundledWorker(new URL('./worker.ts', import.meta.url));
    expect(url).toBeDefined();
    const file = fileURLToPath(url ?? new URL('file:///missing'));
    expect(file).toMatch(/node_modules\/\.cache\/jsec\/scan-worker-[0-9a-f]{16}\.mjs$/);
    expect(existsSync(file)).toBe(true);
    const text = readFileSync(file, 'utf8');
    // our modules are inlined (no relative imports left); packages stay external
    expect(text).not.toMatch(/from ["']\.\.?\//);
    expect(text).toMatch(/from ["']web-tree-sitter["']/);
    // the same content gives the same file: concurrent scans share it
    expect(await bundledWorker(new URL('./worker.ts', import.meta.url))).toEqual(url);
  });
});
