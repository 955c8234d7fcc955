import { readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { answerOf, createAnswerAction, type Agent, type AgentFactory, type ParsedAnswer } from '../../../agent/index.js';
import { LIST_FILES, READ_CODE, SEARCH_FILES, listFilesTool, readCodeTool, searchFilesTool } from '../../../tools/index.js';
import { countTests } from './rust-items.js';
import type { Tokens } from './progress.js';

/**
 * The stage's three agents, each built by the run's AgentFactory: the planner and the reviewer
 * only read (read_code, list_files, search_files; no edits) and answer in one tagged block; the
 * writer reads and edits (PATCH/REWRITE) but runs nothing: cargo is ours to run. A guard on
 * the writer undoes any edit that leaves fewer `#[test]` functions in a file than before.
 */

const READ_ONLY = [READ_CODE, LIST_FILES, SEARCH_FILES];
const readTools = () => ({ use: READ_ONLY, own: [readCodeTool, listFilesTool, searchFilesTool] });
const QUIET = { rules: false, memory: false, analysis: false, methodology: false, plugins: false } as const;

export interface AgentRun<T> {
  value?: T;
  /** why there is no value */
  why?: string;
  tokens: Tokens;
  cost: number;
  /** model calls the run made */
  calls: number;
  /** the writer: edits the guard refused */
  refusals?: number;
}

export interface Plan {
  signature: string;
  notes: string;
}

export interface Review {
  issues: string[];
}

function parseJsonBlock(body: string): Record<string, unknown> | undefined {
  const text = body.trim().replace(/^```(?:json)?\s*/, '').replace(/```\s*$/, '');
  try {
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function parsePlan(body: string): ParsedAnswer<Plan> {
  const o = parseJsonBlock(body);
  if (!o) return { ok: false, reason: 'the PLAN block must hold one JSON object' };
  if (typeof o.signature !== 'string' || !/\bfn\b/.test(o.signature)) return { ok: false, reason: '"signature" must be the Rust signature, e.g. "pub fn clamp(v: i32, lo: i32, hi: i32) -> i32"' };
  return { ok: true, value: { signature: o.signature.trim(), notes: typeof o.notes === 'string' ? o.notes.trim() : '' } };
}

export function parseReview(body: string): ParsedAnswer<Review> {
  const o = parseJsonBlock(body);
  if (!o || !Array.isArray(o.issues)) return { ok: false, reason: 'the REVIEW block must hold {"issues": [...]} (an empty list when the function is right)' };
  const issues = o.issues.map((i) => (typeof i === 'string' ? i : JSON.stringify(i))).filter((i) => i.trim() !== '');
  return { ok: true, value: { issues } };
}

const PLAN_USAGE = `Answer with one block:
<PLAN>
{"signature": "the safe Rust signature, e.g. pub fn clamp(v: i32, lo: i32, hi: i32) -> i32", "notes": "ownership, error paths, integer widths to keep"}
</PLAN>`;

const REVIEW_USAGE = `Answer with one block:
<REVIEW>
{"issues": ["one concrete problem per entry: what differs from the C and where"]}
</REVIEW>
An empty list means the Rust function behaves like the C one.`;

const PLAN_ROLE = `You plan the conversion of one C function into idiomatic, safe Rust inside an existing crate. You read; you do not edit. Choose a signature that uses references, slices, Option/Result and Rust integer types instead of raw pointers, while keeping the C function's behaviour (including integer widths and wrap-around where the C relies on it).`;

const REVIEW_ROLE = `You review one Rust function converted from C. You read; you do not edit. Compare it with the C function: behaviour on every path, error and edge cases, integer widths and overflow, ownership and lifetimes at the boundary, and every unsafe block (each must have a SAFETY: comment and be needed). Report only real differences or defects.`;

const WRITE_ROLE = `You convert C functions, already translated mechanically into unsafe Rust, into idiomatic safe Rust inside an existing crate. You edit files with PATCH or REWRITE; you cannot run commands (the build and tests are run for you and their errors come back). Rules:
- Write safe Rust. unsafe only at a boundary that truly needs it (a raw pointer received from C, an FFI call), as small as possible, each block with a "// SAFETY:" comment saying why it is sound.
- Keep the C behaviour exactly: same results, same integer widths and overflow behaviour, same error paths.
- Never delete or weaken existing tests; add #[cfg(test)] tests for the function you convert.
- Do not touch other functions except as the task says.`;

function answerAgent<T>(agents: AgentFactory, name: string, role: string, tag: string, usage: string, parse: (b: string) => ParsedAnswer<T>, root: string, limits: RunLimits): Promise<Limited> {
  return agents.create({
    name,
    role,
    root,
    tools: readTools(),
    edits: false,
    actions: [createAnswerAction<T>({ tag, usage, parse, retries: 1, record: 'c2rust_answer' })],
    interactive: false,
    switches: { needSummary: false, maxIdleReprompts: 1, autoSummaryRounds: 0, modelSettings: { temperature: 0 } },
    features: QUIET,
    warn: () => undefined,
  }).then((a) => limit(a, limits));
}

/**
 * What one agent run may spend: model turns, and the tokens and cost left of the function's
 * budget (0: no limit). Checked after each model call; an agent over it is stopped there.
 */
export interface RunLimits {
  turns: number;
  tokens: number;
  cost: number;
}

/** An agent with its limits on, and the model calls it made so far (every call, not only loop turns). */
interface Limited {
  agent: Agent;
  calls: () => number;
}

function limit(agent: Agent, l: RunLimits): Limited {
  let turns = 0;
  agent.events.subscribe('after_model_call', () => {
    turns++;
    const u = agent.usage();
    const over = (l.turns > 0 && turns >= l.turns) || (l.tokens > 0 && u.tokens.input + u.tokens.output > l.tokens) || (l.cost > 0 && u.cost > l.cost);
    if (over) agent.interrupt();
  });
  return { agent, calls: () => turns };
}

async function ask<T>({ agent, calls }: Limited, task: string, tag: string): Promise<AgentRun<T>> {
  const r = await agent.run(task);
  const out = { tokens: { ...r.tokens }, cost: r.cost, calls: calls() };
  const answer = answerOf<T>(r.payload);
  if (answer?.kind === 'answer') return { ...out, value: answer.value };
  if (answer?.kind === 'invalid') return { ...out, why: answer.reason };
  if (r.status === 'failed') return { ...out, why: `model call failed: ${(r.error?.message ?? r.result).split('\n')[0] ?? ''}` };
  return { ...out, why: `the reply had no <${tag}> block` };
}

export async function runPlanner(agents: AgentFactory, crateDir: string, task: string, limits: RunLimits): Promise<AgentRun<Plan>> {
  return ask<Plan>(await answerAgent(agents, 'c2rust-plan', PLAN_ROLE, 'PLAN', PLAN_USAGE, parsePlan, crateDir, limits), task, 'PLAN');
}

export async function runReviewer(agents: AgentFactory, crateDir: string, task: string, limits: RunLimits): Promise<AgentRun<Review>> {
  return ask<Review>(await answerAgent(agents, 'c2rust-review', REVIEW_ROLE, 'REVIEW', REVIEW_USAGE, parseReview, crateDir, limits), task, 'REVIEW');
}

/**
 * The writer (also the fixer: repair rounds and review issues go to a fresh writer with the
 * errors). Ends when the model says the task is complete; the result is whatever it edited.
 */
export async function runWriter(agents: AgentFactory, crateDir: string, task: string, limits: RunLimits): Promise<AgentRun<string>> {
  const agent = await agents.create({
    name: 'c2rust-write',
    role: WRITE_ROLE,
    root: crateDir,
    tools: readTools(),
    edits: true,
    interactive: false,
    switches: { needSummary: false, maxIdleReprompts: 1, autoSummaryRounds: 0, modelSettings: { temperature: 0 } },
    features: QUIET,
    warn: () => undefined,
  });
  const { calls } = limit(agent, limits);
  const guard = guardTests(agent, crateDir);
  const r = await agent.run(task);
  return { value: r.result, tokens: { ...r.tokens }, cost: r.cost, calls: calls(), refusals: guard.refusals, ...(r.status === 'failed' ? { why: `model call failed: ${(r.error?.message ?? r.result).split('\n')[0] ?? ''}` } : {}) };
}

/**
 * Undoes an edit that deletes tests: before an edit the files it writes are kept; after it,
 * a file with fewer `#[test]` functions than before (or a test file gone) is put back and the
 * model is told why.
 */
function guardTests(agent: Agent, crateDir: string): { refusals: number } {
  const state = { refusals: 0 };
  let before: Map<string, string | null> | undefined;
  let counts: Record<string, number> = {};
  agent.events.subscribe('before_action', (e) => {
    if (e.action.kind !== 'edit') return;
    counts = countTests(crateDir).files;
    before = new Map();
    for (const w of e.action.writes ?? []) {
      if (w === '.') continue;
      const p = join(crateDir, w);
      before.set(w, existsSync(p) ? readFileSync(p, 'utf8') : null);
    }
  });
  agent.events.subscribe('after_action', (e) => {
    if (e.action?.kind !== 'edit' || !before) return;
    const now = countTests(crateDir).files;
    const lost = Object.entries(counts).filter(([f, n]) => (now[f] ?? 0) < n);
    const saved = before;
    before = undefined;
    if (lost.length === 0) return;
    for (const [f, text] of saved) {
      const p = join(crateDir, f);
      if (text === null) rmSync(p, { force: true });
      else writeFileSync(p, text);
    }
    state.refusals++;
    return { note: `REFUSED and undone: this edit removed tests (${lost.map(([f, n]) => `${f}: ${n} → ${now[f] ?? 0}`).join(', ')}). Tests must never be deleted; change the code, not the tests.` };
  });
  return state;
}
