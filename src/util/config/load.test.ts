import { describe, expect, it } from 'vitest';
import { loadConfig, resolveModel, type ConfigFile } from './load.js';
import { JarvisError } from '../errors.js';
import { mergeLayer, type SourceMap } from './merge.js';

const HOME = '/home/u';
const userFile = (text: string): ConfigFile => ({
  path: `${HOME}/.jarvis/config.yaml`,
  display: '~/.jarvis/config.yaml',
  origin: 'user',
  text,
});
const projectFile = (text: string): ConfigFile => ({
  path: '/repo/.jarvis/config.yaml',
  display: '.jarvis/config.yaml',
  origin: 'project',
  text,
});
const explicitFile = (text: string): ConfigFile => ({ path: '/etc/j.yaml', display: '/etc/j.yaml', origin: 'explicit', text });

function load(files: ConfigFile[], env: NodeJS.ProcessEnv = {}, flags = {}) {
  return loadConfig({ files, env, flags, cwd: '/repo', home: HOME });
}

function errorOf(fn: () => unknown): JarvisError {
  try {
    fn();
  } catch (e) {
    if (e instanceof JarvisError) return e;
    throw e;
  }
  throw new Error('expected a JarvisError');
}

describe('loadConfig precedence', () => {
  // Each row adds one layer above the previous ones; the top layer must win and be named.
  const rows: {
    name: string;
    files: ConfigFile[];
    env?: NodeJS.ProcessEnv;
    flags?: { llmGroup?: string };
    value: string | undefined;
    source: string | undefined;
  }[] = [
    { name: 'defaults', files: [], value: undefined, source: undefined },
    {
      name: 'user file',
      files: [userFile('default_llm_group: from-user')],
      value: 'from-user',
      source: 'user file ~/.jarvis/config.yaml',
    },
    {
      name: 'project over user',
      files: [userFile('default_llm_group: from-user'), projectFile('default_llm_group: from-project')],
      value: 'from-project',
      source: 'project file .jarvis/config.yaml',
    },
    {
      name: 'JARVIS_CONFIG file alone',
      files: [explicitFile('default_llm_group: from-explicit')],
      value: 'from-explicit',
      source: 'JARVIS_CONFIG=/etc/j.yaml',
    },
    {
      name: 'env over files',
      files: [userFile('default_llm_group: from-user'), projectFile('default_llm_group: from-project')],
      env: { JARVIS_LLM_GROUP: 'from-env' },
      value: 'from-env',
      source: 'env JARVIS_LLM_GROUP',
    },
    {
      name: 'flag over env',
      files: [projectFile('default_llm_group: from-project')],
      env: { JARVIS_LLM_GROUP: 'from-env' },
      flags: { llmGroup: 'from-flag' },
      value: 'from-flag',
      source: 'flag --llm-group',
    },
  ];

  it.each(rows)('$name wins for default_llm_group', ({ files, env, flags, value, source }) => {
    const { config, sources } = load(files, env, flags);
    expect(config.default_llm_group).toBe(value);
    expect(sources.default_llm_group?.label).toBe(source);
  });

  it('fills schema defaults and names them as the source', () => {
    const { config, sources } = load([]);
    expect(config.agent.plan_max_depth).toBe(2);
    expect(config.agent.auto_summary_rounds).toBe(20);
    expect(config.agent.use_analysis).toBe(true);
    expect(config.data_dir).toBe(`${HOME}/.jarvis`);
    expect(sources['agent.plan_max_depth']?.label).toBe('default');
  });

  it('applies every layer to an agent setting, lowest to highest', () => {
    const user = userFile('agent: { plan_max_depth: 3, auto_summary_rounds: 7 }');
    const project = projectFile('agent: { plan_max_depth: 4 }');
    expect(load([user]).config.agent.plan_max_depth).toBe(3);
    const both = load([user, project]);
    expect(both.config.agent.plan_max_depth).toBe(4);
    // Deep merge: the project file did not mention auto_summary_rounds, so the user's value stays.
    expect(both.config.agent.auto_summary_rounds).toBe(7);
    expect(both.sources['agent.auto_summary_rounds']?.label).toBe('user file ~/.jarvis/config.yaml');
    const withEnv = load([user, project], { JARVIS_PLAN_MAX_DEPTH: '5' });
    expect(withEnv.config.agent.plan_max_depth).toBe(5);
    expect(withEnv.sources['agent.plan_max_depth']?.label).toBe('env JARVIS_PLAN_MAX_DEPTH');
  });

  it('reads JARVIS_NON_INTERACTIVE as a boolean and lets --non-interactive override it', () => {
    expect(load([], { JARVIS_NON_INTERACTIVE: 'yes' }).config.agent.non_interactive).toBe(true);
    expect(load([], { JARVIS_NON_INTERACTIVE: '0' }).config.agent.non_interactive).toBe(false);
    const flagged = load([], { JARVIS_NON_INTERACTIVE: 'false' }, { nonInteractive: true });
    expect(flagged.config.agent.non_interactive).toBe(true);
    expect(flagged.sources['agent.non_interactive']?.label).toBe('flag --non-interactive');
  });

  it('merges a model key by key across files, each key keeping its own source', () => {
    const user = userFile(
      'llm_groups:\n  default:\n    normal: { platform: openai-compatible, base_url: https://a.example/v1, model: m1 }\n',
    );
    const project = projectFile('llm_groups:\n  default:\n    normal: { model: m2 }\n');
    const { config, sources } = load([user, project]);
    expect(config.llm_groups.default?.normal).toEqual({
      platform: 'openai-compatible',
      base_url: 'https://a.example/v1',
      model: 'm2',
    });
    expect(sources['llm_groups.default.normal.base_url']?.label).toBe('user file ~/.jarvis/config.yaml');
    expect(sources['llm_groups.default.normal.model']?.label).toBe('project file .jarvis/config.yaml');
  });

  it('replaces lists and scalars instead of merging them', () => {
    const target = { a: { list: [1, 2, 3], n: 1, o: { x: 1 } } };
    const sources: SourceMap = {};
    const src = { kind: 'project', label: 'p', where: 'p', dir: '/' } as const;
    mergeLayer(target, { a: { list: [9], o: 'flat' } }, src, sources);
    expect(target).toEqual({ a: { list: [9], n: 1, o: 'flat' } });
    expect(sources['a.o.x']).toBeUndefined();
  });

  it('resolves script paths against the directory of the file that set them', () => {
    const project = projectFile('llm_groups:\n  test:\n    normal: { platform: scripted, script: replies.yaml }\n');
    expect(load([project]).config.llm_groups.test?.normal.script).toBe('/repo/.jarvis/replies.yaml');
  });
});

describe('loadConfig errors', () => {
  it('reports a YAML syntax error as file:line:col on one line', () => {
    const e = errorOf(() => load([projectFile('agent:\n  plan: true\n  plan_max_depth: [1, 2\n')]));
    expect(e.code).toBe('config');
    expect(e.message).toMatch(/^config error: \.jarvis\/config\.yaml:\d+:\d+: \S.*$/);
    expect(e.message).not.toContain('\n');
  });

  it('reports a duplicated key as a YAML error', () => {
    const e = errorOf(() => load([userFile('default_llm_group: a\ndefault_llm_group: b\n')]));
    expect(e.message).toMatch(/^config error: ~\/\.jarvis\/config\.yaml:2:1: Map keys must be unique$/);
  });

  it('names the file and the dotted key of a wrong-typed value', () => {
    const text = 'llm_groups:\n  default:\n    normal: { platform: openai-compatible, temperature: "hot" }\n';
    const e = errorOf(() => load([projectFile(text)]));
    expect(e.message).toBe(
      'config error: .jarvis/config.yaml: key llm_groups.default.normal.temperature: expected number, received string',
    );
  });

  it('blames the layer that supplied the bad value, not the last file read', () => {
    const user = userFile('agent: { auto_summary_rounds: "many" }');
    const project = projectFile('agent: { plan: true }');
    expect(errorOf(() => load([user, project])).message).toBe(
      'config error: ~/.jarvis/config.yaml: key agent.auto_summary_rounds: expected number, received string',
    );
  });

  it('rejects an unknown key with the file and a suggestion', () => {
    const text = 'llm_groups:\n  default:\n    normal: { platform: anthropic, temprature: 0.2 }\n';
    expect(errorOf(() => load([projectFile(text)])).message).toBe(
      'config error: .jarvis/config.yaml: unknown key llm_groups.default.normal.temprature (did you mean temperature?)',
    );
    expect(errorOf(() => load([userFile('agents: {}')])).message).toBe(
      'config error: ~/.jarvis/config.yaml: unknown key agents (did you mean agent?)',
    );
  });

  it('refuses a literal api_key without echoing it and points to api_key_env', () => {
    const text = 'llm_groups:\n  default:\n    normal: { platform: anthropic, api_key: sk-live-123 }\n';
    const e = errorOf(() => load([projectFile(text)]));
    expect(e.message).toContain('unknown key llm_groups.default.normal.api_key');
    expect(e.message).toContain('api_key_env');
    expect(e.message).not.toContain('sk-live-123');
  });

  it('names a missing required key', () => {
    const e = errorOf(() => load([projectFile('llm_groups:\n  default:\n    normal: { model: m }\n')]));
    expect(e.message).toBe('config error: .jarvis/config.yaml: key llm_groups.default.normal.platform: required but missing');
  });

  it('lists the first three issues then counts the rest', () => {
    const e = errorOf(() => load([projectFile('agent: { plan: 1, use_analysis: 2, use_methodology: 3, need_summary: 4, x: 5 }')]));
    expect(e.message).toMatch(/^config error: \.jarvis\/config\.yaml: [^;]+; [^;]+; [^;]+ …and 2 more$/);
  });

  it('rejects a file whose top level is not a mapping', () => {
    expect(errorOf(() => load([userFile('- a\n- b\n')])).message).toBe(
      'config error: ~/.jarvis/config.yaml: expected a mapping of keys at the top level, got a list',
    );
  });

  it('accepts an empty file', () => {
    expect(load([userFile('# nothing yet\n')]).config.llm_groups).toEqual({});
  });

  it('names the environment variable holding a bad value', () => {
    expect(errorOf(() => load([], { JARVIS_PLAN_MAX_DEPTH: 'deep' })).message).toBe(
      'config error: env JARVIS_PLAN_MAX_DEPTH: expected an integer, got "deep"',
    );
    expect(errorOf(() => load([], { JARVIS_NON_INTERACTIVE: 'maybe' })).message).toMatch(
      /^config error: env JARVIS_NON_INTERACTIVE: expected 1\/true\/yes/,
    );
    expect(errorOf(() => load([], { JARVIS_MAX_INPUT_TOKEN_COUNT: '-5' })).message).toMatch(
      /^config error: env JARVIS_MAX_INPUT_TOKEN_COUNT: key agent\.max_input_tokens: /,
    );
  });
});

describe('resolveModel', () => {
  const groups = `
default_llm_group: main
llm_groups:
  main:
    normal: { platform: openai-compatible, model: big }
    cheap: { platform: openai-compatible, model: small }
  other:
    normal: { platform: anthropic, model: claude }
`;

  it('picks -g over JARVIS_LLM_GROUP over default_llm_group', () => {
    const fileOnly = load([projectFile(groups)]).config;
    expect(resolveModel(fileOnly, { role: 'normal' }).model).toBe('big');
    const envSet = load([projectFile(groups)], { JARVIS_LLM_GROUP: 'other' }).config;
    expect(resolveModel(envSet, { role: 'normal' }).model).toBe('claude');
    expect(resolveModel(envSet, { role: 'normal', group: 'main' }).model).toBe('big');
  });

  it('uses the cheap model when there is one and falls back to normal otherwise', () => {
    const { config } = load([projectFile(groups)]);
    expect(resolveModel(config, { role: 'cheap' }).model).toBe('small');
    expect(resolveModel(config, { role: 'cheap', group: 'other' }).model).toBe('claude');
  });

  it('says how to configure a model when there is none', () => {
    const e = errorOf(() => resolveModel(load([]).config, { role: 'normal' }));
    expect(e.code).toBe('config_missing_model');
    expect(e.message).toBe(
      "no model configured: add llm_groups to ~/.jarvis/config.yaml (run 'jarvis config init') or set JARVIS_CONFIG",
    );
  });

  it('lists the known groups for an unknown one', () => {
    const e = errorOf(() => resolveModel(load([projectFile(groups)]).config, { role: 'normal', group: 'nope' }));
    expect(e.message).toBe("unknown llm group 'nope': known groups are main, other");
  });

  it('falls back to a group named default, then to the only group', () => {
    const twoWithDefault = 'llm_groups:\n  default: { normal: { platform: scripted } }\n  x: { normal: { platform: replay } }\n';
    expect(resolveModel(load([userFile(twoWithDefault)]).config, { role: 'normal' }).platform).toBe('scripted');
    const single = 'llm_groups:\n  only: { normal: { platform: replay } }\n';
    expect(resolveModel(load([userFile(single)]).config, { role: 'normal' }).platform).toBe('replay');
    const ambiguous = 'llm_groups:\n  a: { normal: { platform: replay } }\n  b: { normal: { platform: replay } }\n';
    expect(errorOf(() => resolveModel(load([userFile(ambiguous)]).config, { role: 'normal' })).message).toBe(
      'several llm groups and none chosen: a, b',
    );
  });
});
