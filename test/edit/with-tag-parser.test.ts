/** The blocks the streaming tag parser yields go straight into the edit engine. */
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ACTION_TAGS, parseTags, type BlockEvent } from '../../src/agent/protocol/index.js';
import { applyPatch, applyRewrite, parsePatchBlock, parseRewriteBlock } from '../../src/edit/index.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'jarvis-edit-tags-')));
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('applies a PATCH and a REWRITE taken from a streamed reply', () => {
  writeFileSync(join(root, 'main.c'), 'int main(void) {\n    return 1;\n}\n');
  const reply =
    'I will fix the exit code.\n<PATCH file=main.c>\n<DIFF>\n<SEARCH>\n    return 1;\n</SEARCH>\n<REPLACE>\n    return 0;\n</REPLACE>\n</DIFF>\n</PATCH>\n' +
    'And add a header.\n<REWRITE file="inc/app.h">\n#pragma once\nint run(void);\n</REWRITE>\n';
  const blocks = parseTags(reply, { tags: ACTION_TAGS }).filter((e): e is BlockEvent => e.type === 'block');
  expect(blocks.map((b) => b.name)).toEqual(['PATCH', 'REWRITE']);

  const patch = parsePatchBlock(blocks[0] as BlockEvent);
  expect(applyPatch({ root, ...patch }).outcome).toBe('applied');
  const rewrite = parseRewriteBlock(blocks[1] as BlockEvent);
  expect(applyRewrite({ root, ...rewrite }).outcome).toBe('applied');

  expect(readFileSync(join(root, 'main.c'), 'utf8')).toBe('int main(void) {\n    return 0;\n}\n');
  expect(readFileSync(join(root, 'inc/app.h'), 'utf8')).toBe('#pragma once\nint run(void);\n');
});
