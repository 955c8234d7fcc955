import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { jarvisConfigSchema, type JarvisConfig, type ModelConfig, type ModelRole } from './schema.js';
import { JarvisError } from '../errors.js';
import { shownPath } from '../paths.js';
import { schemaErrorLine, yamlErrorLine } from './issues.js';
import {
  isPlainObject,
  leafKeys,
  mergeLayer,
  setAt,
  type ConfigSource,
  type PlainObject,
  type SourceMap,
} from './merge.js';
import { envEntries, flagEntries, type ConfigFlags } from './overrides.js';
import { checkPlatformNames } from './platforms.js';
import { appendMcpLayer, mcpEnvLayer, type McpEnvLayer } from './mcp-env.js';

export type { ConfigSource, SourceMap } from './merge.js';
export type { ConfigFlags } from './overrides.js';
export { CONFIG_OVERRIDES } from './overrides.js';

/** The configuration after all layers: `data_dir` is always filled in and absolute. */
export type EffectiveConfig = JarvisConfig & { data_dir: string };

/** A configuration file already read from disk. */
export interface ConfigFile {
  /** absolute path; relative paths inside the file resolve against its directory */
  path: string;
  text: string;
  origin: 'user' | 'project' | 'explicit';
  /** how messages name the file, e.g. `~/.jarvis/config.yaml`; defaults to `path` */
  display?: string;
  /** an explicit file: what chose it (default `JARVIS_CONFIG`; `--config` for the flag) */
  via?: 'JARVIS_CONFIG' | '--config';
}

export interface LoadConfigInput {
  flags?: ConfigFlags;
  env?: NodeJS.ProcessEnv;
  /** user file first, then project file; or the JARVIS_CONFIG file alone */
  files?: readonly ConfigFile[];
  /** resolves relative paths given by env vars and flags; defaults to process.cwd() */
  cwd?: string;
  /** home directory for `~` and the default data dir; defaults to os.homedir() */
  home?: string;
  /** JARVIS_MCP already read (a file's text); default: the variable's value as inline YAML */
  mcpLayer?: McpEnvLayer;
}

export interface LoadedConfig {
  config: EffectiveConfig;
  /** dotted key → the layer that set it (`default` for schema defaults) */
  sources: SourceMap;
}

const ORIGIN_LABEL = { user: 'user file', project: 'project file' } as const;

function fileSource(f: ConfigFile): ConfigSource {
  const where = f.display ?? f.path;
  const label = f.origin === 'explicit' ? (f.via === '--config' ? `--config ${where}` : `JARVIS_CONFIG=${where}`) : `${ORIGIN_LABEL[f.origin]} ${where}`;
  return { kind: f.origin, label, where, dir: dirname(f.path) };
}

function parseFile(f: ConfigFile, where: string): PlainObject {
  const lines = new LineCounter();
  const doc = parseDocument(f.text, { prettyErrors: false, uniqueKeys: true, lineCounter: lines });
  const err = doc.errors[0];
  if (err) throw new JarvisError('config', yamlErrorLine(where, err, lines), { data: { file: f.path } });
  const value: unknown = doc.toJS();
  if (value === null || value === undefined) return {};
  if (!isPlainObject(value)) {
    const got = Array.isArray(value) ? 'a list' : `a ${typeof value}`;
    throw new JarvisError('config', `config error: ${where}: expected a mapping of keys at the top level, got ${got}`);
  }
  return value;
}

function expandHome(p: string, home: string): string {
  return p === '~' ? home : p.startsWith('~/') ? join(home, p.slice(2)) : p;
}

/** Paths a layer wrote are relative to that layer: a file's directory, or the cwd for env and flags. */
function absolutise(config: EffectiveConfig, sources: SourceMap, home: string): void {
  const abs = (key: string, p: string) => {
    const e = expandHome(p, home);
    return isAbsolute(e) ? e : resolve(sources[key]?.dir ?? '.', e);
  };
  config.data_dir = abs('data_dir', config.data_dir);
  for (const [name, group] of Object.entries(config.llm_groups)) {
    for (const role of ['normal', 'cheap'] as const) {
      const m = group[role];
      if (!m) continue;
      for (const k of ['script', 'transcript'] as const) {
        const v = m[k];
        if (v !== undefined) m[k] = abs(`llm_groups.${name}.${role}.${k}`, v);
      }
    }
  }
}

/**
 * Applies the layers in precedence order, lowest first: schema defaults, the files as given
 * (user then project, or the JARVIS_CONFIG file alone), `JARVIS_*` variables, flags. Objects
 * merge key by key; lists and scalars replace. Validates the result once, naming the layer
 * that supplied each bad key. Pure: reads nothing from disk or process.env.
 */
export function loadConfig(input: LoadConfigInput = {}): LoadedConfig {
  const cwd = input.cwd ?? process.cwd();
  const home = input.home ?? homedir();
  const merged: PlainObject = {};
  const sources: SourceMap = {};

  for (const f of input.files ?? []) {
    const source = fileSource(f);
    mergeLayer(merged, parseFile(f, source.where), source, sources);
  }
  const rawMcp = input.env?.JARVIS_MCP;
  const mcpLayer = input.mcpLayer ?? (rawMcp && rawMcp.trim() !== '' ? { text: rawMcp, where: 'env JARVIS_MCP', dir: cwd } : undefined);
  if (mcpLayer) appendMcpLayer(merged, mcpLayer, sources);
  const overrides = [
    ...envEntries(input.env ?? {}).map((e) => ({ ...e, kind: 'env' as const, label: `env ${e.name}` })),
    ...flagEntries(input.flags ?? {}).map((e) => ({ ...e, kind: 'flag' as const, label: `flag ${e.name}` })),
  ];
  for (const o of overrides) {
    const layer: PlainObject = {};
    setAt(layer, o.key, o.value);
    mergeLayer(merged, layer, { kind: o.kind, label: o.label, where: o.label, dir: cwd }, sources);
  }

  const parsed = jarvisConfigSchema.safeParse(merged);
  if (!parsed.success) {
    const fallback = input.files?.map((f) => f.display ?? f.path).join(', ') || 'configuration';
    throw new JarvisError('config', schemaErrorLine(parsed.error.issues, merged, jarvisConfigSchema, sources, fallback));
  }
  const defaultSource: ConfigSource = { kind: 'default', label: 'default', where: 'default', dir: cwd };
  const config: EffectiveConfig = { ...parsed.data, data_dir: parsed.data.data_dir ?? join(home, '.jarvis') };
  for (const key of leafKeys(config)) sources[key] ??= defaultSource;
  // Object-level entries served error attribution; callers see one entry per value.
  const leaves = new Set(leafKeys(config));
  for (const key of Object.keys(sources)) if (!leaves.has(key)) delete sources[key];
  absolutise(config, sources, home);
  return { config, sources };
}

export interface EffectiveConfigInput {
  cwd?: string;
  flags?: ConfigFlags;
  env?: NodeJS.ProcessEnv;
  home?: string;
}

export interface LoadedEffectiveConfig extends LoadedConfig {
  /** the files that were read, in merge order */
  files: ConfigFile[];
}

function readConfigFile(path: string, origin: ConfigFile['origin'], display: string): ConfigFile {
  try {
    return { path, text: readFileSync(path, 'utf8'), origin, display };
  } catch (e) {
    throw new JarvisError('config', `config error: ${display}: cannot read (${(e as NodeJS.ErrnoException).code ?? e})`, {
      cause: e,
    });
  }
}

function tildePath(p: string, home: string): string {
  const shown = shownPath(home, p);
  return shown === p || shown === '.' ? p : `~/${shown}`;
}

/** The user data directory: `--data-dir`, else `JARVIS_DATA_DIR`, else `~/.jarvis`. */
export function userDataDir(input: EffectiveConfigInput = {}): string {
  const home = input.home ?? homedir();
  const cwd = input.cwd ?? process.cwd();
  const given = input.flags?.dataDir ?? (input.env?.JARVIS_DATA_DIR?.trim() || undefined);
  return given ? resolve(cwd, expandHome(given, home)) : join(home, '.jarvis');
}

/** Nearest `.jarvis/config.yaml` from `cwd` upwards, stopping at the git root or the filesystem root. */
export function findProjectConfig(cwd: string, exclude?: string): string | undefined {
  let dir = resolve(cwd);
  for (;;) {
    const candidate = join(dir, '.jarvis', 'config.yaml');
    if (candidate !== exclude && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    const parent = dirname(dir);
    if (existsSync(join(dir, '.git')) || parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Finds and reads the configuration files, then runs {@link loadConfig} and checks that every
 * platform named exists (built in, or a user platform module in the data directory). With
 * `JARVIS_CONFIG` set, only that file is read; otherwise the project file is merged over the user file.
 */
export function loadEffectiveConfig(input: EffectiveConfigInput = {}): LoadedEffectiveConfig {
  const cwd = input.cwd ?? process.cwd();
  const env = input.env ?? process.env;
  const home = input.home ?? homedir();
  const files: ConfigFile[] = [];
  const flagFile = input.flags?.configFile?.trim();
  const explicit = flagFile || env.JARVIS_CONFIG?.trim();
  if (explicit) {
    const via = flagFile ? '--config' : 'JARVIS_CONFIG';
    const path = resolve(cwd, expandHome(explicit, home));
    if (!existsSync(path)) {
      throw new JarvisError('config', `config error: ${via === '--config' ? `--config ${explicit}` : `JARVIS_CONFIG=${explicit}`}: file not found`, {
        hint: via === '--config' ? 'give the path of a YAML configuration file' : 'unset JARVIS_CONFIG to use ~/.jarvis/config.yaml and .jarvis/config.yaml',
      });
    }
    files.push({ ...readConfigFile(path, 'explicit', explicit), via });
  } else {
    const userFile = join(userDataDir({ ...input, cwd, env, home }), 'config.yaml');
    if (existsSync(userFile)) files.push(readConfigFile(userFile, 'user', tildePath(userFile, home)));
    const projectFile = findProjectConfig(cwd, userFile);
    if (projectFile) files.push(readConfigFile(projectFile, 'project', relative(cwd, projectFile)));
  }
  const mcpLayer = mcpEnvLayer(env.JARVIS_MCP, cwd);
  const loaded = loadConfig({ flags: input.flags, env, files, cwd, home, ...(mcpLayer ? { mcpLayer } : {}) });
  checkPlatformNames(loaded.config, loaded.sources, files.map((f) => f.display ?? f.path).join(', ') || 'configuration');
  return { ...loaded, files };
}

/**
 * Which group a command uses: `-g` (passed as `group`), else `default_llm_group` (which
 * already holds JARVIS_LLM_GROUP), else a group named `default`, else the only group.
 */
export function resolveGroupName(config: JarvisConfig, group?: string): string {
  const names = Object.keys(config.llm_groups);
  if (names.length === 0) {
    throw new JarvisError(
      'config_missing_model',
      "no model configured: add llm_groups to ~/.jarvis/config.yaml (run 'jarvis config init') or set JARVIS_CONFIG",
    );
  }
  const wanted = group ?? config.default_llm_group;
  if (wanted !== undefined) {
    if (Object.hasOwn(config.llm_groups, wanted)) return wanted;
    throw new JarvisError('config', `unknown llm group '${wanted}': known groups are ${names.join(', ')}`, {
      hint: 'pick one with -g NAME or set default_llm_group',
    });
  }
  if (Object.hasOwn(config.llm_groups, 'default')) return 'default';
  if (names.length === 1) return names[0] as string;
  throw new JarvisError('config', `several llm groups and none chosen: ${names.join(', ')}`, {
    hint: 'set default_llm_group in the config, JARVIS_LLM_GROUP, or pass -g NAME',
  });
}

/** The model for a role in the chosen group; `cheap` falls back to `normal`. */
export function resolveModel(config: JarvisConfig, opts: { group?: string; role: ModelRole }): ModelConfig {
  const group = config.llm_groups[resolveGroupName(config, opts.group)];
  if (!group) throw new JarvisError('internal', 'resolved llm group vanished');
  return opts.role === 'cheap' ? (group.cheap ?? group.normal) : group.normal;
}
