import type { Agent, AgentOptions, AgentResult, AgentStatus, InputHandler } from '../../agent/index.js';
import { recordTranscript, type Platform } from '../../llm/index.js';
import type { TranscriptWriter } from '../../runs/index.js';
import type { ToolRegistry } from '../../tools/index.js';
import { JarvisError, describeError, isJarvisError } from '../../util/errors.js';
import { RouteGuard, type Hop, type StopReason } from './route-guard.js';
import { asTeamMessage, type TeamMessage } from './send-message.js';
import type { TeamAgentDefinition, TeamDefinition } from './team-definition.js';
import { createTeamAgent } from './team-agent.js';
import { afterClearNote, firstLine, handoffRequest, incomingMessage } from './team-prompts.js';

/**
 * A team of agents that hand work to each other (seed 000 §MultiAgent §4-§5). The main agent
 * gets the task; a run that ends with a SEND_MESSAGE payload is routed to its target (built on
 * its first message), with the sender's name and a hand-off summary; a run that ends with text
 * ends the team's run. A message cap and a ping-pong detector stop a team going round in circles.
 */

export interface TeamPlatforms {
  normal: Platform;
  /** hand-off summaries and the agent's own summaries; default `normal` */
  cheap?: Platform;
}

/** Per-agent switches the definition leaves unset (the config's `agent:` section). */
export type AgentDefaults = Pick<
  AgentOptions,
  'executeToolConfirm' | 'needSummary' | 'autoSummaryRounds' | 'toolReminderRounds' | 'toolFilterThreshold' | 'maxInputTokens' | 'autoComplete'
>;

export interface TeamOptions {
  definition: TeamDefinition;
  /** the platforms of an llm group (`undefined`: the run's group); called once per group */
  platforms: (group: string | undefined) => Promise<TeamPlatforms> | TeamPlatforms;
  /** a fresh registry for each agent (its whitelist narrows it); default no tools */
  tools?: () => ToolRegistry;
  root: string;
  transcript?: TranscriptWriter;
  interactive: boolean;
  ask?: (question: string) => Promise<string>;
  confirm?: (question: string, defaultYes: boolean) => Promise<boolean>;
  inputHandlers?: readonly InputHandler[];
  signal?: AbortSignal;
  secretEnvNames?: readonly string[];
  rulesDataDir?: string | false;
  defaults?: AgentDefaults;
  warn?: (message: string) => void;
  /** each agent as it is built (progress display) */
  onAgent?: (agent: Agent) => void;
  /** each message as it is delivered */
  onHop?: (hop: Hop) => void;
}

export interface RouteEntry {
  n: number;
  from: string;
  to: string;
  /** the first line of the content */
  subject: string;
  summary: boolean;
}

export interface TeamResult {
  status: AgentStatus;
  result: string;
  /** the agent whose run ended the team's run */
  finalAgent: string;
  stopReason?: StopReason;
  route: RouteEntry[];
  rounds: number;
  tokens: { input: number; output: number };
  cost: number;
  runId: string;
  error?: { code: string; message: string };
}

/** Every agent's `use_tools` must name known tools; the first that does not is a config error. */
export function checkTeamTools(definition: TeamDefinition, known: readonly string[]): void {
  for (const a of definition.agents) {
    const unknown = (a.use_tools ?? []).filter((n) => !known.includes(n));
    if (unknown.length > 0) {
      throw new JarvisError('config', `team agent ${a.name}: use_tools: unknown tool${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`, {
        hint: `known tools: ${known.join(', ')}`,
      });
    }
  }
}

export class Team {
  readonly definition: TeamDefinition;
  private readonly o: TeamOptions;
  private readonly agents = new Map<string, Agent>();
  private readonly platforms = new Map<string, Promise<TeamPlatforms>>();
  /** who last wrote to each agent: where a helper's reminder points */
  private readonly lastSender = new Map<string, string>();
  private readonly guard: RouteGuard;
  private running: Agent | undefined;
  private original = '';
  private totals = { rounds: 0, input: 0, output: 0, cost: 0 };

  constructor(options: TeamOptions) {
    this.o = options;
    this.definition = options.definition;
    this.guard = new RouteGuard(options.definition.max_messages);
    // a bad whitelist must fail before the run starts, not when the agent is first addressed
    if (options.tools) checkTeamTools(this.definition, options.tools().names());
  }

  /** The agents built so far, by name. */
  get built(): ReadonlyMap<string, Agent> {
    return this.agents;
  }

  /** The agent working now (the main agent between runs, once built). */
  get current(): Agent | undefined {
    return this.running ?? this.agents.get(this.definition.main_agent);
  }

  /** Ctrl-C: goes to the agent working now. */
  interrupt(): void {
    this.running?.interrupt();
  }

  /** Runs the task from the main agent until an agent answers with text or a limit stops it. Never throws. */
  async run(task: string): Promise<TeamResult> {
    this.original = task;
    this.totals = { rounds: 0, input: 0, output: 0, cost: 0 };
    const route: Hop[] = [];
    let current = this.definition.main_agent;
    let input = task;
    for (;;) {
      if (this.o.signal?.aborted) return this.end('interrupted', 'The run was interrupted.', current, route);
      let r: AgentResult;
      let agent: Agent;
      try {
        agent = await this.agent(current);
        this.running = agent;
        r = await agent.run(input);
      } catch (e) {
        const code = isJarvisError(e) ? e.code : 'internal';
        return this.end('failed', `Task failed: ${describeError(e)}`, current, route, undefined, { code, message: describeError(e) });
      } finally {
        this.running = undefined;
      }
      this.add(r);
      const msg = r.status === 'completed' ? asTeamMessage(r.payload) : undefined;
      if (!msg) return this.end(r.status, r.result, current, route, undefined, r.error);

      const hop: Hop = { n: route.length + 1, from: current, to: msg.to, content: msg.content, summary: '' };
      route.push(hop);
      const stop = this.guard.check(route);
      if (stop && !(await this.letGoOn(stop.message))) {
        this.record({ type: 'team_stopped', reason: stop.reason, message: stop.message, hop: hop.n, from: hop.from, to: hop.to });
        route.pop();
        return this.end('incomplete', `The team was stopped: ${stop.message}.`, current, route, stop.reason);
      }
      if (stop) this.guard.extend(route);
      hop.summary = this.agentDef(current).summary_on_send ? await this.handoffSummary(agent, msg) : '';
      if (this.agentDef(current).clear_after_send_message) {
        await agent.clearHistory();
        agent.addAddon(afterClearNote(msg.to, msg.content));
      }
      this.record({ type: 'team_message', hop: hop.n, from: hop.from, to: hop.to, subject: firstLine(msg.content), content: msg.content, summary: hop.summary });
      this.o.onHop?.(hop);
      this.lastSender.set(msg.to, current);
      input = incomingMessage(current, hop.summary, msg.content);
      current = msg.to;
    }
  }

  private agentDef(name: string): TeamAgentDefinition {
    const d = this.definition.agents.find((a) => a.name === name);
    if (!d) throw new JarvisError('internal', `team: no agent ${name}`);
    return d;
  }

  private platformsOf(group: string | undefined): Promise<TeamPlatforms> {
    const key = group ?? '\0run';
    let p = this.platforms.get(key);
    if (!p) {
      p = Promise.resolve(this.o.platforms(group));
      this.platforms.set(key, p);
    }
    return p;
  }

  /** Builds an agent on its first message (seed §4: lazy construction). */
  private async agent(name: string): Promise<Agent> {
    const existing = this.agents.get(name);
    if (existing) return existing;
    const def = this.agentDef(name);
    const platforms = await this.platformsOf(def.llm_group);
    const agent = createTeamAgent({
      team: this.definition,
      def,
      platforms,
      originalQuestion: this.original,
      options: this.o,
      replyTo: () => this.lastSender.get(name),
    });
    this.agents.set(name, agent);
    const isMain = name === this.definition.main_agent;
    this.record({ type: 'team_agent_created', agent: name, main: isMain, platform: platforms.normal.name, model: platforms.normal.model });
    this.o.onAgent?.(agent);
    return agent;
  }

  /** The cheap model condenses the sender's conversation; a failure leaves the summary empty. */
  private async handoffSummary(agent: Agent, msg: TeamMessage): Promise<string> {
    const { cheap, normal } = await this.platformsOf(this.agentDef(agent.name).llm_group);
    const base = cheap ?? normal;
    const platform = this.o.transcript ? recordTranscript(base, this.o.transcript, { agent: agent.name }) : base;
    try {
      const history = agent.session.toChat();
      const r = await platform.chat({
        messages: [...history, { role: 'user', content: handoffRequest(agent.name, msg.to, msg.content) }],
        ...(this.o.signal ? { signal: this.o.signal } : {}),
      });
      this.totals.input += r.usage.inputTokens;
      this.totals.output += r.usage.outputTokens;
      this.totals.cost += r.cost;
      const summary = (r.text ?? '').trim();
      this.record({ type: 'handoff_summary', from: agent.name, to: msg.to, ok: true, chars: summary.length });
      return summary;
    } catch (e) {
      (this.o.warn ?? ((m: string) => process.stderr.write(`warning: ${m}\n`)))(`hand-off summary for ${agent.name} → ${msg.to} failed: ${describeError(e)}; sending without it`);
      this.record({ type: 'handoff_summary', from: agent.name, to: msg.to, ok: false, error: describeError(e) });
      return '';
    }
  }

  /** Interactive runs ask whether to go on past a stop; nobody to ask means stop. */
  private async letGoOn(why: string): Promise<boolean> {
    if (!this.o.interactive || !this.o.confirm) return false;
    try {
      return await this.o.confirm(`The team looks stuck: ${why}. Let the agents go on?`, false);
    } catch {
      return false;
    }
  }

  private add(r: AgentResult): void {
    this.totals.rounds += r.rounds;
    this.totals.input += r.tokens.input;
    this.totals.output += r.tokens.output;
    this.totals.cost += r.cost;
  }

  private record(record: { type: string } & Record<string, unknown>): void {
    try {
      this.o.transcript?.write(record);
    } catch (e) {
      this.o.warn?.(`transcript: ${describeError(e)}`);
    }
  }

  private end(
    status: AgentStatus,
    result: string,
    finalAgent: string,
    route: readonly Hop[],
    stopReason?: StopReason,
    error?: { code: string; message: string },
  ): TeamResult {
    const out: TeamResult = {
      status,
      result,
      finalAgent,
      ...(stopReason ? { stopReason } : {}),
      route: route.map((h) => ({ n: h.n, from: h.from, to: h.to, subject: firstLine(h.content), summary: h.summary !== '' })),
      rounds: this.totals.rounds,
      tokens: { input: this.totals.input, output: this.totals.output },
      cost: this.totals.cost,
      runId: this.o.transcript?.runId ?? this.agents.get(finalAgent)?.runId ?? '',
      ...(error ? { error } : {}),
    };
    this.record({ type: 'team_result', status, final_agent: finalAgent, messages: route.length, ...(stopReason ? { stop_reason: stopReason } : {}), rounds: out.rounds, tokens: out.tokens, cost: out.cost });
    return out;
  }
}
