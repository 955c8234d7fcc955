import { JarvisError } from '../errors.js';

/**
 * Configuration values a user can set without a file: from `JARVIS_*` environment variables and,
 * for the ones a command line offers, from flags. One table, so `config show`, the docs and the
 * loader agree on names.
 */

/** Flag values as the CLI passes them in (commander's camelCase option names). */
export interface ConfigFlags {
  /** `-g, --llm-group` */
  llmGroup?: string;
  /** `--non-interactive` */
  nonInteractive?: boolean;
  /** `--plan` */
  plan?: boolean;
  /** `--data-dir` */
  dataDir?: string;
  /** `-G, --tool-group` */
  toolGroup?: string;
  /** `-f, --config`: this file instead of the user and project files (read by loadEffectiveConfig) */
  configFile?: string;
}

type Kind = 'string' | 'boolean' | 'integer';

export interface ConfigOverride {
  key: string;
  env: string;
  kind: Kind;
  flag?: { prop: keyof ConfigFlags; name: string };
}

export const CONFIG_OVERRIDES: readonly ConfigOverride[] = [
  { key: 'default_llm_group', env: 'JARVIS_LLM_GROUP', kind: 'string', flag: { prop: 'llmGroup', name: '--llm-group' } },
  { key: 'default_tool_group', env: 'JARVIS_TOOL_GROUP', kind: 'string', flag: { prop: 'toolGroup', name: '--tool-group' } },
  { key: 'data_dir', env: 'JARVIS_DATA_DIR', kind: 'string', flag: { prop: 'dataDir', name: '--data-dir' } },
  {
    key: 'agent.non_interactive',
    env: 'JARVIS_NON_INTERACTIVE',
    kind: 'boolean',
    flag: { prop: 'nonInteractive', name: '--non-interactive' },
  },
  { key: 'agent.plan', env: 'JARVIS_PLAN', kind: 'boolean', flag: { prop: 'plan', name: '--plan' } },
  { key: 'agent.plan_max_depth', env: 'JARVIS_PLAN_MAX_DEPTH', kind: 'integer' },
  { key: 'agent.max_input_tokens', env: 'JARVIS_MAX_INPUT_TOKEN_COUNT', kind: 'integer' },
  { key: 'agent.auto_summary_rounds', env: 'JARVIS_AUTO_SUMMARY_ROUNDS', kind: 'integer' },
  { key: 'agent.tool_reminder_rounds', env: 'JARVIS_TOOL_REMINDER_ROUNDS', kind: 'integer' },
  { key: 'agent.execute_tool_confirm', env: 'JARVIS_EXECUTE_TOOL_CONFIRM', kind: 'boolean' },
];

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

function parseEnvValue(o: ConfigOverride, raw: string): unknown {
  const v = raw.trim();
  if (o.kind === 'string') return v;
  if (o.kind === 'boolean') {
    const lower = v.toLowerCase();
    if (TRUE.has(lower)) return true;
    if (FALSE.has(lower)) return false;
    throw new JarvisError('config', `config error: env ${o.env}: expected 1/true/yes or 0/false/no, got "${v}"`);
  }
  if (!/^-?\d+$/.test(v)) {
    throw new JarvisError('config', `config error: env ${o.env}: expected an integer, got "${v}"`);
  }
  return Number(v);
}

/** One value from the environment or a flag, with the variable or flag it came from. */
export interface OverrideEntry {
  key: string;
  value: unknown;
  /** `JARVIS_X` or `--x` */
  name: string;
}

/** The environment layer: every set, non-empty variable of the table, parsed to its key's type. */
export function envEntries(env: NodeJS.ProcessEnv): OverrideEntry[] {
  const out: OverrideEntry[] = [];
  for (const o of CONFIG_OVERRIDES) {
    const raw = env[o.env];
    if (raw === undefined || raw.trim() === '') continue;
    out.push({ key: o.key, value: parseEnvValue(o, raw), name: o.env });
  }
  return out;
}

/** The flag layer: every flag the CLI passed. */
export function flagEntries(flags: ConfigFlags): OverrideEntry[] {
  const out: OverrideEntry[] = [];
  for (const o of CONFIG_OVERRIDES) {
    if (!o.flag) continue;
    const value = flags[o.flag.prop];
    if (value !== undefined) out.push({ key: o.key, value, name: o.flag.name });
  }
  return out;
}
