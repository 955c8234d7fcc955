import type { HandlerContext, HandlerResult, OutputHandler } from '../../agent/index.js';
import { commitChange } from './commit-flow.js';
import { checkersFor, lintHint } from './lint.js';
import { changedSince, takeSnapshot } from './snapshot.js';
import type { VerifyPlan } from './verify/detect.js';
import { runVerify, type VerifyOutcome } from './verify/runner.js';

/**
 * What jca does after every action that changed files: preview, commit (or reject and
 * restore), stats, lint hint, and the verify step (build, then test) whose signal goes back
 * to the model with the action's own result.
 *
 * It wraps the agent's output handlers rather than subscribing to AFTER_TOOL_CALL: the event
 * bus calls subscribers synchronously, and this work is asynchronous (git, the build, the
 * person's yes/no) and must finish before the next model call. A wrapped handler runs at the
 * same point of the loop and its text joins the tool result.
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

  /** The agent's handlers, each followed by the after-action work. */
  wrap(handlers: readonly OutputHandler[]): OutputHandler[] {
    return handlers.map((h) => ({
      name: h.name,
      tags: h.tags,
      ...(h.multiBlock ? { multiBlock: h.multiBlock } : {}),
      canHandle: (reply) => h.canHandle(reply),
      usage: () => h.usage(),
      handle: async (reply, ctx) => {
        const before = await takeSnapshot(this.o.root);
        const result = await h.handle(reply, ctx);
        if (result.needReturn) return result;
        return this.afterAction(before, result, ctx);
      },
    }));
  }

  /** Build and test now; logs go to `<runDir>/verify/`. */
  async verify(iteration: number, runDir: string, signal?: AbortSignal): Promise<VerifyOutcome> {
    const out = await runVerify(this.o.plan, { root: this.o.root, runDir, iteration, ...(this.o.env ? { env: this.o.env } : {}), ...(signal ? { signal } : {}) });
    this.last = out;
    this.o.print(out.green ? `verify: ${out.message}` : `verify: ${out.message.split('\n')[0]}`);
    return out;
  }

  private async afterAction(before: Awaited<ReturnType<typeof takeSnapshot>>, result: HandlerResult, ctx: HandlerContext): Promise<HandlerResult> {
    const paths = await changedSince(this.o.root, before);
    if (paths.length === 0) return result;
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
      print: this.o.print,
    });
    ctx.record({ type: 'jca_change', files: paths, accepted: outcome.accepted, ...(outcome.commit ? { commit: outcome.commit } : {}), insertions: outcome.insertions, deletions: outcome.deletions });
    if (!outcome.accepted) {
      this.rejected++;
      return { ...result, prompt: `${result.prompt}\n\nThe user rejected this change; the files are back as they were before it. Ask what they want instead, or take another approach.` };
    }
    for (const p of paths) this.changed.add(p);
    if (outcome.commitError !== undefined) {
      // Going on would pile more edits onto a change nobody can commit: stop and say where it is.
      this.commitFailure = { message: outcome.commitError, files: outcome.changes.map((c) => c.path) };
      return { needReturn: true, prompt: `${result.prompt}\n\ngit refused the commit (${outcome.commitError}); the run stops here.` };
    }
    if (outcome.commit) this.commits.push(outcome.commit);
    const parts = [result.prompt];
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
        return { needReturn: true, prompt: parts.join('\n\n') };
      } else {
        parts.push(`${v.message}\nFix this (attempt ${this.iterations} of ${this.o.maxIterations}).`);
      }
    }
    return { ...result, prompt: parts.join('\n\n') };
  }
}

function filesLabel(paths: readonly string[]): string {
  return paths.length <= 3 ? paths.join(', ') : `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more`;
}
