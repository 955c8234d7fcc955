/**
 * jc2r scan against the call graph gcc itself writes (`gcc -O0 -fno-builtin -fcallgraph-info`,
 * one .ci file per unit), on every CRUST-Bench C project and on bzip2 and zlib; then the zlib
 * scan time through the real CLI. Data from ../shared (see its README); not part of npm test.
 *
 * What is compared, identically on both sides:
 *  - functions: definitions gcc emits, keyed by (defining file, name). gcc emits an `inline`
 *    (non-extern) definition only where it is used, so scanner inline functions nobody calls are
 *    left out of the comparison;
 *  - edges: (caller, callee name) for direct calls, library callees included. Calls through
 *    pointers (gcc's `__indirect_call`) and compiler intrinsics (`__builtin_*`) are not direct calls;
 *    calls to functions declared always_inline (SIMD intrinsics in system headers) gcc inlines even
 *    at -O0, so they have no edge in its graph: the bench finds those names in `gcc -E` and drops them;
 *  - units gcc cannot compile (missing platform headers) are left out of both sides and counted.
 * `-fno-builtin` keeps gcc from rewriting calls (printf → puts, inline memcpy), so its graph is the
 * source's. Nothing here knows any project by name.
 */
import { spawnSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { scanProject } from '../src/apps/c2rust/scan.js';
import { isUnder, relPath } from '../src/apps/c2rust/expansion.js';
import { listSources, type TranslationUnit } from '../src/apps/c2rust/compile-db.js';
import { formatTable } from '../src/util/output.js';

const here = dirname(fileURLToPath(import.meta.url));
// ../shared beside the checkout (or beside the worktrees' folder), or JARVIS_SHARED.
const shared = process.env.JARVIS_SHARED ?? [resolve(here, '../../shared'), resolve(here, '../../../shared')].find((p) => existsSync(p)) ?? resolve(here, '../../shared');

interface Graph {
  functions: Set<string>;
  edges: Set<string>;
  /** Callees declared always_inline (SIMD intrinsics): gcc inlines them even at -O0, so no edge. */
  alwaysInline: Set<string>;
}

function parseCi(text: string, cwd: string, root: string, g: Graph): void {
  const nodes = new Map<string, { name: string; key: string }>();
  const lines = text.split('\n');
  // Nodes first: an edge may name a callee defined further down.
  for (const line of lines) {
    const n = /^node: \{ title: "([^"]*)" label: "([^"\\]*)\\n([^"]*):\d+:\d+"( shape : ellipse)?/.exec(line);
    if (!n) continue;
    const [, title, name, file, ellipse] = n as unknown as [string, string, string, string, string | undefined];
    const abs = resolve(cwd, file);
    const inProject = isUnder(root, abs);
    const key = `${inProject ? relPath(root, abs) : abs}:${name}`;
    nodes.set(title, { name, key });
    // Functions the unit defines inside the project; system-header inline helpers are not ours.
    if (!ellipse && inProject) g.functions.add(key);
  }
  for (const line of lines) {
    const e = /^edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"/.exec(line);
    if (!e) continue;
    const from = nodes.get(e[1] as string);
    const to = nodes.get(e[2] as string);
    if (!from || !to || !g.functions.has(from.key) || to.name.startsWith('__builtin_')) continue;
    g.edges.add(`${from.key}->${to.name}`);
  }
}

async function gccGraph(units: TranslationUnit[], root: string, out: string): Promise<{ g: Graph; failed: Set<string> }> {
  const g: Graph = { functions: new Set(), edges: new Set(), alwaysInline: new Set() };
  const failed = new Set<string>();
  const limit = pLimit(2);
  await Promise.all(
    units.map((u, i) =>
      limit(
        () =>
          new Promise<void>((done) => {
            const obj = join(out, `u${i}.o`);
            const child = spawn('gcc', ['-O0', '-fno-builtin', '-fcallgraph-info', '-w', '-c', ...u.args, u.file, '-o', obj], { cwd: u.cwd, stdio: 'ignore' });
            child.on('close', (code) => {
              const ci = join(out, `u${i}.ci`);
              if (code === 0 && existsSync(ci)) {
                parseCi(readFileSync(ci, 'utf8'), u.cwd, root, g);
                const pre = spawnSync('gcc', ['-E', ...u.args, u.file], { cwd: u.cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
                for (const m of (pre.stdout ?? '').matchAll(/always_inline__?[\w\s,]*\)\)\s*([A-Za-z_]\w*)\s*\(/g)) g.alwaysInline.add(m[1] as string);
              } else failed.add(relPath(root, u.file));
              done();
            });
          }),
      ),
    ),
  );
  return { g, failed };
}

function ratio(a: number, b: number): string {
  return b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`;
}

export default async function bench(): Promise<void> {
  const cbench = join(shared, 'bench/crust-dev/CBench');
  if (!existsSync(cbench)) throw new Error(`benchmark data not found at ${cbench}`);
  const projects = [
    ...readdirSync(cbench).sort().map((p) => join(cbench, p)),
    join(shared, 'corpora/bzip2'),
    join(shared, 'corpora/zlib'),
  ];
  const verbose = process.env.BENCH_VERBOSE === '1';
  const rows: string[][] = [['project', 'units', 'gcc-failed', 'functions', 'fn recall', 'fn precision', 'edges', 'edge recall', 'edge precision']];
  let worst = 100;
  for (const root of projects) {
    if (listSources(root).sources.length === 0) {
      rows.push([root.split('/').pop() as string, '0', '-', '-', 'no C sources', '', '', '', '']);
      continue;
    }
    // Build directories (meson/CMake/make -n) go to a temp dir: ../shared stays read-only.
    const buildDir = mkdtempSync(join(tmpdir(), 'jc2r-build-'));
    const scan = await scanProject({ root, buildDir });
    const units = scan.units.filter((u) => u.language === 'c');
    const out = mkdtempSync(join(tmpdir(), 'jc2r-gcc-'));
    const { g, failed } = await gccGraph(units, root, out);
    rmSync(out, { recursive: true, force: true });
    // Kept until gcc ran: a CMake or meson unit's command runs in its build directory.
    rmSync(buildDir, { recursive: true, force: true });
    const called = new Set(scan.symbols.flatMap((s) => s.ref));
    const s: Graph = { functions: new Set(), edges: new Set(), alwaysInline: new Set() };
    for (const f of scan.symbols) {
      // gcc compiles the C units only here; C++ definitions are not in its graph.
      if (f.category !== 'function' || f.language !== 'c' || failed.has(f.file)) continue;
      if (f.inline && f.storage !== 'extern' && !called.has(f.name)) continue;
      if (!f.file.endsWith('.c') && !/\.h$/.test(f.file)) continue;
      const key = `${f.file}:${f.name}`;
      s.functions.add(key);
      for (const c of f.calls ?? []) if (!c.startsWith('__builtin_') && !g.alwaysInline.has(c)) s.edges.add(`${key}->${c}`);
    }
    const fnHit = [...g.functions].filter((k) => s.functions.has(k)).length;
    const edgeHit = [...g.edges].filter((k) => s.edges.has(k)).length;
    const cells = [ratio(fnHit, g.functions.size), ratio(fnHit, s.functions.size), ratio(edgeHit, g.edges.size), ratio(edgeHit, s.edges.size)];
    for (const c of cells) if (c !== 'n/a') worst = Math.min(worst, Number.parseFloat(c));
    const name = root.split('/').pop() as string;
    rows.push([name, String(units.length), String(failed.size), String(g.functions.size), cells[0] as string, cells[1] as string, String(g.edges.size), cells[2] as string, cells[3] as string]);
    if (verbose) {
      for (const k of g.functions) if (!s.functions.has(k)) console.log(`  ${name} missed fn ${k}`);
      for (const k of s.functions) if (!g.functions.has(k)) console.log(`  ${name} extra fn ${k}`);
      for (const k of g.edges) if (!s.edges.has(k)) console.log(`  ${name} missed edge ${k}`);
      for (const k of s.edges) if (!g.edges.has(k)) console.log(`  ${name} extra edge ${k}`);
    }
  }
  console.log(formatTable(rows));
  console.log(`lowest recall/precision over all projects: ${worst.toFixed(1)}%`);
  console.log('rule: functions = emitted definitions by (file, name); edges = direct calls (caller, callee name) incl. library calls; no __indirect_call/__builtin_*, no callee gcc always inlines (always_inline); units gcc cannot compile are left out of both sides');

  // zlib scan time through the real CLI, on a copy so ../shared stays read-only. CPU time (user +
  // system, cc children included) is printed too: wall time on a shared 2-core box depends on load.
  const copy = mkdtempSync(join(tmpdir(), 'jc2r-zlib-'));
  cpSync(join(shared, 'corpora/zlib'), copy, { recursive: true });
  const timer = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-f', 'cpu %U %S'] : [];
  const runs: { wall: number; cpu?: number; load: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const load = loadavg()[0] as number;
    const t0 = performance.now();
    const argv = [...timer, process.execPath, join(here, '../bin/jc2r.js'), 'scan', copy];
    const r = spawnSync(argv[0] as string, argv.slice(1), { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const wall = (performance.now() - t0) / 1000;
    if (r.status !== 0) throw new Error(`jc2r scan failed: ${r.stderr}`);
    const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(r.stderr);
    runs.push({ wall, load, ...(cpu ? { cpu: Number(cpu[1]) + Number(cpu[2]) } : {}) });
  }
  rmSync(copy, { recursive: true, force: true });
  const best = runs.reduce((a, b) => (b.wall < a.wall ? b : a));
  const fmt = (r: (typeof runs)[number]) => `${r.wall.toFixed(2)} s wall${r.cpu !== undefined ? ` / ${r.cpu.toFixed(2)} s cpu` : ''} (load ${r.load.toFixed(1)})`;
  console.log(`zlib: \`jc2r scan -p zlib\` (whole CLI: node start, cc -E, parse, write, SVG) best of 3: ${fmt(best)}; runs: ${runs.map(fmt).join(', ')}`);
}
