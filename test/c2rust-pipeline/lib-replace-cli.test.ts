import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonl } from '../../src/util/files.js';
import { reply } from '../support/llm-server.js';
import { jc2r, modelConfigs, useLoopbackServer, verdict, wordstatCopy } from './fixture.js';

const loop = useLoopbackServer();

const C2R = '.jarvis/c2rust';

describe('jc2r config and jc2r lib-replace through a loopback OpenAI-compatible server', { timeout: 120_000 }, () => {
  it('sets the roots from a header, replaces the one subtree std covers, prunes only what it dominates, and resumes from the checkpoint', async () => {
    const root = wordstatCopy();
    const cfg = modelConfigs(loop().openaiBaseUrl);
    const scan = await jc2r(['scan', '.'], root, cfg.none);
    expect(scan.code, scan.stderr).toBe(0);

    const conf = await jc2r(['config', '.', '--files', 'wordstat.h', '--disable', 'regex', '--notes', 'Keep the C function names.', '--budget', 'lib-replace.calls=20', '--json'], root, cfg.none);
    expect(conf.code, conf.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(join(root, C2R, 'config.json'), 'utf8')) as Record<string, unknown>;
    expect(saved).toMatchObject({ root_symbols: ['count_words', 'checksum'], disabled_libraries: ['regex'], extra_notes: 'Keep the C function names.', budgets: { 'lib-replace': { calls: 20 } } });
    const bad = await jc2r(['config', '.', '--budget', 'transpile.speed=3'], root, cfg.none);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('expected STAGE.KEY=N');

    // no model: one line saying how to configure one, nothing written
    const none = await jc2r(['lib-replace', '.'], root, cfg.none);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/jc2r lib-replace needs a model: no model is configured: add an llm group/);
    expect(none.stderr).not.toContain('    at ');

    const symbolsBefore = readFileSync(join(root, C2R, 'symbols.jsonl'), 'utf8');
    loop().enqueue(
      // count_words, first try: not YAML the parser accepts; the reason goes back
      reply('<LIBRARY>\nreplaceable: true\nlibraries: []\nconfidence: 0.9\n</LIBRARY>'),
      reply(verdict({ replaceable: true, libraries: ['std'], apis: ['str::split_ascii_whitespace', 'Iterator::count'], confidence: 0.95, notes: 'split on ASCII blanks and count' })),
      reply(verdict({ replaceable: false, confidence: 0.9, notes: 'a project-specific hash' })),
    );
    const r = await jc2r(['lib-replace', '.', '-g', 'loop', '--json'], root, cfg.model);
    expect(r.code, r.stderr).toBe(0);
    expect(loop().pending()).toBe(0);
    expect(loop().requests).toHaveLength(3);
    const second = JSON.stringify(loop().requests[1]?.body);
    expect(second).toContain('libraries is empty');
    expect(JSON.stringify(loop().requests[0]?.body)).toContain('Keep the C function names.');

    const reps = readJsonl<{ name: string; applied: boolean; pruned: { name: string }[] }>(join(root, C2R, 'library_replacements.jsonl'));
    expect(reps.map((x) => [x.name, x.applied, x.pruned.map((p) => p.name)])).toEqual([['count_words', true, ['is_space']]]);
    const pruned = readJsonl<{ name: string; category: string; lib_replacement?: { libraries: string[] } }>(join(root, C2R, 'symbols_library_pruned.jsonl'));
    expect(pruned.filter((s) => s.category === 'function').map((s) => s.name).sort()).toEqual(['checksum', 'count_words', 'main', 'main']);
    expect(pruned.find((s) => s.name === 'count_words')?.lib_replacement?.libraries).toEqual(['std']);
    expect(readFileSync(join(root, C2R, 'symbols.jsonl'), 'utf8')).toBe(symbolsBefore);
    const order = readJsonl<{ items: { name: string }[] }>(join(root, C2R, 'translation_order_pruned.jsonl'));
    expect(order.flatMap((s) => s.items.map((i) => i.name))).toEqual(['count_words', 'checksum', 'main', 'main']);
    const out = JSON.parse(r.stdout) as { replaced: unknown[]; pruned: number; usage: { calls: number } };
    expect(out.pruned).toBe(1);
    expect(out.usage.calls).toBe(3);

    // again: every verdict comes from the checkpoint, no model call
    loop().requests.length = 0;
    const again = await jc2r(['lib-replace', '.', '-g', 'loop'], root, cfg.model);
    expect(again.code, again.stderr).toBe(0);
    expect(loop().requests).toHaveLength(0);
    expect(again.stdout).toContain('2 function(s) judged (2 from the checkpoint), 1 replaced, 1 callee(s) pruned: 5 → 4 functions to translate');
  });
});
