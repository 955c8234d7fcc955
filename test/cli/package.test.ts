import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleRecorder, NOT_FOR_A_SCAN } from '../support/module-recorder.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * The npm package as a user gets it: `npm pack` on a fresh clone (no dist/, a sample that an
 * earlier scan left a .jarvis/ in), installed into a temporary prefix, and the installed `jsec`
 * run on the bundled sample.
 *
 * The install is a real `npm install -g --prefix` of the tarball. Its dependencies come from
 * the npm cache when it has them (--prefer-offline; `npm ci` in this checkout filled it), else
 * from the registry. Where neither is reachable (an offline machine with a cold cache) the
 * tarball is unpacked where npm would put it, with this checkout's node_modules beside it and
 * the bin link npm would make: what the package ships and how its launchers run is still
 * tested, only the dependency download is not.
 *
 * `jsec scan` runs from dist/bundle/ there (scripts/bundle.mjs): the package root (--version),
 * the grammars and the worker threads must all be found from the bundle's own location.
 */

const REPO = resolve(import.meta.dirname, '../..');
const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;

/** The environment without what an outer `npm test` exports to its children (npm_config_*…). */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && !k.startsWith('JARVIS_')) env[k] = v;
  return env;
}

function npm(args: string[], cwd: string) {
  return spawnSync('npm', args, { cwd, env: npmEnv(), encoding: 'utf8', timeout: 150_000 });
}

/** The files a clone of this tree has: tracked and untracked-but-not-ignored, nothing built. */
function freshClone(to: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of files) {
    if (!existsSync(join(REPO, f))) continue;
    mkdirSync(dirname(join(to, f)), { recursive: true });
    cpSync(join(REPO, f), join(to, f));
  }
  symlinkSync(join(REPO, 'node_modules'), join(to, 'node_modules'));
}

const NETWORK = /ENOTCACHED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNREFUSED|ECONNRESET|network/;

/** Installs the tarball into `prefix`; returns the path of the installed `jsec` and how it was installed. */
function install(tarball: string, prefix: string): { jsec: string; how: string } {
  const r = npm(['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], dirname(tarball));
  if (r.status === 0) return { jsec: join(prefix, 'bin', 'jsec'), how: 'npm install' };
  if (!NETWORK.test(r.stderr)) throw new Error(`npm install failed (${r.status}): ${r.stderr}`);
  const pkg = join(prefix, 'lib', 'node_modules', 'jarvis-ts');
  mkdirSync(pkg, { recursive: true });
  execFileSync('tar', ['xzf', tarball, '-C', pkg, '--strip-components=1']);
  symlinkSync(join(REPO, 'node_modules'), join(pkg, 'node_modules'));
  mkdirSync(join(prefix, 'bin'), { recursive: true });
  symlinkSync(join(pkg, 'bin', 'jsec.js'), join(prefix, 'bin', 'jsec'));
  return { jsec: join(prefix, 'bin', 'jsec'), how: 'unpacked (registry unreachable)' };
}

describe('the npm package', () => {
  it('packs the build and what runs, installs, and the installed jsec scans the bundled sample', { timeout: 240_000 }, () => {
    const tmp = tempTree();
    const clone = join(tmp, 'clone');
    freshClone(clone);
    expect(existsSync(join(clone, 'dist'))).toBe(false);
    // what `node bin/jsec.js scan samples/vulnerable` leaves in a checkout
    mkdirSync(join(clone, 'samples/vulnerable/.jarvis/sec'), { recursive: true });
    writeFileSync(join(clone, 'samples/vulnerable/.jarvis/sec/heuristic_issues.jsonl'), '{}\n');

    const packed = npm(['pack', '--pack-destination', tmp], clone);
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = join(tmp, `jarvis-ts-${VERSION}.tgz`);
    const listing = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
    // prepack built dist/; the launchers, the sample, the README and the docs come along
    expect(listing).toEqual(
      expect.arrayContaining([
        'package/package.json',
        'package/bin/jsec.js',
        'package/bin/launch.js',
        'package/dist/cli/jsec.js',
        'package/dist/apps/sec/scan/worker.js',
        'package/dist/bundle/jsec.js',
        'package/dist/bundle/worker.js',
        'package/dist/bundle/jsec.json',
        'package/samples/vulnerable/c/session.c',
        'package/samples/vulnerable/rust/src/lib.rs',
        'package/README.md',
        'package/docs/cli.md',
      ]),
    );
    expect(listing.filter((f) => f.startsWith('package/src/') || f.startsWith('package/test/') || f.includes('/.jarvis/') || /\.(map|d\.ts)$/.test(f))).toEqual([]);

    const prefix = join(tmp, 'prefix');
    const { jsec, how } = install(tarball, prefix);
    const elsewhere = join(tmp, 'elsewhere');
    mkdirSync(elsewhere);
    const sample = join(prefix, 'lib', 'node_modules', 'jarvis-ts', 'samples', 'vulnerable');
    const run = (args: string[]) => spawnSync(jsec, args, { cwd: elsewhere, env: { ...npmEnv(), NO_COLOR: '1' }, encoding: 'utf8', timeout: 60_000 });

    const version = run(['--version']);
    expect(version.stdout, `${how}: ${version.stderr}`).toBe(`${VERSION}\n`);
    const recorder = moduleRecorder();
    const scan = spawnSync(jsec, ['scan', sample, '--json', '--no-artifacts'], { cwd: elsewhere, env: { ...npmEnv(), NO_COLOR: '1', NODE_OPTIONS: recorder.importFlag }, encoding: 'utf8', timeout: 60_000 });
    expect(scan.status, `${how}: ${scan.stderr}`).toBe(0);
    const report = JSON.parse(scan.stdout) as { findings: Array<{ file: string; rule: string }> };
    expect(report.findings.some((f) => f.file === 'c/session.c' && f.rule === 'c.hygiene.insecure-temp-file')).toBe(true);

    // the scan ran from the bundle: none of the package's own modules came from anywhere else,
    // and none of what a scan never needs was loaded
    const installed = pathToFileURL(realpathSync(join(prefix, 'lib', 'node_modules', 'jarvis-ts'))).href;
    const own = recorder.urls().flatMap((u) => (u.startsWith(`${installed}/`) && !u.startsWith(`${installed}/node_modules/`) ? [u.slice(installed.length + 1)] : []));
    expect(own).toContain('dist/bundle/jsec.js');
    expect(own.filter((u) => !u.startsWith('dist/bundle/') && !u.startsWith('bin/'))).toEqual([]);
    expect(recorder.urls().filter((u) => NOT_FOR_A_SCAN.some((re) => re.test(u)))).toEqual([]);

    // worker threads: pool.ts starts ./worker.js beside the module that holds it, so every bundle
    // file that does has the worker beside it, and that worker analyses a group sent to it
    const bundleDir = join(prefix, 'lib', 'node_modules', 'jarvis-ts', 'dist', 'bundle');
    const starters = readdirSync(bundleDir).filter((f) => readFileSync(join(bundleDir, f), 'utf8').includes('"./worker.js"'));
    expect(starters.length).toBeGreaterThan(0);
    const worker = pathToFileURL(join(bundleDir, 'worker.js')).href;
    const task = JSON.stringify({ id: 7, inputs: [{ file: 'a.c', language: 'c', source: 'void f(void) {\n  char n[32];\n  tmpnam(n);\n}\n' }] });
    const asked = spawnSync(process.execPath, ['--input-type=module', '-e', [
      "import { Worker } from 'node:worker_threads';",
      `const w = new Worker(new URL(${JSON.stringify(worker)}), { execArgv: [] });`,
      `w.on('message', (m) => { if (m.ready) return void w.postMessage(${task}); process.stdout.write(JSON.stringify(m)); void w.terminate(); });`,
    ].join('\n')], { cwd: elsewhere, encoding: 'utf8', timeout: 60_000 });
    expect(asked.stderr).toBe('');
    const reply = JSON.parse(asked.stdout) as { id: number; ok: boolean; outcomes: Array<{ file: string; findings: Array<{ rule: string }> }> };
    expect(reply.ok).toBe(true);
    expect(reply.outcomes[0]?.findings.map((f) => f.rule)).toContain('c.hygiene.insecure-temp-file');
    // and a scan big enough for worker threads (over 256 KB, two groups) gives the findings of both
    const big = join(tmp, 'big');
    const filler = Array.from({ length: 4000 }, (_, i) => `int filler_${i}(int x) { return x + ${i}; }`).join('\n');
    for (const d of ['one', 'two']) {
      mkdirSync(join(big, d), { recursive: true });
      writeFileSync(join(big, d, 'main.c'), `${filler}\nvoid f(void) {\n  char n[32];\n  tmpnam(n);\n}\n`);
    }
    const pooled = run(['scan', big, '--json', '--no-artifacts', '--jobs', '2']);
    expect(pooled.status, `${how}: ${pooled.stderr}`).toBe(0);
    const found = (JSON.parse(pooled.stdout) as { findings: Array<{ file: string; rule: string }> }).findings;
    expect(found.filter((f) => f.rule === 'c.hygiene.insecure-temp-file').map((f) => f.file)).toEqual(['one/main.c', 'two/main.c']);
  });
});
