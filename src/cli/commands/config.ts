import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { JarvisError, isJarvisError, writeFileAtomicSync, colors, formatTable } from '../../util/index.js';
import { loadConfig, loadEffectiveConfig, resolveGroupName, userDataDir, type LoadedEffectiveConfig, isSecretKey, REDACTED, redactSecrets, configTemplate, valueAt } from '../../util/config/index.js';
import { addLlmGroupOption, configFlagsFrom } from '../llm-options.js';

/** `jarvis config show|init`. */
export function registerConfigCommand(program: Command): void {
  const config = program.command('config').description('show or create the configuration');

  addLlmGroupOption(
    config
      .command('show')
      .description('print the effective configuration (secrets redacted) and where each value came from')
      .option('--json', 'machine-readable output'),
  ).action((opts: { json?: boolean; llmGroup?: string }) => {
    const loaded = loadEffectiveConfig({ cwd: process.cwd(), env: process.env, flags: configFlagsFrom(opts) });
    process.stdout.write(opts.json ? `${JSON.stringify(showJson(loaded, opts.llmGroup), null, 2)}\n` : showText(loaded, opts.llmGroup));
  });

  config
    .command('init')
    .description('write a commented config template (.jarvis/config.yaml, or ~/.jarvis/config.yaml with --global)')
    .option('--global', 'write the user file in the data directory instead of the project file')
    .option('--force', 'overwrite an existing file')
    .action((opts: { global?: boolean; force?: boolean }) => {
      const path = initTarget(Boolean(opts.global));
      if (existsSync(path) && !opts.force) {
        throw new JarvisError('config', `${path} already exists`, { hint: 'pass --force to overwrite it' });
      }
      const text = configTemplate();
      // The template must be loadable as written; a failure here is a bug, not a user error.
      loadConfig({ files: [{ path, text, origin: opts.global ? 'user' : 'project' }], env: {} });
      writeFileAtomicSync(path, text);
      process.stdout.write(`wrote ${relative(process.cwd(), path) || path}\n`);
      process.stdout.write(
        "next: export the API key variables it names (DEEPSEEK_API_KEY, ANTHROPIC_API_KEY), then run 'jarvis config show'\n",
      );
    });
}

function initTarget(global: boolean): string {
  if (global) return join(userDataDir({ env: process.env }), 'config.yaml');
  // Write at the repository root so every subdirectory finds it; outside a repository, here.
  let dir = resolve(process.cwd());
  for (;;) {
    if (existsSync(join(dir, '.git'))) return join(dir, '.jarvis', 'config.yaml');
    const parent = dirname(dir);
    if (parent === dir) return join(process.cwd(), '.jarvis', 'config.yaml');
    dir = parent;
  }
}

interface ModelLine {
  role: 'normal' | 'cheap';
  group?: string;
  platform?: string;
  model?: string;
  error?: string;
}

function modelLines(loaded: LoadedEffectiveConfig, group: string | undefined): ModelLine[] {
  let name: string;
  try {
    name = resolveGroupName(loaded.config, group);
  } catch (e) {
    // An explicit -g naming no group is the user's mistake; anything else is worth showing, not failing.
    if (group !== undefined && isJarvisError(e) && e.code === 'config') throw e;
    const error = isJarvisError(e) ? e.message : String(e);
    return [{ role: 'normal', error }];
  }
  const g = loaded.config.llm_groups[name];
  return (['normal', 'cheap'] as const).map((role) => {
    const m = role === 'cheap' ? (g?.cheap ?? g?.normal) : g?.normal;
    return { role, group: name, platform: m?.platform, model: m?.model };
  });
}

function envStatus(name: string): 'set' | 'not set' {
  return process.env[name] ? 'set' : 'not set';
}

function displayValue(key: string, value: unknown): string {
  const last = key.split('.').pop() ?? key;
  if (isSecretKey(last)) return REDACTED;
  if (/_env$/.test(last) && typeof value === 'string') return `${value} (${envStatus(value)})`;
  if (typeof value === 'string') return value;
  return JSON.stringify(redactSecrets(value));
}

function showText(loaded: LoadedEffectiveConfig, group: string | undefined): string {
  const out: string[] = [];
  const files = loaded.files.map((f) => `${f.display ?? f.path} (${f.origin === 'explicit' ? 'JARVIS_CONFIG' : f.origin})`);
  out.push(`${colors.bold('files:')} ${files.length > 0 ? files.join(', ') : 'none (defaults only)'}`);
  for (const m of modelLines(loaded, group)) {
    if (m.error) out.push(`${colors.bold('model:')} ${m.error}`);
    else out.push(`${colors.bold(`${m.role}:`.padEnd(7))} group ${m.group}: ${m.platform}${m.model ? ` ${m.model}` : ''}`);
  }
  const rows = Object.keys(loaded.sources)
    .sort()
    .map((key) => [key, displayValue(key, valueAt(loaded.config, key.split('.'))), loaded.sources[key]?.label ?? '']);
  out.push('', formatTable([['key', 'value', 'source'], ...rows]), '');
  return out.join('\n');
}

function showJson(loaded: LoadedEffectiveConfig, group: string | undefined): unknown {
  const envVars: Record<string, 'set' | 'not set'> = {};
  for (const key of Object.keys(loaded.sources)) {
    const v = valueAt(loaded.config, key.split('.'));
    if (/_env$/.test(key) && typeof v === 'string') envVars[v] = envStatus(v);
  }
  return {
    files: loaded.files.map((f) => ({ path: f.path, origin: f.origin })),
    models: modelLines(loaded, group),
    config: redactSecrets(loaded.config),
    sources: Object.fromEntries(Object.entries(loaded.sources).map(([k, s]) => [k, s.label])),
    env: envVars,
  };
}
