import { createRewriteHandler, type Agent, type AgentFactory, type AgentResult } from '../../agent/index.js';
import { recordTranscript } from '../../llm/index.js';
import { ChangeTracker } from './after-action.js';
import { modelMessageWriter } from './commit-message.js';
import { gather } from './gather.js';
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
  /** builds the agent (root, models, tools, memory, methodology, plugins) and says who answers */
  agents: AgentFactory;
  /** tools allowed besides the code tools (`--append-tools`) */
  appendTools?: readonly string[];
  editFormat?: EditFormat;
  prefix?: string;
  suffix?: string;
  plan: VerifyPlan;
  maxIterations?: number;
  lint?: boolean;
  /** split the requirement into sub-tasks run by helper agents first (`--plan`) */
  planTasks?: boolean;
  /** environment of the build, test and lint commands (default process.env) */
  env?: NodeJS.ProcessEnv;
  /** list, search and read what the requirement names before the first turn (default true) */
  gather?: boolean;
  /** progress for the person (previews, commits, verify results) */
  print?: (text: string) => void;
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
  private readonly root: string;

  private constructor(
    o: CodeAgentOptions,
    agent: Agent,
    tracker: ChangeTracker,
    max: number,
    print: (text: string) => void,
    /** what the commit messages say the change is for */
    private readonly intent: { text?: string },
  ) {
    this.o = o;
    this.agent = agent;
    this.tracker = tracker;
    this.max = max;
    this.print = print;
    this.root = agent.root;
  }

  /** Builds the code agent; `subject` (the requirement's first line) names its commits. */
  static async create(o: CodeAgentOptions, subject: string): Promise<CodeAgent> {
    const factory = o.agents;
    const max = o.maxIterations ?? DEFAULT_MAX_ITERATIONS;
    const print = o.print ?? ((t: string) => process.stderr.write(`${t}\n`));
    const { interactive, confirm, transcript } = factory.run;
    // commit messages come from the cheap model when the group has one; the template otherwise
    const cheap = (await factory.models()).cheap;
    const intent: { text?: string } = {};
    const agent = await factory.create({
      name: 'CodeAgent',
      description: 'edits, builds, tests and commits in a git repository',
      role: CODE_ENGINEER_ROLE,
      tools: { use: codeToolWhitelist(factory, o.appendTools) },
      edits: o.editFormat !== 'json',
      // the JSON edit protocol changes existing files; REWRITE stays for new ones
      ...(o.editFormat === 'json' ? { actions: [createJsonEditHandler(), createRewriteHandler()] } : {}),
      // an edit to a file the model has not read would be made against what it guesses is there
      switches: { needSummary: false, readBeforeEdit: true },
      features: { plan: o.planTasks === true, subAgent: true },
    });
    const tracker = new ChangeTracker({
      root: agent.root,
      runId: transcript?.runId ?? agent.runId,
      interactive,
      ...(confirm ? { confirm } : {}),
      ...(o.prefix ? { prefix: o.prefix } : {}),
      ...(o.suffix ? { suffix: o.suffix } : {}),
      subject,
      ...(cheap
        ? {
            writeMessage: modelMessageWriter(transcript ? recordTranscript(cheap, transcript, { agent: 'commit-message' }) : cheap, {
              intent: () => intent.text,
              warn: (m) => print(`warning: ${m}`),
            }),
          }
        : {}),
      plan: o.plan,
      maxIterations: max,
      ...(o.env ? { env: o.env } : {}),
      print,
    });
    tracker.attach(agent);
    return new CodeAgent(o, agent, tracker, max, print, intent);
  }

  /** Runs the requirement to green (or to the iteration limit); never throws for a model failure. */
  async run(requirement: string): Promise<CodeRunResult> {
    const t = this.tracker;
    this.intent.text = requirement;
    let task = requirement;
    if (this.o.gather !== false) task = await this.gather(requirement);
    if (t.canVerify) {
      const base = await t.verify(0, this.agent.runDir, this.o.agents.run.signal);
      task = `${requirement}\n\nCurrent state of the repository before any change (${base.green ? 'green' : 'red'}):\n${base.message}`;
    }
    let result = await this.agent.run(task);
    this.gathered = true;
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

  private gathered = false;

  /** The requirement with what the gather step found, once per agent; recorded as `jca_gather`. */
  private async gather(requirement: string): Promise<string> {
    if (this.gathered) return requirement;
    const g = await gather(this.root, requirement);
    this.agent.filesInPlay.markRead(g.read);
    this.agent.record({ type: 'jca_gather', listed: g.total, searched: g.searched, read: g.read });
    if (g.read.length > 0) this.print(`gathered: ${g.total} file(s) listed, ${g.read.length} read (${g.read.slice(0, 5).join(', ')}${g.read.length > 5 ? ', …' : ''})`);
    return g.text ? `${requirement}\n\n${g.text}` : requirement;
  }

  /** Runs the installed checkers once on everything the run changed; the message for the model, or '' when clean. */
  private async lintFindings(): Promise<string> {
    const files = [...this.tracker.changed];
    const checkers = checkersFor(this.root, files, this.o.env);
    if (checkers.length === 0) return '';
    const outcomes = await runLint(this.root, checkers, { runDir: this.agent.runDir, ...(this.o.env ? { env: this.o.env } : {}) });
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
