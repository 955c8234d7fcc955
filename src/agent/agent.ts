import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { newRunId } from '../runs/index.js';
import { recordTranscript } from '../llm/index.js';
import { ToolRegistry } from '../tools/index.js';
import { JarvisError, describeError, isJarvisError } from '../util/index.js';
import { userDataDir } from '../util/config/index.js';
import { attachAnalyzer } from './analyzer.js';
import { currentEnvironment, type EnvironmentInfo } from './environment.js';
import { FilesInPlay, readFirstMessage } from './files-in-play.js';
import { EventBus } from './events.js';
import type { OutputHandler } from './handlers/handler.js';
import { createPatchHandler } from './handlers/patch.js';
import { createRewriteHandler } from './handlers/rewrite.js';
import { createToolCallHandler } from './handlers/tool-call.js';
import { buildSystemPrompt, joinPrompts, loadRules, toolReminder, type RuleFile } from './prompt.js';
import { attachMemory } from './memory/manager.js';
import { attachPlugins } from './plugins.js';
import { eventRecord } from './event-record.js';
import { applyInputHandlers, askForInput, runLoop, type LoopEnd } from './run-loop.js';
import { Runtime, type RuntimeSettings } from './runtime.js';
import { Session, sessionFilePath } from './session.js';
import { attachMethodology } from './methodology/select.js';
import { setupDelegation, type Delegation } from './planner/delegation.js';
import type { AgentOptions, AgentPlace, AgentResult, InputHandler } from './types.js';

/**
 * The agent (docs/agent.md): a thin coordinator over the session, the event bus, the
 * output handlers and the run loop. Apps use it only through this surface: the options,
 * `events.subscribe`, `run()`, `interrupt()` and the session's save/restore.
 */

const DEFAULT_TOOL_TIMEOUT_MS = 600_000;

export class Agent {
  readonly name: string;
  readonly runId: string;
  readonly root: string;
  readonly runDir: string;
  readonly events: EventBus;
  readonly session: Session;
  readonly tools: ToolRegistry;
  readonly handlers: readonly OutputHandler[];
  private readonly rt: Runtime;
  private readonly hardStop = new AbortController();
  /** the caller's stop signal, followed only while the agent works (followCallerSignal) */
  private readonly callerSignal: AbortSignal | undefined;
  private readonly inputHandlers: readonly InputHandler[];
  private readonly rules: RuleFile[];
  private readonly role: string;
  private readonly environment: EnvironmentInfo | undefined;
  /** files named, read or written in this run: globbed rules and the read-before-edit guard */
  readonly filesInPlay: FilesInPlay;
  private first = true;
  private running = false;
  private readonly delegation: Delegation;

  constructor(options: AgentOptions, place?: AgentPlace) {
    this.name = options.name?.trim() || 'Jarvis';
    try {
      this.root = realpathSync(options.root);
    } catch (e) {
      throw new JarvisError('io', `working directory ${options.root} does not exist`, { cause: e });
    }
    if (options.interactive && !options.ask) {
      throw new JarvisError('internal', 'an interactive agent needs an ask callback (the agent never reads stdin itself)');
    }
    const transcript = options.transcript;
    this.runId = place?.runId ?? transcript?.runId ?? newRunId();
    this.runDir = place?.runDir ?? (transcript ? dirname(transcript.path) : join(this.root, '.jarvis', 'runs', this.runId));
    const warn = options.warn ?? ((m: string) => process.stderr.write(`warning: ${m}\n`));

    this.tools = options.tools ?? new ToolRegistry();
    this.handlers = options.actions ?? [createToolCallHandler(this.tools), createPatchHandler(), createRewriteHandler()];
    this.inputHandlers = options.inputHandlers ?? [];
    this.role = options.systemPrompt;
    const dataDir = options.rulesDataDir === false ? undefined : (options.rulesDataDir ?? userDataDir({ env: process.env }));
    this.rules = options.rulesDataDir === false ? [] : loadRules(this.root, dataDir);
    this.environment = options.environment === false ? undefined : (options.environment ?? currentEnvironment(this.root));
    this.filesInPlay = new FilesInPlay(this.root);

    this.events = new EventBus({
      onError: (type, e) => {
        warn(`a ${type} subscriber failed: ${describeError(e)}`);
        this.rt?.record({ type: 'subscriber_error', event: type, message: describeError(e) });
      },
      // a subscriber that fails because the run is being stopped stops the run, as it should
      stopping: () => this.hardStop.signal.aborted,
    });
    if (transcript) this.events.subscribeAll((event) => transcript.write(eventRecord(event)));
    // user_data.files: every file an edit wrote this task (saved with the session)
    this.events.subscribe('after_action', (e) => {
      const written = e.action?.kind === 'edit' ? e.result.data?.written : undefined;
      if (!Array.isArray(written)) return;
      const files = Array.isArray(this.session.userData.files) ? (this.session.userData.files as unknown[]) : [];
      this.session.userData.files = [...files, ...written.filter((f) => !files.includes(f))];
    });
    this.session = new Session();
    this.session.setSystemPrompt(this.systemPrompt());
    this.followFilesInPlay(options.readBeforeEdit === true);

    const tagged = { agent: this.name };
    const platform = transcript ? recordTranscript(options.platform, transcript, tagged) : options.platform;
    const cheap = options.cheapPlatform ?? options.platform;
    const cheapPlatform = transcript ? (cheap === options.platform ? platform : recordTranscript(cheap, transcript, tagged)) : cheap;
    this.callerSignal = options.signal;
    if (options.signal?.aborted) this.hardStop.abort();
    const ask = options.ask;
    const confirm =
      options.confirm ??
      (ask ? async (q: string, yes: boolean) => parseYes(await ask(`${q} ${yes ? '[Y/n]' : '[y/N]'}`), yes) : undefined);

    this.rt = new Runtime({
      settings: resolveSettings(options, this.name),
      runId: this.runId,
      root: this.root,
      runDir: this.runDir,
      platform,
      cheapPlatform,
      tools: this.tools,
      handlers: this.handlers,
      session: this.session,
      events: this.events,
      transcript,
      env: options.env ?? toolEnv(process.env, options.secretEnvNames ?? []),
      stop: this.hardStop.signal,
      ask,
      confirm,
      warn,
      buildSystemPrompt: () => this.systemPrompt(),
    });
    if (options.memory) attachMemory(this.rt, options.memory);
    if (options.useAnalysis) attachAnalyzer(this.rt);
    attachPlugins(this, options.plugins ?? [], warn);
    if (options.methodology) attachMethodology(this.rt, options.methodology);
    this.delegation = setupDelegation(this.rt, options, place?.depth ?? 0, (o, p) => {
      const child = new Agent(o, p);
      this.events.passOn(child.events);
      return child;
    });
  }

  /** Role + where it runs + every handler's usage + the rules that apply, as the model sees it now. */
  systemPrompt(): string {
    return buildSystemPrompt(this.role, this.handlers, this.filesInPlay.activeRules(this.rules), this.environment);
  }

  /**
   * Keeps `filesInPlay` current: a rules file whose globs start to match joins the system
   * prompt before the next model call; with `readBeforeEdit`, an edit to an existing file
   * not read in this run is refused before it runs.
   */
  private followFilesInPlay(readBeforeEdit: boolean): void {
    const refresh = () => {
      const text = this.systemPrompt();
      if (this.session.messages[0]?.content !== text) this.session.setSystemPrompt(text);
    };
    this.events.subscribe('task_started', (e) => {
      this.filesInPlay.noteText(e.userInput);
      refresh();
    });
    this.events.subscribe('after_action', (e) => {
      if (!e.action) return;
      this.filesInPlay.noteAction(e.action, e.result.error !== undefined);
      refresh();
    });
    if (!readBeforeEdit) return;
    this.events.subscribe('before_action', (e) => {
      const unread = this.filesInPlay.unread(e.action);
      return unread.length > 0 ? { deny: readFirstMessage(unread) } : undefined;
    });
  }

  /**
   * Runs a task to its end. Never throws: failures come back as `status: 'failed'` with the
   * message, an abort of `signal` as `interrupted`.
   */
  async run(task: string): Promise<AgentResult> {
    if (this.running) throw new JarvisError('internal', `agent ${this.name} is already running`);
    this.running = true;
    const unfollow = this.followCallerSignal();
    const rt = this.rt;
    rt.tokens = { input: 0, output: 0 };
    rt.cost = 0;
    rt.rounds = 0;
    let rounds: number;
    let end: LoopEnd;
    try {
      rt.task = task;
      await rt.emit('task_started', { name: this.name, description: this.rt.p.settings.description, userInput: task });
      const input = await applyInputHandlers(rt, task, this.inputHandlers);
      this.session.prompt = joinPrompts(this.session.prompt, input);
      if (this.session.prompt.trim() === '' && !rt.p.settings.interactive) {
        throw new JarvisError('usage', 'the task is empty', { hint: 'give the task text, e.g. jarvis -T "…"' });
      }
      if (this.session.prompt.trim() === '') {
        // interactive with nothing to send yet (an empty task, or an input command): ask first
        const more = await askForInput(rt, this.inputHandlers);
        if (more === undefined) throw new JarvisError('usage', 'no task was given');
        if (more === '') return this.finishRun({ status: 'completed', result: 'Nothing to do.' }, 0);
        this.session.prompt = more;
      }
      await this.delegation.maybePlan();
      const r = await runLoop(rt, { inputHandlers: this.inputHandlers, first: this.first });
      this.first = false;
      rounds = r.rounds;
      end = r.end;
    } catch (e) {
      if (this.hardStop.signal.aborted) end = { status: 'interrupted', result: 'The run was interrupted.' };
      else {
        const code = isJarvisError(e) ? e.code : 'internal';
        const message = describeError(e);
        const hint = isJarvisError(e) ? e.hint : undefined;
        end = { status: 'failed', result: `Task failed: ${message}`, error: { code, message, ...(hint ? { hint } : {}) } };
      }
      rounds = rt.rounds;
    } finally {
      unfollow();
      this.running = false;
      rt.interruptRequested = false;
    }
    return this.finishRun(end, rounds);
  }

  /**
   * Stops this agent when the caller's signal aborts, for as long as it works; returns the
   * unlink. Many agents share one signal (one per batch in jsec agent, one per sub-task): a
   * listener kept for an agent's whole life would pile up on it with every agent created.
   */
  private followCallerSignal(): () => void {
    const signal = this.callerSignal;
    if (!signal) return () => undefined;
    if (signal.aborted) {
      this.hardStop.abort();
      return () => undefined;
    }
    const onAbort = () => this.hardStop.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    return () => signal.removeEventListener('abort', onAbort);
  }

  private finishRun(end: LoopEnd, rounds: number): AgentResult {
    const rt = this.rt;
    const result: AgentResult = { ...end, rounds, tokens: { ...rt.tokens }, cost: rt.cost, runId: this.runId };
    rt.record({ type: 'run_result', status: result.status, rounds, tokens: result.tokens, cost: result.cost, ...(end.error ? { error: end.error } : {}) });
    return result;
  }

  /**
   * Ctrl-C. Interactive: the current reply or tool stops and the person is asked what to do
   * (docs/agent.md, "Interrupts"). Non-interactive: the run stops with status `interrupted`.
   */
  interrupt(): void {
    if (this.rt.p.settings.interactive && this.rt.p.ask) {
      this.rt.requestInterrupt();
    } else {
      this.hardStop.abort();
    }
  }

  /**
   * Summarises the conversation with the cheap model, clears it, re-applies the system prompt
   * and carries the summary into the next message, with the summary and history-clear events
   * (the `'<Summary>'` input command). Returns the carried text.
   */
  async summarizeAndClear(): Promise<string> {
    const unfollow = this.followCallerSignal();
    const carry = await this.rt.summarizeAndReset('requested').finally(unfollow);
    this.session.addonPrompt = joinPrompts(carry, this.session.addonPrompt);
    return carry;
  }

  /** Drops the conversation, keeping the system prompt, with the history-clear events. */
  async clearHistory(): Promise<void> {
    await this.rt.emit('before_history_clear', {});
    this.session.clearHistory();
    this.session.setSystemPrompt(this.systemPrompt());
    await this.rt.emit('after_history_clear', {});
  }

  /** Appends a record to the run's transcript, named by this agent (no-op without a transcript). */
  record(record: { type: string } & Record<string, unknown>): void {
    this.rt.record(record);
  }

  /** Joins text once to the next message to the model. */
  addAddon(text: string): void {
    this.session.addonPrompt = joinPrompts(this.session.addonPrompt, text);
  }

  /** Tokens and cost of this agent's model calls so far (a caller's budget may stop it mid-run). */
  usage(): { tokens: { input: number; output: number }; cost: number } {
    return { tokens: { ...this.rt.tokens }, cost: this.rt.cost };
  }

  /** How to act, as the periodic reminder tells the model. */
  toolUsage(): string {
    return toolReminder(this.handlers);
  }

  /** `.jarvis/saved_session_{agent}_{platform}_{model}.json` for this agent and model. */
  sessionFile(): string {
    return sessionFilePath(this.root, this.name, this.rt.p.platform.name, this.rt.p.platform.model);
  }

  /** Saves the conversation; returns the file. */
  saveSession(): string {
    const file = this.sessionFile();
    this.session.saveTo(file, { agent: this.name, platform: this.rt.p.platform.name, model: this.rt.p.platform.model });
    return file;
  }

  /**
   * Takes over another agent's conversation (the REPL after '<ReloadConfig>' builds a new agent
   * from the new configuration): its messages after the system prompt, which stays this one's.
   */
  continueFrom(other: Agent): void {
    for (const m of other.session.messages) if (m.kind !== 'system') this.session.add(m.role, m.content, m.kind, m.label);
    this.session.userData = { ...other.session.userData };
    this.first = other.first;
  }

  /** Restores a saved conversation and deletes its file; false when there is none. */
  restoreSession(): boolean {
    if (!this.session.restoreFrom(this.sessionFile())) return false;
    // the saved system prompt may predate new rules or tools: the current one wins
    this.session.setSystemPrompt(this.systemPrompt());
    this.first = false;
    return true;
  }
}

function resolveSettings(o: AgentOptions, name: string): RuntimeSettings {
  const envReminder = Number(process.env.JARVIS_TOOL_REMINDER_ROUNDS);
  // the marker ends the task when the caller says so, and by default only when nobody can end it by hand
  const autoComplete = o.autoComplete ?? !o.interactive;
  return {
    name,
    description: o.description ?? '',
    interactive: o.interactive,
    autoComplete,
    executeToolConfirm: o.executeToolConfirm ?? false,
    maxInputTokens: o.maxInputTokens,
    autoSummaryRounds: o.autoSummaryRounds ?? 20,
    toolReminderRounds: o.toolReminderRounds ?? (Number.isInteger(envReminder) && envReminder > 0 ? envReminder : 20),
    toolFilterThreshold: o.toolFilterThreshold ?? 30,
    needSummary: o.needSummary ?? true,
    summaryPrompt: o.summaryPrompt ?? '',
    allowOutsideRoot: o.allowOutsideRoot ?? false,
    toolTimeoutMs: o.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
    earlyStop: o.earlyStop ?? true,
    maxIdleReprompts: o.maxIdleReprompts ?? 3,
    ...(o.modelSettings ? { modelSettings: o.modelSettings } : {}),
  };
}

/** Tools get the environment without the variables that hold model API keys. */
function toolEnv(env: NodeJS.ProcessEnv, secrets: readonly string[]): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const k of secrets) delete out[k];
  return out;
}

function parseYes(answer: string, defaultYes: boolean): boolean {
  const a = answer.trim().toLowerCase();
  if (a === '') return defaultYes;
  return a === 'y' || a === 'yes';
}
