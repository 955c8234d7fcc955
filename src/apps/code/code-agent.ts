import {
  Agent,
  createPatchHandler,
  createRewriteHandler,
  createToolCallHandler,
  type AgentOptions,
  type AgentResult,
  type InputHandler,
  type OutputHandler,
} from '../../agent/index.js';
import type { Platform } from '../../llm/platform.js';
import type { TranscriptWriter } from '../../runs/index.js';
import { builtinTools, ToolRegistry } from '../../tools/index.js';
import { ChangeTracker } from './after-action.js';
import { createJsonEditHandler } from './json-edit/handler.js';
import { checkersFor, runLint } from './lint.js';
import { CODE_ENGINEER_ROLE } from './prompt.js';
import { codeToolWhitelist } from './tool-whitelist.js';
import type { VerifyPlan } from './verify/detect.js';
import { formatDiagnostic, MAX_ITEMS } from './verify/feedback.js';

/**
 * The code agent: a general Agent with the code engineer's role, the code tools, and jca's
 * after-action work subscribed to its actions; then the verify loop around `run()`:
 * a baseline check first, and when the model stops while verification still fails, the
 * failure goes back to it until green or `maxIterations`.
 */

export type EditFormat = 'patch' | 'json';

export interface CodeAgentOptions {
  root: string;
  platform: Platform;
  cheapPlatform?: Platform;
  transcript?: TranscriptWriter;
  runId?: string;
  interactive: boolean;
  ask?: (question: string) => Promise<string>;
  confirm?: (question: string, defaultYes: boolean) => Promise<boolean>;
  /** the registry to whitelist from (default: the built-in tools) */
  tools?: ToolRegistry;
  appendTools?: readonly string[];
  editFormat?: EditFormat;
  prefix?: string;
  suffix?: string;
  plan: VerifyPlan;
  maxIterations?: number;
  lint?: boolean;
  env?: NodeJS.ProcessEnv;
  secretEnvNames?: readonly string[];
  signal?: AbortSignal;
  rulesDataDir?: string | false;
  /** run on the task and on the person's answers (the CLI's built-in commands: '<SaveSession>', '!cmd', …) */
  inputHandlers?: readonly InputHandler[];
  /** progress for the person (previews, commits, verify results) */
  print?: (text: string) => void;
  warn?: (message: string) => void;
  /** what the agent core adds from configuration: memory, analysis, plugins, planning, sub-agents */
  agentExtras?: Pick<AgentOptions, 'memory' | 'useAnalysis' | 'afterToolCall' | 'plan' | 'planMaxDepth' | 'subAgent'>;
}

export type VerifyState = 'green' | 'red' | 'none';

export interface CodeRunResult {
  agent: AgentResult;
  verify: VerifyState;
  iterations: number;
  commits: string[];
  rejected: number;
  /** the last verification signal when red */
  failure?: string;
  limitReached: boolean;
  /** git refused to commit an accepted change; the run stopped with it uncommitted */
  commitFailure?: { message: string; files: string[] };
}

export const DEFAULT_MAX_ITERATIONS = 5;

export class CodeAgent {
  readonly agent: Agent;
  readonly tracker: ChangeTracker;
  private readonly o: CodeAgentOptions;
  private readonly max: number;
  private readonly print: (text: string) => void;

  constructor(o: CodeAgentOptions, subject: string) {
    this.o = o;
    this.max = o.maxIterations ?? DEFAULT_MAX_ITERATIONS;
    this.print = o.print ?? ((t) => process.stderr.write(`${t}\n`));
    const registry = o.tools ?? new ToolRegistry(builtinTools());
    registry.use(codeToolWhitelist(registry, o.appendTools));
    this.tracker = new ChangeTracker({
      root: o.root,
      runId: o.runId ?? o.transcript?.runId ?? 'run',
      interactive: o.interactive,
      ...(o.confirm ? { confirm: o.confirm } : {}),
      ...(o.prefix ? { prefix: o.prefix } : {}),
      ...(o.suffix ? { suffix: o.suffix } : {}),
      subject,
      plan: o.plan,
      maxIterations: this.max,
      ...(o.env ? { env: o.env } : {}),
      print: this.print,
    });
    const edits: OutputHandler[] = o.editFormat === 'json' ? [createJsonEditHandler(), createRewriteHandler()] : [createPatchHandler(), createRewriteHandler()];
    this.agent = new Agent({
      name: 'CodeAgent',
      description: 'edits, builds, tests and commits in a git repository',
      systemPrompt: CODE_ENGINEER_ROLE,
      platform: o.platform,
      ...(o.cheapPlatform ? { cheapPlatform: o.cheapPlatform } : {}),
      tools: registry,
      handlers: [createToolCallHandler(registry), ...edits],
      root: o.root,
      ...(o.transcript ? { transcript: o.transcript } : {}),
      ...(o.runId ? { runId: o.runId } : {}),
      interactive: o.interactive,
      needSummary: false,
      ...(o.ask ? { ask: o.ask } : {}),
      ...(o.confirm ? { confirm: o.confirm } : {}),
      ...(o.env ? { env: o.env } : {}),
      ...(o.secretEnvNames ? { secretEnvNames: o.secretEnvNames } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.rulesDataDir !== undefined ? { rulesDataDir: o.rulesDataDir } : {}),
      ...(o.warn ? { warn: o.warn } : {}),
      ...(o.inputHandlers ? { inputHandlers: o.inputHandlers } : {}),
      ...(o.agentExtras ?? {}),
    });
    this.tracker.attach(this.agent);
  }

  /** Runs the requirement to green (or to the iteration limit); never throws for a model failure. */
  async run(requirement: string): Promise<CodeRunResult> {
    const t = this.tracker;
    let task = requirement;
    if (t.canVerify) {
      const base = await t.verify(0, this.agent.runDir, this.o.signal);
      task = `${requirement}\n\nCurrent state of the repository before any change (${base.green ? 'green' : 'red'}):\n${base.message}`;
    }
    let result = await this.agent.run(task);
    let lintDone = false;
    for (;;) {
      if (result.status !== 'completed' || t.limitReached || t.commitFailure) break;
      if (t.canVerify && t.last && !t.last.green && t.changed.size > 0) {
        if (t.iterations >= this.max) break;
        result = await this.agent.run(`You stopped, but verification still fails:\n${t.last.message}\nFix it before finishing.`);
        continue;
      }
      if (this.o.lint && !lintDone && t.changed.size > 0) {
        lintDone = true;
        const findings = await this.lintFindings();
        if (findings) {
          result = await this.agent.run(findings);
          continue;
        }
      }
      break;
    }
    const verify: VerifyState = !t.canVerify || !t.last ? 'none' : t.last.green ? 'green' : 'red';
    return {
      agent: result,
      verify,
      iterations: t.iterations,
      commits: [...t.commits],
      rejected: t.rejected,
      ...(verify === 'red' && t.last ? { failure: t.last.message } : {}),
      limitReached: t.limitReached,
      ...(t.commitFailure ? { commitFailure: t.commitFailure } : {}),
    };
  }

  /** Runs the installed checkers once on everything the run changed; the message for the model, or '' when clean. */
  private async lintFindings(): Promise<string> {
    const files = [...this.tracker.changed];
    const checkers = checkersFor(this.o.root, files, this.o.env);
    if (checkers.length === 0) return '';
    const outcomes = await runLint(this.o.root, checkers, { runDir: this.agent.runDir, ...(this.o.env ? { env: this.o.env } : {}) });
    const sections: string[] = [];
    for (const r of outcomes) {
      const relevant = r.diagnostics.filter((d) => !d.file || files.some((f) => d.file === f || d.file?.endsWith(`/${f}`)));
      this.print(`lint: ${r.checker}: ${relevant.length} finding(s)`);
      if (relevant.length === 0) continue;
      sections.push(`${r.checker} reports (full log ${r.log}):\n${relevant.slice(0, MAX_ITEMS).map(formatDiagnostic).join('\n')}${relevant.length > MAX_ITEMS ? `\n(… ${relevant.length - MAX_ITEMS} more)` : ''}`);
    }
    return sections.length > 0 ? `Static checkers ran on the files you changed:\n\n${sections.join('\n\n')}\n\nFix these findings (or explain why one is a false positive), then finish.` : '';
  }
}
