import type { Platform } from '../llm/index.js';
import type { TranscriptWriter } from '../runs/index.js';
import { MEMORY_TOOL_NAMES, ToolRegistry, type Tool } from '../tools/index.js';
import { JarvisError } from '../util/index.js';
import { Agent } from './agent.js';
import type { OutputHandler } from './handlers/handler.js';
import { createPatchHandler } from './handlers/patch.js';
import { createRewriteHandler } from './handlers/rewrite.js';
import { createToolCallHandler } from './handlers/tool-call.js';
import type { MemorySettings } from './memory/manager.js';
import type { MethodologySettings } from './methodology/select.js';
import type { AfterToolCallPlugin } from './plugins.js';
import type { AgentOptions, InputHandler } from './types.js';

/**
 * The one way agents are built (docs/agent.md, "Building agents"): `jarvis`, team members,
 * `jca`, `jsec agent` and `jc2r optimize` all ask an AgentFactory for theirs. The kit holds
 * what the configuration provides to every agent of a run (models by group, the tools with
 * MCP servers and tool modules, memory, methodology, plugins, the config's switches); the run
 * binding says where records go and who answers; a spec says what one agent is. So every
 * agent gets the configured extensions the same way, and a caller chooses only its role,
 * tools, models and adapters.
 */

/** The models of one llm group: the normal one, and the cheap one for summaries and tool filtering. */
export interface ModelPair {
  normal: Platform;
  cheap?: Platform;
}

/** The config's `agent:` switches: defaults for every agent of the run. */
export type AgentSwitches = Pick<
  AgentOptions,
  | 'autoComplete'
  | 'executeToolConfirm'
  | 'needSummary'
  | 'summaryPrompt'
  | 'autoSummaryRounds'
  | 'toolReminderRounds'
  | 'toolFilterThreshold'
  | 'maxInputTokens'
  | 'allowOutsideRoot'
  | 'earlyStop'
  | 'maxIdleReprompts'
  | 'toolTimeoutMs'
  | 'modelSettings'
  | 'readBeforeEdit'
>;

/** What every agent of a run is built from (openAgentKit makes one from the configuration). */
export interface AgentKit {
  /** the working root: tools and edits resolve paths from it, `.jarvis/` lives here */
  root: string;
  /** the models of a group (`undefined`: the run's group); the factory asks once per group */
  models(group: string | undefined): Promise<ModelPair> | ModelPair;
  /** every tool an agent may be given (built-ins, memory, MCP, tool modules); each agent gets its own registry */
  tools(): readonly Tool[];
  /**
   * Named sets of those tools, for whitelists built from kinds rather than names: `builtin`,
   * `memory`, `methodology`, `web` (search_web), `mcp` (the servers' tools), `modules` (the
   * user's tool modules).
   */
  groups?: Readonly<Record<string, readonly string[]>>;
  defaults?: AgentSwitches;
  memory?: MemorySettings;
  /** reflect on a task when it completes (config `agent.use_analysis`) */
  analysis?: boolean;
  methodology?: MethodologySettings;
  plugins?: readonly AfterToolCallPlugin[];
  /** how deep planned sub-tasks and helpers nest (config `agent.plan_max_depth`) */
  planMaxDepth?: number;
  /** `false`: no rules files (tests); default the agent's (`$JARVIS_DATA_DIR`, the project) */
  rulesDataDir?: string | false;
  /** env vars holding secrets: never passed to tools, redacted in records */
  secretEnvNames?: readonly string[];
}

/** What the agents of one run share: where records go, who answers, how to stop. */
export interface AgentRunBinding {
  transcript?: TranscriptWriter;
  /** false: nobody is asked anything */
  interactive: boolean;
  ask?: (question: string) => Promise<string>;
  confirm?: (question: string, defaultYes: boolean) => Promise<boolean>;
  /** what the person types passes these first (the CLI's input commands) */
  inputHandlers?: readonly InputHandler[];
  /** aborting it stops every agent of the run */
  signal?: AbortSignal;
  /** notices for the person; default stderr */
  warn?: (message: string) => void;
}

/** Which tools one agent gets. */
export interface ToolChoice {
  /** a whitelist of names (the kit's tools and `own`); default all of them */
  use?: readonly string[];
  /** tools of this agent's own; one named like a kit tool replaces it (a policed `execute_script`) */
  own?: readonly Tool[];
  /** names where the whitelist came from in errors, e.g. `agent definition a.yaml: use_tools` */
  source?: string;
}

/** The kit's extensions an agent takes: memory, analysis, methodology and plugins default on, the rest off. */
export interface AgentFeatures {
  memory?: boolean;
  analysis?: boolean;
  methodology?: boolean;
  plugins?: boolean;
  /** the user's and the project's rules files */
  rules?: boolean;
  /** a planner splits each task into sub-tasks first */
  plan?: boolean;
  /** the `sub_agent` tool */
  subAgent?: boolean;
}

/** One agent: what it is for, what it may use, how it talks. */
export interface AgentSpec {
  /** default `Jarvis`; names the saved session file, the prompt and its transcript records */
  name?: string;
  description?: string;
  /** the role: what the agent is for; action usage and rules are added to it */
  role: string;
  /** the model group (default the run's) and which of its models this agent talks to (default normal) */
  model?: { group?: string; use?: 'normal' | 'cheap' };
  /** `'none'`: no tools and no TOOL_CALL action */
  tools?: ToolChoice | 'none';
  /** where this agent works, when not the kit's root (a scanned directory, a crate) */
  root?: string;
  /** PATCH and REWRITE (default true) */
  edits?: boolean;
  /** output adapters after TOOL_CALL and the edits: SEND_MESSAGE, an answer block, EDIT */
  actions?: readonly OutputHandler[];
  /** input adapters; default the run's */
  input?: readonly InputHandler[];
  /** `false`: this agent never asks, even in an interactive run */
  interactive?: false;
  /** over the kit's defaults; an undefined value keeps the default */
  switches?: AgentSwitches;
  features?: AgentFeatures;
  /** notices of this agent; default the run's */
  warn?: (message: string) => void;
}

export class AgentFactory {
  private readonly groups = new Map<string, Promise<ModelPair>>();

  constructor(
    readonly kit: AgentKit,
    readonly run: AgentRunBinding,
  ) {}

  /** The models of a group, created once and shared by its agents (a scripted model then serves replies in call order). */
  models(group?: string): Promise<ModelPair> {
    const key = group ?? '\0run';
    let p = this.groups.get(key);
    if (!p) {
      p = Promise.resolve(this.kit.models(group));
      this.groups.set(key, p);
    }
    return p;
  }

  /** Names of the tools an agent may be given. */
  toolNames(): string[] {
    return this.kit.tools().map((t) => t.name);
  }

  /** The names in one of the kit's tool groups (empty for a group it does not have). */
  toolGroup(name: string): string[] {
    return [...(this.kit.groups?.[name] ?? [])];
  }

  /** A whitelist naming a tool nobody offers is a configuration error (before anything runs). */
  checkTools(names: readonly string[], source = 'use_tools', own: readonly Tool[] = []): void {
    const known = [...new Set([...this.toolNames(), ...own.map((t) => t.name)])];
    const unknown = names.filter((n) => !known.includes(n));
    if (unknown.length > 0) {
      throw new JarvisError('config', `${source}: unknown tool${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`, {
        hint: `known tools: ${known.join(', ')}`,
      });
    }
  }

  async create(spec: AgentSpec): Promise<Agent> {
    const { kit, run } = this;
    const f = spec.features ?? {};
    const models = await this.models(spec.model?.group);
    const cheap = models.cheap ?? models.normal;
    const platform = spec.model?.use === 'cheap' ? cheap : models.normal;
    const tools = this.registry(spec.tools, f.memory !== false);
    const interactive = spec.interactive === false ? false : run.interactive;
    // a switch the spec leaves undefined keeps the kit's default
    const switches = { ...kit.defaults, ...definedOnly(spec.switches ?? {}) };
    const actions: OutputHandler[] = [
      ...(spec.tools === 'none' ? [] : [createToolCallHandler(tools)]),
      ...(spec.edits === false ? [] : [createPatchHandler(), createRewriteHandler()]),
      ...(spec.actions ?? []),
    ];
    const warn = spec.warn ?? run.warn;
    const agent = new Agent({
      ...switches,
      // the marker ends the task when asked to, and always when nobody can end it by hand;
      // an agent that must never end it (a team's helper) says false in its own switches
      autoComplete: spec.switches?.autoComplete ?? ((kit.defaults?.autoComplete ?? false) || !interactive),
      ...(spec.name ? { name: spec.name } : {}),
      ...(spec.description ? { description: spec.description } : {}),
      systemPrompt: spec.role,
      platform,
      cheapPlatform: cheap,
      tools,
      actions,
      root: spec.root ?? kit.root,
      ...(run.transcript ? { transcript: run.transcript } : {}),
      interactive,
      ...(interactive && run.ask ? { ask: run.ask } : {}),
      ...(interactive && run.confirm ? { confirm: run.confirm } : {}),
      inputHandlers: spec.input ?? run.inputHandlers ?? [],
      ...(run.signal ? { signal: run.signal } : {}),
      secretEnvNames: kit.secretEnvNames ?? [],
      ...(warn ? { warn } : {}),
      ...(f.rules === false ? { rulesDataDir: false } : kit.rulesDataDir !== undefined ? { rulesDataDir: kit.rulesDataDir } : {}),
      ...(kit.memory && f.memory !== false ? { memory: kit.memory } : {}),
      ...(kit.analysis && f.analysis !== false ? { useAnalysis: true } : {}),
      ...(kit.methodology && f.methodology !== false ? { methodology: kit.methodology } : {}),
      ...(f.plan ? { plan: true } : {}),
      ...(f.subAgent ? { subAgent: true } : {}),
      ...(kit.planMaxDepth !== undefined ? { planMaxDepth: kit.planMaxDepth } : {}),
      // plugins are after_action observers of this agent and of the helpers it starts
      ...(kit.plugins && f.plugins !== false ? { plugins: kit.plugins } : {}),
    });
    return agent;
  }

  /** The agent's own registry: the kit's tools, its own ones over them, narrowed to its whitelist. */
  private registry(choice: ToolChoice | 'none' | undefined, memory: boolean): ToolRegistry {
    if (choice === 'none') return new ToolRegistry();
    const own = choice?.own ?? [];
    const ownNames = new Set(own.map((t) => t.name));
    const kitTools = this.kit.tools().filter((t) => !ownNames.has(t.name) && (memory || !(MEMORY_TOOL_NAMES as readonly string[]).includes(t.name)));
    const registry = new ToolRegistry([...kitTools, ...own]);
    if (choice?.use) {
      this.checkTools(choice.use, choice.source, own);
      registry.use(choice.use);
    }
    return registry;
  }
}

/** The switches an agent or team definition file may set, as the files spell them. */
export interface DefinitionSwitches {
  execute_tool_confirm?: boolean;
  need_summary?: boolean;
  summary_prompt?: string;
  auto_summary_rounds?: number;
  tool_reminder_rounds?: number;
  max_input_tokens?: number;
  allow_outside_root?: boolean;
  early_stop?: boolean;
}

/** A definition file's switches as an agent's; unset ones keep the run's defaults. `auto_complete` is the caller's: its rule differs. */
export function definitionSwitches(d: DefinitionSwitches): AgentSwitches {
  return {
    executeToolConfirm: d.execute_tool_confirm,
    needSummary: d.need_summary,
    summaryPrompt: d.summary_prompt,
    autoSummaryRounds: d.auto_summary_rounds,
    toolReminderRounds: d.tool_reminder_rounds,
    maxInputTokens: d.max_input_tokens,
    allowOutsideRoot: d.allow_outside_root,
    earlyStop: d.early_stop,
  };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
