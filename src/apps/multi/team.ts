import type { Agent, AgentFactory, AgentResult, AgentStatus } from '../../agent/index.js';
import { recordTranscript } from '../../llm/index.js';
import { JarvisError, describeError, isJarvisError } from '../../util/index.js';
import { RouteGuard, type Hop, type StopReason } from './route-guard.js';
import { asTeamMessage, type TeamMessage } from './send-message.js';
import type { TeamAgentDefinition, TeamDefinition } from './team-definition.js';
import { createTeamAgent } from './team-agent.js';
import { afterClearNote, firstLine, handoffRequest, incomingMessage } from './team-prompts.js';

/**
 * A team of agents that hand work to each other (docs/multi-agent.md). The main agent
 * gets the task; a run that ends with a SEND_MESSAGE payload is routed to its target (built on
 * its first message), with the sender's name and a hand-off summary; a run that ends with text
 * ends the team's run. A message cap and a ping-pong detector stop a team going round in circles.
 */

export interface TeamOptions {
  definition: TeamDefinition;
  /** builds each member (with its model group and tools) and says where records go and who answers */
  agents: AgentFactory;
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

/** Every agent's `use_tools` must name tools the factory offers; the first that does not is a config error. */
export function checkTeamTools(definition: TeamDefinition, agents: AgentFactory): void {
  for (const a of definition.agents) if (a.use_tools) agents.checkTools(a.use_tools, `team agent ${a.name}: use_tools`);
}

export class Team {
  readonly definition: TeamDefinition;
  private readonly o: TeamOptions;
  private readonly agents = new Map<string, Agent>();
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
    checkTeamTools(this.definition, options.agents);
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
      if (this.o.agents.run.signal?.aborted) return this.end('interrupted', 'The run was interrupted.', current, route);
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

  /** Builds an agent on its first message (lazily: an agent nobody writes to is never built). */
  private async agent(name: string): Promise<Agent> {
    const existing = this.agents.get(name);
    if (existing) return existing;
    const def = this.agentDef(name);
    const models = await this.o.agents.models(def.llm_group);
    const agent = await createTeamAgent({
      team: this.definition,
      def,
      agents: this.o.agents,
      originalQuestion: this.original,
      replyTo: () => this.lastSender.get(name),
    });
    this.agents.set(name, agent);
    const isMain = name === this.definition.main_agent;
    this.record({ type: 'team_agent_created', agent: name, main: isMain, platform: models.normal.name, model: models.normal.model });
    this.o.onAgent?.(agent);
    return agent;
  }

  /** The cheap model condenses the sender's conversation; a failure leaves the summary empty. */
  private async handoffSummary(agent: Agent, msg: TeamMessage): Promise<string> {
    const { cheap, normal } = await this.o.agents.models(this.agentDef(agent.name).llm_group);
    const base = cheap ?? normal;
    const transcript = this.o.agents.run.transcript;
    const platform = transcript ? recordTranscript(base, transcript, { agent: agent.name }) : base;
    const signal = this.o.agents.run.signal;
    try {
      const history = agent.session.toChat();
      const r = await platform.chat({
        messages: [...history, { role: 'user', content: handoffRequest(agent.name, msg.to, msg.content) }],
        ...(signal ? { signal } : {}),
      });
      this.totals.input += r.usage.inputTokens;
      this.totals.output += r.usage.outputTokens;
      this.totals.cost += r.cost;
      const summary = (r.text ?? '').trim();
      this.record({ type: 'handoff_summary', from: agent.name, to: msg.to, ok: true, chars: summary.length });
      return summary;
    } catch (e) {
      (this.o.agents.run.warn ?? ((m: string) => process.stderr.write(`warning: ${m}\n`)))(`hand-off summary for ${agent.name} → ${msg.to} failed: ${describeError(e)}; sending without it`);
      this.record({ type: 'handoff_summary', from: agent.name, to: msg.to, ok: false, error: describeError(e) });
      return '';
    }
  }

  /** Interactive runs ask whether to go on past a stop; nobody to ask means stop. */
  private async letGoOn(why: string): Promise<boolean> {
    const { interactive, confirm } = this.o.agents.run;
    if (!interactive || !confirm) return false;
    try {
      return await confirm(`The team looks stuck: ${why}. Let the agents go on?`, false);
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
      this.o.agents.run.transcript?.write(record);
    } catch (e) {
      this.o.agents.run.warn?.(`transcript: ${describeError(e)}`);
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
      runId: this.o.agents.run.transcript?.runId ?? this.agents.get(finalAgent)?.runId ?? '',
      ...(error ? { error } : {}),
    };
    this.record({ type: 'team_result', status, final_agent: finalAgent, messages: route.length, ...(stopReason ? { stop_reason: stopReason } : {}), rounds: out.rounds, tokens: out.tokens, cost: out.cost });
    return out;
  }
}
