import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadEffectiveConfig, resolveModel } from '../../src/util/config/index.js';

const JARVIS = resolve(import.meta.dirname, '../../bin/jarvis.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI with a private home and data dir; only PATH is inherited. */
function jarvis(args: string[], opts: { cwd: string; home: string; env?: Record<string, string> }): Promise<Run> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: opts.home,
    JARVIS_DATA_DIR: join(opts.home, '.jarvis'),
    JARVIS_FROM_SOURCE: '1',
    NO_COLOR: '1',
    ...opts.env,
  };
  return new Promise((done) => {
    execFile(process.execPath, [JARVIS, ...args], { cwd: opts.cwd, env }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

function dirs() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'jarvis-config-cli-')));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  const home = join(root, 'home');
  const repo = join(root, 'repo');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, 'sub'), { recursive: true });
  return { root, home, repo };
}

const SECRET_HEADER = 'Bearer hdr-9f8e7d6c5b4a';
const SECRET_ENV = 'sk-env-0a1b2c3d4e5f';

describe('jarvis config show', () => {
  it('redacts secrets, names key variables without their values, and tells where values came from', async () => {
    const d = dirs();
    mkdirSync(join(d.home, '.jarvis'), { recursive: true });
    writeFileSync(join(d.home, '.jarvis', 'config.yaml'), 'agent: { plan_max_depth: 3 }\n');
    mkdirSync(join(d.repo, '.jarvis'));
    writeFileSync(
      join(d.repo, '.jarvis', 'config.yaml'),
      [
        'llm_groups:',
        '  default:',
        '    normal:',
        '      platform: openai-compatible',
        '      model: m1',
        '      api_key_env: MY_TEST_KEY',
        `      headers: { Authorization: "${SECRET_HEADER}", X-Trace: visible-trace }`,
        '',
      ].join('\n'),
    );
    const env = { MY_TEST_KEY: SECRET_ENV, JARVIS_NON_INTERACTIVE: '1' };
    const text = await jarvis(['config', 'show'], { cwd: join(d.repo, 'sub'), home: d.home, env });
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    const json = await jarvis(['config', 'show', '--json'], { cwd: d.repo, home: d.home, env });
    expect(json.code).toBe(0);
    for (const out of [text.stdout, json.stdout]) {
      expect(out).not.toContain(SECRET_ENV);
      expect(out).not.toContain('hdr-9f8e7d6c5b4a');
      expect(out).toContain('visible-trace');
    }
    const row = (key: string) => text.stdout.split('\n').find((l) => l.startsWith(`${key} `)) ?? '';
    expect(row('llm_groups.default.normal.headers.Authorization')).toMatch(/\*\*\*\s+project file/);
    expect(row('llm_groups.default.normal.api_key_env')).toMatch(/MY_TEST_KEY \(set\)\s+project file \.\.\/\.jarvis\/config\.yaml$/);
    expect(row('agent.plan_max_depth')).toMatch(/^agent\.plan_max_depth\s+3\s+user file ~\/\.jarvis\/config\.yaml$/);
    expect(row('agent.non_interactive')).toMatch(/true\s+env JARVIS_NON_INTERACTIVE$/);
    expect(row('agent.use_analysis')).toMatch(/true\s+default$/);
    expect(text.stdout).toMatch(/^normal: group default: openai-compatible m1$/m);

    const parsed = JSON.parse(json.stdout) as {
      config: { llm_groups: { default: { normal: { headers: Record<string, string> } } } };
      sources: Record<string, string>;
      env: Record<string, string>;
    };
    expect(parsed.config.llm_groups.default.normal.headers.Authorization).toBe('***');
    expect(parsed.sources['llm_groups.default.normal.model']).toBe('project file .jarvis/config.yaml');
    expect(parsed.env).toEqual({ MY_TEST_KEY: 'set' });
  });

  it('reports a malformed file in one line with file, line and column, and exits 1', async () => {
    const d = dirs();
    mkdirSync(join(d.repo, '.jarvis'));
    writeFileSync(join(d.repo, '.jarvis', 'config.yaml'), 'agent:\n  plan: [true\n');
    const r = await jarvis(['config', 'show'], { cwd: d.repo, home: d.home });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: config error: \.jarvis\/config\.yaml:\d+:\d+: [^\n]+\n$/);
  });

  it('reports a wrong-typed key in one line and exits 1', async () => {
    const d = dirs();
    mkdirSync(join(d.home, '.jarvis'), { recursive: true });
    writeFileSync(join(d.home, '.jarvis', 'config.yaml'), 'agent:\n  plan_max_depth: two\n');
    const r = await jarvis(['config', 'show'], { cwd: d.repo, home: d.home });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'error: config error: ~/.jarvis/config.yaml: key agent.plan_max_depth: expected number, received string\n',
    );
  });

  it('rejects an unknown platform name when the config is read, with file, key and a suggestion', async () => {
    const d = dirs();
    mkdirSync(join(d.repo, '.jarvis'));
    writeFileSync(join(d.repo, '.jarvis', 'config.yaml'), 'llm_groups:\n  default:\n    normal: { platform: openai-compatibel, model: m }\n');
    const r = await jarvis(['config', 'show'], { cwd: d.repo, home: d.home });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const [first, hint] = r.stderr.trimEnd().split('\n');
    expect(first).toBe(
      'error: config error: .jarvis/config.yaml: key llm_groups.default.normal.platform: unknown platform "openai-compatibel" (did you mean openai-compatible?); known platforms: openai-compatible, anthropic, scripted, replay',
    );
    expect(hint).toBe(`hint: a user platform is an ES module at ${join(d.home, '.jarvis', 'platforms', 'openai-compatibel.mjs')}`);
  });

  it('accepts a user platform whose module exists in the data directory, and lists it as known', async () => {
    const d = dirs();
    mkdirSync(join(d.home, '.jarvis', 'platforms'), { recursive: true });
    writeFileSync(join(d.home, '.jarvis', 'platforms', 'mine.mjs'), 'export function createPlatform() { throw new Error("not called by config show"); }\n');
    mkdirSync(join(d.repo, '.jarvis'));
    writeFileSync(join(d.repo, '.jarvis', 'config.yaml'), 'llm_groups:\n  default:\n    normal: { platform: mine }\n    cheap: { platform: mien }\n');
    const bad = await jarvis(['config', 'show'], { cwd: d.repo, home: d.home });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('key llm_groups.default.cheap.platform: unknown platform "mien" (did you mean mine?); known platforms: openai-compatible, anthropic, scripted, replay, mine');
    writeFileSync(join(d.repo, '.jarvis', 'config.yaml'), 'llm_groups:\n  default:\n    normal: { platform: mine }\n');
    const ok = await jarvis(['config', 'show'], { cwd: d.repo, home: d.home });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/llm_groups\.default\.normal\.platform\s+mine/);
  });

  it('fails on an unknown -g group, listing the known ones', async () => {
    const d = dirs();
    mkdirSync(join(d.repo, '.jarvis'));
    writeFileSync(join(d.repo, '.jarvis', 'config.yaml'), 'llm_groups:\n  a: { normal: { platform: scripted } }\n');
    const r = await jarvis(['config', 'show', '-g', 'zzz'], { cwd: d.repo, home: d.home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("unknown llm group 'zzz': known groups are a");
  });
});

describe('jarvis config init', () => {
  it('writes a template at the repository root that then loads, and refuses to overwrite it', async () => {
    const d = dirs();
    const first = await jarvis(['config', 'init'], { cwd: join(d.repo, 'sub'), home: d.home });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const path = join(d.repo, '.jarvis', 'config.yaml');
    const written = readFileSync(path, 'utf8');
    expect(written).toMatch(/^# Jarvis configuration/);

    const loaded = loadEffectiveConfig({ cwd: join(d.repo, 'sub'), env: {}, home: d.home });
    expect(loaded.files.map((f) => f.path)).toEqual([path]);
    expect(resolveModel(loaded.config, { role: 'normal' }).api_key_env).toBe('DEEPSEEK_API_KEY');

    writeFileSync(path, '# mine\n');
    const again = await jarvis(['config', 'init'], { cwd: d.repo, home: d.home });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect(readFileSync(path, 'utf8')).toBe('# mine\n');

    const forced = await jarvis(['config', 'init', '--force'], { cwd: d.repo, home: d.home });
    expect(forced.code).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(written);
  });

  it('writes the user file into the data directory with --global', async () => {
    const d = dirs();
    const r = await jarvis(['config', 'init', '--global'], { cwd: d.repo, home: d.home });
    expect(r.code).toBe(0);
    expect(existsSync(join(d.home, '.jarvis', 'config.yaml'))).toBe(true);
    expect(existsSync(join(d.repo, '.jarvis'))).toBe(false);
  });
});
