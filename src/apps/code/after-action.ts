import type { Agent, EventAnswer } from '../../agent/index.js';
import { commitChange } from './commit-flow.js';
import { changedPaths } from './diff-preview.js';
import type { MessageWriter } from './commit-message.js';
import { checkersFor, lintHint } from './lint.js';
import { changedSince, takeSnapshot } from './snapshot.js';
import type { VerifyPlan } from './verify/detect.js';
import { runVerify, type VerifyOutcome } from './verify/runner.js';

/**
 * What jca does after every action that changed files: preview, commit (or reject and
 * restore), stats, lint hint, and the verify step (build, then test) whose signal goes back
 * to the model with the action's own result.
 *
 * It subscribes to the agent's events: `before_action` takes a snapshot of the work tree,
 * `after_action` compares, commits and verifies, and answers with a note that joins the
 * action's result (or ends the run). The run awaits both, so git, the build and the person's
 * yes/no finish before the next model call.
 */

export interface AfterActionOptions {
  root: string;
  runId: string;
  interactive: boolean;
  confirm?: (question: string, defaultYes: boolean) => Promise<boolean>;
  prefix?: string;
  suffix?: string;
  /** the requirement's first line, for commit subjects */
  subject: string;
  /** commit messages from the staged diff (the cheap model); absent: the template */
  writeMessage?: MessageWriter;
  plan: VerifyPlan;
  maxIterations: number;
  env?: NodeJS.ProcessEnv;
  print: (text: string) => void;
}

/** The state the CLI reads after the run. */
export class ChangeTracker {
  commits: string[] = [];
  rejected = 0;
  /** every path changed in the run, relative to the root */
  changed = new Set<string>();
  /** verify runs after edits (the baseline not counted) */
  iterations = 0;
  last?: VerifyOutcome;
  /** set when the run was stopped because verification kept failing */
  limitReached = false;
  /** set when git refused to commit an accepted change: the run stops there, the change stays uncommitted */
  commitFailure?: { message: string; files: string[] };
  private hinted = new Set<string>();

  constructor(private readonly o: AfterActionOptions) {}

  get canVerify(): boolean {
    return Boolean(this.o.plan.build || this.o.plan.test);
  }

  /**
   * Follows every action of `agent` and of the helpers it starts: a snapshot before it, the
   * after-action work after it. A helper's actions run inside the parent's `sub_agent` call, so
   * they are committed one by one and the parent's call itself finds nothing left to commit.
   */
  attach(agent: Agent): void {
    let before: Snapshot | undefined;
    agent.events.subscribe(
      'before_action',
      async () => {
        before = await takeSnapshot(this.o.root);
      },
      { inherit: true },
    );
    agent.events.subscribe(
      'after_action',
      async (e) => {
      const snap = before;
      before = undefined;
      // an action refused before it ran changed nothing; one that ends the run is not followed up
      if (!snap || e.needReturn) return undefined;
        return this.afterAction(snap, { runDir: agent.runDir, signal: e.signal, record: (r) => agent.record(r) });
      },
      { inherit: true },
    );
  }

  /** Build and test now; logs go to `<runDir>/verify/`. */
  async verify(iteration: number, runDir: string, signal?: AbortSignal): Promise<VerifyOutcome> {
    const out = await runVerify(this.o.plan, { root: this.o.root, runDir, iteration, ...(this.o.env ? { env: this.o.env } : {}), ...(signal ? { signal } : {}) });
    this.last = out;
    this.o.print(out.green ? `verify: ${out.message}` : `verify: ${out.message.split('\n')[0]}`);
    return out;
  }

  private async afterAction(before: Snapshot, ctx: AfterActionContext): Promise<EventAnswer<'after_action'> | undefined> {
    const paths = await changedSince(this.o.root, before);
    if (paths.length === 0) return undefined;
    const outcome = await commitChange({
      root: this.o.root,
      runId: this.o.runId,
      paths,
      before,
      interactive: this.o.interactive,
      ...(this.o.confirm ? { confirm: this.o.confirm } : {}),
      ...(this.o.prefix ? { prefix: this.o.prefix } : {}),
      ...(this.o.suffix ? { suffix: this.o.suffix } : {}),
      subject: `jca: ${this.o.subject} (${filesLabel(paths)})`,
      ...(this.o.writeMessage ? { writeMessage: this.o.writeMessage } : {}),
      print: this.o.print,
    });
    ctx.record({
      type: 'jca_change',
      files: paths,
      accepted: outcome.accepted,
      ...(outcome.commit ? { commit: outcome.commit, message_by: outcome.messageBy } : {}),
      insertions: outcome.insertions,
      deletions: outcome.deletions,
    });
    if (!outcome.accepted) {
      this.rejected++;
      return { note: 'The user rejected this change; the files are back as they were before it. Ask what they want instead, or take another approach.' };
    }
    for (const p of paths) this.changed.add(p);
    if (outcome.commitError !== undefined) {
      // Going on would pile more edits onto a change nobody can commit: stop and say where it is.
      this.commitFailure = { message: outcome.commitError, files: changedPaths(outcome.changes) };
      return { note: `git refused the commit (${outcome.commitError}); the run stops here.`, end: true };
    }
    if (outcome.commit) this.commits.push(outcome.commit);
    const parts: string[] = [];
    if (outcome.changes.length > 0) {
      const head = outcome.commit ? `Committed as ${outcome.commit.slice(0, 10)}` : `Not committed (${outcome.commitError ?? 'no difference from HEAD'})`;
      parts.push(`${head}. The change:\n${outcome.preview}`);
    }
    const checkers = checkersFor(this.o.root, paths, this.o.env).filter((c) => !this.hinted.has(c.name));
    for (const c of checkers) this.hinted.add(c.name);
    const hint = lintHint(checkers);
    if (hint) parts.push(hint);
    if (this.canVerify) {
      this.iterations++;
      const v = await this.verify(this.iterations, ctx.runDir, ctx.signal);
      ctx.record({ type: 'jca_verify', iteration: this.iterations, green: v.green, steps: v.steps.map((s) => ({ name: s.name, ok: s.ok, exit: s.exitCode, diagnostics: s.diagnostics.length, log: s.log })) });
      if (v.green) {
        parts.push(`${v.message} If the requirement is fully met, finish now.`);
      } else if (this.iterations >= this.o.maxIterations) {
        this.limitReached = true;
        parts.push(`${v.message}\nStopping: verification still fails after ${this.iterations} attempts (--max-iterations ${this.o.maxIterations}).`);
        return { note: parts.join('\n\n'), end: true };
      } else {
        parts.push(`${v.message}\nFix this (attempt ${this.iterations} of ${this.o.maxIterations}).`);
      }
    }
    return parts.length > 0 ? { note: parts.join('\n\n') } : undefined;
  }
}

type Snapshot = Awaited<ReturnType<typeof takeSnapshot>>;

/** What the after-action work needs of the agent: where the run's files go and its transcript. */
interface AfterActionContext {
  runDir: string;
  /** the action's: an interrupt stops the build */
  signal: AbortSignal;
  record: (record: { type: string } & Record<string, unknown>) => void;
}

function filesLabel(paths: readonly string[]): string {
  return paths.length <= 3 ? paths.join(', ') : `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more`;
}
