import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../support/temp-tree.js';

/**
 * The bin/ launchers: they check the Node version before anything a new Node is needed for, and
 * pick the compiled dist/ (or a command's bundle in dist/bundle/) only while it is current, else
 * the TypeScript sources (docs/cli.md, "Running from a checkout or an install").
 */

const REPO = resolve(import.meta.dirname, '../..');
const COMMANDS = ['jarvis', 'jca', 'jsec', 'jc2r'] as const;

function run(args: readonly string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: cwd, NO_COLOR: '1', ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the Node version check', () => {
  it.each(COMMANDS)('bin/%s.js is plain ES5, so any Node can read it far enough to say what it needs', async (name) => {
    // acorn comes with eslint (a dev dependency); ecmaVersion 5 rejects let/const, arrows, import, await…
    const acorn = await import('acorn');
    const text = readFileSync(join(REPO, 'bin', `${name}.js`), 'utf8');
    expect(() => acorn.parse(text, { ecmaVersion: 5, sourceType: 'script', allowHashBang: true })).not.toThrow();
  });

  it.each(COMMANDS)('bin/%s.js on Node 18 says in one line which Node it needs, exit 1', (name) => {
    const dir = tempTree({ 'node18.mjs': "Object.defineProperty(process.versions, 'node', { value: '18.19.0' });\n" });
    const r = run(['--import', join(dir, 'node18.mjs'), join(REPO, 'bin', `${name}.js`), '--version'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`${name} needs Node.js 20 or newer; this is Node.js 18.19.0\n`);
    expect(r.stdout).toBe('');
  });

  it('asks for the version package.json declares in engines', () => {
    const engines = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    for (const name of COMMANDS) {
      const need = /var need = (\d+);/.exec(readFileSync(join(REPO, 'bin', `${name}.js`), 'utf8'))?.[1];
      expect(engines, name).toBe(`>=${need}`);
    }
  });
});

describe('which code a launcher runs', () => {
  /** A checkout in miniature: the real launchers, one source, one build of it, and the real node_modules (for tsx). */
  function checkout(): string {
    const root = tempTree({
      'src/cli/jsec.ts': "const where: string = 'source';\nprocess.stdout.write(`${where}\\n`);\n",
      'src/util/helper.ts': 'export const x = 1;\n',
      'dist/cli/jsec.js': "process.stdout.write('dist\\n');\n",
      'dist/util/helper.js': 'export const x = 1;\n',
    });
    mkdirSync(join(root, 'bin'));
    for (const f of ['jsec.js', 'launch.js']) copyFileSync(join(REPO, 'bin', f), join(root, 'bin', f));
    writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
    symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
    return root;
  }
  const at = (root: string, rel: string, seconds: number) => utimesSync(join(root, rel), seconds, seconds);
  const T = 1_700_000_000;

  it('runs dist/ when every source has a newer build, and the sources once one is edited or new', () => {
    const root = checkout();
    for (const f of ['src/cli/jsec.ts', 'src/util/helper.ts']) at(root, f, T);
    for (const f of ['dist/cli/jsec.js', 'dist/util/helper.js']) at(root, f, T + 60);
    expect(run(['bin/jsec.js'], root).stdout).toBe('dist\n');

    // edited after the build: the build is stale
    at(root, 'src/util/helper.ts', T + 120);
    expect(run(['bin/jsec.js'], root).stdout).toBe('source\n');

    // rebuilt, then a new source file the build has never seen
    at(root, 'dist/util/helper.js', T + 180);
    expect(run(['bin/jsec.js'], root).stdout).toBe('dist\n');
    writeFileSync(join(root, 'src/util/new.ts'), 'export const y = 2;\n');
    expect(run(['bin/jsec.js'], root).stdout).toBe('source\n');
  });

  it('JARVIS_FROM_SOURCE=1 runs the sources even when dist/ is current; tests beside the code do not count', () => {
    const root = checkout();
    writeFileSync(join(root, 'src/util/helper.test.ts'), 'export {};\n');
    for (const f of ['src/cli/jsec.ts', 'src/util/helper.ts']) at(root, f, T);
    for (const f of ['dist/cli/jsec.js', 'dist/util/helper.js']) at(root, f, T + 60);
    expect(run(['bin/jsec.js'], root).stdout).toBe('dist\n');
    expect(run(['bin/jsec.js'], root, { JARVIS_FROM_SOURCE: '1' }).stdout).toBe('source\n');
  });

  it("runs dist/bundle/jsec.js for the subcommand it serves while none of its sources is newer, and dist/ or the sources otherwise", () => {
    const root = checkout();
    // what scripts/bundle.mjs writes: the bundle, and which subcommand it serves from which sources
    mkdirSync(join(root, 'dist/bundle'));
    writeFileSync(join(root, 'dist/bundle/jsec.js'), "process.stdout.write('bundle\\n');\n");
    writeFileSync(join(root, 'dist/bundle/jsec.json'), JSON.stringify({ command: 'scan', sources: ['src/cli/jsec.ts', 'src/util/helper.ts'] }));
    for (const f of ['src/cli/jsec.ts', 'src/util/helper.ts']) at(root, f, T);
    for (const f of ['dist/cli/jsec.js', 'dist/util/helper.js', 'dist/bundle/jsec.js']) at(root, f, T + 60);
    expect(run(['bin/jsec.js', 'scan', 'x.c'], root).stdout).toBe('bundle\n');
    expect(run(['bin/jsec.js', '--debug', 'scan', 'x.c'], root).stdout).toBe('bundle\n');
    expect(run(['bin/jsec.js', 'agent', '.'], root).stdout).toBe('dist\n');
    expect(run(['bin/jsec.js', 'scan', 'x.c'], root, { JARVIS_FROM_SOURCE: '1' }).stdout).toBe('source\n');

    // compiled again (tsc alone) after an edit: dist/ is current, the bundle is not
    at(root, 'src/util/helper.ts', T + 120);
    at(root, 'dist/util/helper.js', T + 180);
    expect(run(['bin/jsec.js', 'scan', 'x.c'], root).stdout).toBe('dist\n');

    // bundled again; a new source outside the scan's modules leaves the bundle current, not dist/
    at(root, 'dist/bundle/jsec.js', T + 240);
    writeFileSync(join(root, 'src/util/new.ts'), 'export const y = 2;\n');
    expect(run(['bin/jsec.js', 'scan', 'x.c'], root).stdout).toBe('bundle\n');
    expect(run(['bin/jsec.js', 'agent', '.'], root).stdout).toBe('source\n');
    // one of its sources gone: it was built from something else
    rmSync(join(root, 'src/util/helper.ts'));
    expect(run(['bin/jsec.js', 'scan', 'x.c'], root).stdout).toBe('source\n');

    // an installed package has no sources: its bundle runs the scan, dist/ the rest
    rmSync(join(root, 'src'), { recursive: true });
    expect(run(['bin/jsec.js', 'scan', 'x.c'], root).stdout).toBe('bundle\n');
    expect(run(['bin/jsec.js', 'agent', '.'], root).stdout).toBe('dist\n');
  });

  it('without a manifest it can read, the bundle never runs: dist/ does', () => {
    const root = checkout();
    mkdirSync(join(root, 'dist/bundle'));
    writeFileSync(join(root, 'dist/bundle/jsec.js'), "process.stdout.write('bundle\\n');\n");
    for (const f of ['src/cli/jsec.ts', 'src/util/helper.ts']) at(root, f, T);
    for (const f of ['dist/cli/jsec.js', 'dist/util/helper.js', 'dist/bundle/jsec.js']) at(root, f, T + 60);
    // a bundle from before manifests, or a bundle step that stopped half-way
    expect(run(['bin/jsec.js', 'scan', 'x.c'], root).stdout).toBe('dist\n');
    for (const manifest of ['{ "command": "scan", "sour', '{ "command": "scan" }', '{ "command": "scan", "sources": "src/cli/jsec.ts" }', 'null']) {
      writeFileSync(join(root, 'dist/bundle/jsec.json'), manifest);
      const r = run(['bin/jsec.js', 'scan', 'x.c'], root);
      expect(r.stdout, manifest).toBe('dist\n');
      expect(r.stderr, manifest).toBe('');
    }
    // in an installed package too
    rmSync(join(root, 'src'), { recursive: true });
    rmSync(join(root, 'dist/bundle/jsec.json'));
    expect(run(['bin/jsec.js', 'scan', 'x.c'], root).stdout).toBe('dist\n');
  });

  it('an installed package (no src/) runs dist/; one without dist/ says so in one line', () => {
    const root = checkout();
    rmSync(join(root, 'src'), { recursive: true });
    expect(run(['bin/jsec.js'], root).stdout).toBe('dist\n');
    rmSync(join(root, 'dist'), { recursive: true });
    const broken = run(['bin/jsec.js'], root);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^error: jsec is installed without its compiled code \(.*dist is missing\)\nhint: reinstall the package/);
  });
});
