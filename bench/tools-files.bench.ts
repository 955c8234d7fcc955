/**
 * list_files / search_files on the Juliet development set (8,468 C files, 1.08 M lines) with
 * ripgrep and with the JavaScript fallback, beside raw `rg` and `grep -r` on the same tree.
 * Median of 3 runs each; the first (cold cache) run is discarded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from '../src/util/process.js';
import { findRipgrep, listFilesTool, searchFilesTool, ToolRegistry, type ToolContext } from '../src/tools/index.js';

const TREE = join(import.meta.dirname, '../../shared/bench/juliet-dev');

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[1] as number;
}

export default async function bench(): Promise<void> {
  const runDir = mkdtempSync(join(tmpdir(), 'bench-tools-'));
  try {
    const reg = new ToolRegistry([listFilesTool, searchFilesTool]);
    const rg = findRipgrep(process.env);
    const cases: [string, string, Record<string, unknown>][] = [
      ['list all files', 'list_files', { path: '.' }],
      ['search, stops at 100 matches', 'search_files', { path: '.', regex: 'memcpy\\(' }],
      ['search, no match (reads every file)', 'search_files', { path: '.', regex: 'no_such_identifier_xyz' }],
    ];
    const rows: string[] = [];
    for (const [label, tool, args] of cases) {
      const cells: string[] = [];
      for (const mode of rg ? ['ripgrep', 'js'] : ['js']) {
        const ctx: ToolContext = { root: TREE, runDir, interactive: false, env: { ...process.env, JARVIS_RIPGREP: mode === 'js' ? 'off' : undefined } };
        const r = await reg.invoke(tool, args, ctx);
        if (r.error) throw new Error(`${tool}: ${r.error.message}`);
        cells.push(`${mode} ${(await median(() => reg.invoke(tool, args, ctx))).toFixed(0)} ms`);
      }
      rows.push(`${label.padEnd(38)} ${cells.join('   ')}`);
    }
    if (rg) {
      rows.push(`${'raw rg --files'.padEnd(38)} ${(await median(() => runProcess(rg, ['--files', '.'], { cwd: TREE }))).toFixed(0)} ms`);
      rows.push(`${'raw rg no_such_identifier_xyz'.padEnd(38)} ${(await median(() => runProcess(rg, ['-c', 'no_such_identifier_xyz', '.'], { cwd: TREE }))).toFixed(0)} ms`);
    }
    rows.push(`${'raw grep -r no_such_identifier_xyz'.padEnd(38)} ${(await median(() => runProcess('grep', ['-rc', 'no_such_identifier_xyz', '.'], { cwd: TREE }))).toFixed(0)} ms`);
    console.log(rows.join('\n'));
  } finally {
    rmSync(runDir, { recursive: true, force: true });
  }
}
