/**
 * `npm run bench scan-startup`: the start-up of `jsec scan` as a pre-commit hook pays it, on a
 * one-line C file: `node bin/jsec.js scan one.c --no-artifacts`, against `node -e 0` (Node's own
 * start) and `flawfinder -Q one.c`, run interleaved so load from other jobs hits them alike.
 * Prints the median (and the best) wall and CPU time (user + sys, from GNU time) of each.
 *
 * Measures what bin/jsec.js runs: the bundle in dist/bundle/ when it is current (`npm run build`
 * first), else it says what ran instead. JSEC_STARTUP_RUNS sets the rounds (default 15);
 * JSEC_STARTUP_BASE=/other/checkout/bin/jsec.js adds another build (e.g. main) to the same run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { which } from '../src/apps/sec/bench/external.js';
import { formatTable } from '../src/util/output.js';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '..');
const TIME = '/usr/bin/time';

interface Sample {
  wall: number;
  cpu?: number;
}

/** One run of `argv` in `cwd`: wall time from here, CPU time from GNU time when it is installed. */
function once(argv: string[], cwd: string): Sample {
  const timed = existsSync(TIME);
  const out = join(cwd, 'time.txt');
  const started = process.hrtime.bigint();
  const r = spawnSync(timed ? TIME : argv[0] ?? '', timed ? ['-f', '%U %S', '-o', out, ...argv] : argv.slice(1), { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.error) throw r.error;
  if (!timed) return { wall };
  const [user, sys] = readFileSync(out, 'utf8').trim().split(/\s+/).map(Number);
  return { wall, cpu: (user ?? 0) + (sys ?? 0) };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

export default async function run(): Promise<void> {
  const launcher = (await import(pathToFileURL(join(ROOT, 'bin', 'launch.js')).href)) as { currentBundle: (base: string, name: string, argv: string[]) => string | undefined; chooseCode: (base: string) => string };
  const runs = launcher.currentBundle(ROOT, 'jsec', ['scan']) ? 'dist/bundle/jsec.js' : launcher.chooseCode(ROOT) === 'dist' ? 'dist/ (no current bundle: npm run build)' : 'the TypeScript sources (no current build: npm run build)';
  const dir = mkdtempSync(join(tmpdir(), 'jsec-startup-'));
  try {
    writeFileSync(join(dir, 'one.c'), 'int main(void) { return 0; }\n');
    const commands: Array<[string, string[]]> = [['jsec scan one.c --no-artifacts', [process.execPath, join(ROOT, 'bin', 'jsec.js'), 'scan', 'one.c', '--no-artifacts']]];
    const base = process.env.JSEC_STARTUP_BASE;
    if (base) commands.push([`${base} scan one.c --no-artifacts`, [process.execPath, base, 'scan', 'one.c', '--no-artifacts']]);
    commands.push(['node -e 0', [process.execPath, '-e', '0']]);
    if (which('flawfinder')) commands.push(['flawfinder -Q one.c', ['flawfinder', '-Q', 'one.c']]);
    const rounds = Number(process.env.JSEC_STARTUP_RUNS ?? 15);
    const samples = commands.map((): Sample[] => []);
    const loadBefore = loadavg()[0] ?? 0;
    for (let i = 0; i < rounds; i++) commands.forEach(([, argv], c) => samples[c]?.push(once(argv, dir)));
    const s = (x: number | undefined) => (x === undefined ? '—' : `${x.toFixed(3)} s`);
    console.log(`jsec runs ${runs}; ${rounds} interleaved rounds; load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after`);
    console.log(formatTable([
      ['command', 'wall median', 'wall best', 'CPU median', 'CPU best'],
      ...commands.map(([name], c) => {
        const xs = samples[c] ?? [];
        const cpu = xs.flatMap((x) => (x.cpu === undefined ? [] : [x.cpu]));
        return [name, s(median(xs.map((x) => x.wall))), s(Math.min(...xs.map((x) => x.wall))), s(cpu.length ? median(cpu) : undefined), s(cpu.length ? Math.min(...cpu) : undefined)];
      }),
    ]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
