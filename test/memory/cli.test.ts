import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgram } from '../../src/cli/common.js';
import { registerMemoryCommand } from '../../src/cli/commands/memory.js';
import { MemoryStore } from '../../src/tools/memory/index.js';
import { JarvisError } from '../../src/util/errors.js';
import { runJarvis } from '../support/jarvis-cli.js';
import { tempTree } from '../support/temp-tree.js';

// `jarvis memory` against real memory files: most cases run the command in-process (fast), the
// model-backed organize and the error exit run the real CLI; only the cheap model is scripted.

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Runs `jarvis memory …` in this process with `home` as HOME and data dir; returns stdout or the error. */
async function memoryCmd(args: string[], home: string): Promise<{ stdout: string; error?: JarvisError }> {
  vi.stubEnv('HOME', home);
  vi.stubEnv('JARVIS_DATA_DIR', join(home, '.jarvis'));
  vi.stubEnv('JARVIS_CONFIG', '');
  vi.stubEnv('NO_COLOR', '1');
  let stdout = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const program = createProgram('jarvis', 'test');
  registerMemoryCommand(program);
  try {
    await program.parseAsync(['node', 'jarvis', 'memory', ...args]);
    return { stdout };
  } catch (e) {
    if (e instanceof JarvisError) return { stdout, error: e };
    throw e;
  } finally {
    spy.mockRestore();
  }
}

function seeded() {
  const base = tempTree({ 'project/.keep': '' });
  const project = join(base, 'project');
  const home = join(base, 'home');
  const store = new MemoryStore({ root: project, dataDir: join(home, '.jarvis') });
  const a = store.save({ type: 'project_long_term', tags: ['build', 'cmake', 'flags'], content: 'Configure with cmake -B build -DDEBUG=1.' });
  const b = store.save({ type: 'project_long_term', tags: ['build', 'cmake'], content: 'Release builds need -DNDEBUG.' });
  const c = store.save({ type: 'project_long_term', tags: ['style'], content: 'Four-space indents.' });
  const g = store.save({ type: 'global_long_term', tags: ['prefs'], content: 'The user likes short answers.' });
  return { base, project, home, store, ids: { a: a.id, b: b.id, c: c.id, g: g.id } };
}

describe('jarvis memory', () => {
  it('lists, filters and shows memories of both scopes', async () => {
    const s = seeded();
    const all = await memoryCmd(['list', '-p', s.project], s.home);
    for (const id of Object.values(s.ids)) expect(all.stdout).toContain(id);

    const json = await memoryCmd(['list', '-p', s.project, '-t', 'project', '--tag', 'cmake', '--json'], s.home);
    expect((JSON.parse(json.stdout) as { id: string }[]).map((e) => e.id).sort()).toEqual([s.ids.a, s.ids.b].sort());

    const show = await memoryCmd(['show', s.ids.g, '-p', s.project], s.home);
    expect(show.stdout).toContain('The user likes short answers.');
    expect(show.stdout).toContain('type: global_long_term');

    const missing = await memoryCmd(['show', 'nope_1', '-p', s.project], s.home);
    expect(missing.error?.message).toBe('no memory with id nope_1');
    expect(missing.error?.code).toBe('not_found');

    const badType = await memoryCmd(['list', '-p', s.project, '-t', 'forever'], s.home);
    expect(badType.error?.message).toBe('unknown memory type "forever"');
  });

  it('exports and imports into another project; a bad import file changes nothing', async () => {
    const s = seeded();
    const out = join(s.base, 'out.json');
    const ex = await memoryCmd(['export', out, '-p', s.project, '-t', 'project'], s.home);
    expect(ex.stdout).toContain('exported 3 memories');

    const other = tempTree({ '.keep': '' });
    const im = await memoryCmd(['import', out, '-p', other], s.home);
    expect(im.stdout).toContain('imported 3, kept 0 existing');
    expect(readdirSync(join(other, '.jarvis', 'memory')).sort()).toEqual([s.ids.a, s.ids.b, s.ids.c].map((id) => `${id}.json`).sort());
    const again = await memoryCmd(['import', out, '-p', other], s.home);
    expect(again.stdout).toContain('imported 0, kept 3 existing');

    const bad = join(s.base, 'bad.json');
    const entries = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>[];
    entries[1] = { ...entries[1], type: 'forever' };
    writeFileSync(bad, JSON.stringify(entries));
    const third = tempTree({ '.keep': '' });
    const r = await runJarvis(['memory', 'import', bad, '-p', third], { cwd: s.project, home: s.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('[1.type]');
    expect(r.stderr).not.toContain('    at ');
    expect(readdirSync(third)).toEqual(['.keep']);
  }, 60_000);

  it('organize --dry-run shows the groups and changes nothing; organize merges through the cheap model', async () => {
    const s = seeded();
    const dry = await memoryCmd(['organize', '--dry-run', '-p', s.project], s.home);
    expect(dry.error).toBeUndefined();
    expect(dry.stdout).toContain('shared tags build, cmake');
    expect(dry.stdout).toContain('1 group to merge; nothing was changed');
    expect(s.store.list()).toHaveLength(4);

    writeFileSync(
      join(s.base, 'config.yaml'),
      'llm_groups:\n  t:\n    normal: { platform: scripted, script: normal.yaml }\n    cheap: { platform: scripted, script: cheap.yaml }\ndefault_llm_group: t\n',
    );
    writeFileSync(join(s.base, 'normal.yaml'), 'replies: []\n');
    writeFileSync(
      join(s.base, 'cheap.yaml'),
      [
        'replies:',
        '  - expect: Release builds need -DNDEBUG.',
        '    reply: |',
        '      <merged_memory>',
        '      content: |',
        '        Configure with cmake -B build; add -DDEBUG=1 for debug and -DNDEBUG for release.',
        '      tags: [build, cmake, flags, release]',
        '      </merged_memory>',
        '',
      ].join('\n'),
    );
    const r = await runJarvis(['memory', 'organize'], { cwd: s.project, home: s.home, env: { JARVIS_CONFIG: join(s.base, 'config.yaml') } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 merged, 0 failed');
    const left = s.store.list(['project_long_term']);
    expect(left.map((e) => e.content).sort()).toEqual([
      'Configure with cmake -B build; add -DDEBUG=1 for debug and -DNDEBUG for release.',
      'Four-space indents.',
    ]);
    const merged = left.find((e) => e.merged_from);
    expect(merged?.merged_from?.sort()).toEqual([s.ids.a, s.ids.b].sort());
    expect(merged?.tags).toEqual(['build', 'cmake', 'flags', 'release']);
  }, 60_000);
});
