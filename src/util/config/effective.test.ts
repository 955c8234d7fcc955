import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadEffectiveConfig, loadConfig, resolveModel } from './load.js';
import { configTemplate } from './template.js';

/** A temp tree: home/ (the user's home) and repo/ (a git work tree with a sub directory). */
function tree() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'jarvis-config-')));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  const home = join(root, 'home');
  const repo = join(root, 'repo');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, 'src', 'deep'), { recursive: true });
  mkdirSync(home, { recursive: true });
  const write = (path: string, text: string) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  };
  return { root, home, repo, write };
}

describe('loadEffectiveConfig', () => {
  it('reads the user file, then the nearest project file found upwards from cwd', () => {
    const t = tree();
    t.write(join(t.home, '.jarvis', 'config.yaml'), 'default_llm_group: u\nagent: { plan: true }\n');
    t.write(join(t.repo, '.jarvis', 'config.yaml'), 'default_llm_group: p\n');
    const loaded = loadEffectiveConfig({ cwd: join(t.repo, 'src', 'deep'), env: {}, home: t.home });
    expect(loaded.files.map((f) => f.origin)).toEqual(['user', 'project']);
    expect(loaded.config.default_llm_group).toBe('p');
    expect(loaded.config.agent.plan).toBe(true);
    expect(loaded.sources.default_llm_group?.label).toBe('project file ../../.jarvis/config.yaml');
    expect(loaded.sources['agent.plan']?.label).toBe('user file ~/.jarvis/config.yaml');
  });

  it('stops the project search at the git root', () => {
    const t = tree();
    // A config above the repository belongs to some other project and must not apply.
    t.write(join(t.root, '.jarvis', 'config.yaml'), 'default_llm_group: outside\n');
    const loaded = loadEffectiveConfig({ cwd: join(t.repo, 'src'), env: {}, home: t.home });
    expect(loaded.files).toEqual([]);
    expect(loaded.config.default_llm_group).toBeUndefined();
  });

  it('takes the user file from JARVIS_DATA_DIR and uses it as data_dir', () => {
    const t = tree();
    const data = join(t.root, 'data');
    t.write(join(data, 'config.yaml'), 'default_llm_group: from-data-dir\n');
    t.write(join(t.home, '.jarvis', 'config.yaml'), 'default_llm_group: from-home\n');
    const loaded = loadEffectiveConfig({ cwd: t.repo, env: { JARVIS_DATA_DIR: data }, home: t.home });
    expect(loaded.config.default_llm_group).toBe('from-data-dir');
    expect(loaded.config.data_dir).toBe(data);
  });

  it('reads only the JARVIS_CONFIG file when it is set', () => {
    const t = tree();
    t.write(join(t.home, '.jarvis', 'config.yaml'), 'agent: { plan: true }\n');
    t.write(join(t.repo, '.jarvis', 'config.yaml'), 'default_llm_group: p\n');
    t.write(join(t.root, 'ci.yaml'), 'agent: { plan_max_depth: 1 }\n');
    const loaded = loadEffectiveConfig({ cwd: t.repo, env: { JARVIS_CONFIG: '../ci.yaml' }, home: t.home });
    expect(loaded.files.map((f) => f.path)).toEqual([join(t.root, 'ci.yaml')]);
    expect(loaded.config.agent.plan_max_depth).toBe(1);
    expect(loaded.config.agent.plan).toBe(false);
    expect(loaded.config.default_llm_group).toBeUndefined();
    expect(loaded.sources['agent.plan_max_depth']?.label).toBe('JARVIS_CONFIG=../ci.yaml');
  });

  it('fails in one line when JARVIS_CONFIG names a missing file', () => {
    const t = tree();
    expect(() => loadEffectiveConfig({ cwd: t.repo, env: { JARVIS_CONFIG: 'nope.yaml' }, home: t.home })).toThrow(
      /^config error: JARVIS_CONFIG=nope\.yaml: file not found$/,
    );
  });
});

describe('config template', () => {
  it('loads cleanly and configures normal, cheap, anthropic and scripted models', () => {
    const { config } = loadConfig({
      files: [{ path: '/p/.jarvis/config.yaml', text: configTemplate(), origin: 'project' }],
      env: {},
    });
    expect(resolveModel(config, { role: 'normal' }).platform).toBe('openai-compatible');
    expect(resolveModel(config, { role: 'cheap' }).max_tokens).toBe(2000);
    expect(resolveModel(config, { role: 'normal', group: 'claude' }).platform).toBe('anthropic');
    expect(resolveModel(config, { role: 'normal', group: 'test' }).script).toBe('/p/.jarvis/replies.yaml');
  });

  it('still loads with its commented agent section switched on', () => {
    const text = configTemplate().replace(/^# (agent:| {2}\w+:.*)$/gm, '$1');
    expect(text).toMatch(/^agent:$/m);
    const { config, sources } = loadConfig({ files: [{ path: '/p/c.yaml', text, origin: 'project' }], env: {} });
    expect(config.agent.auto_summary_rounds).toBe(20);
    expect(config.agent.max_input_tokens).toBe(64000);
    expect(sources['agent.use_analysis']?.kind).toBe('project');
  });

  it('has commented mcp and web_search examples that load when switched on', () => {
    // uncomment each example block: from '# mcp:' / '# web_search:' to the next blank line
    const text = configTemplate().replace(/^# (mcp|web_search):.*\n(?:#.*\n)*/gm, (block) => block.replace(/^# ?/gm, ''));
    const { config } = loadConfig({ files: [{ path: '/p/c.yaml', text, origin: 'project' }], env: {} });
    expect(config.mcp.map((m) => [m.name, m.type, m.enabled])).toEqual([
      ['fs', 'stdio', true],
      ['tracker', 'streamable', false],
    ]);
    expect(config.web_search).toMatchObject({ provider: 'searxng', url: 'http://127.0.0.1:8888', max_results: 8 });
  });

  it('has commented tool_groups, tasks and replace_map examples (issue 19) that load when switched on', () => {
    const text = configTemplate().replace(/^# (tool_groups|tasks|replace_map):.*\n(?:#.*\n)*/gm, (block) => block.replace(/^# ?/gm, ''));
    const { config } = loadConfig({ files: [{ path: '/p/c.yaml', text, origin: 'project' }], env: {} });
    expect(Object.keys(config.tool_groups)).toEqual(['readonly', 'c-work']);
    expect(config.default_tool_group).toBe('readonly');
    expect(config.tasks).toHaveLength(2);
    expect(Object.keys(config.replace_map)).toEqual(["'<Bench>'", "'<Style>'"]);
    expect(configTemplate()).toContain('JARVIS_MCP');
  });
});
