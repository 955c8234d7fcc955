import { answerOf, createAnswerAction, type AgentFactory, type ParsedAnswer } from '../../../agent/index.js';

/**
 * The optimizer's model stages (a sharper SAFETY text, a merge confirmation) as agents built by
 * the run's AgentFactory: one question, answered in one `<TAG>` block, on the group's cheap
 * model. No tools, no edits, no second try: a reply without a usable block keeps the
 * deterministic result, as a pass must never depend on the model.
 */

export interface ModelQuestion<T> {
  /** names the agent in the transcript, e.g. `c2rust-safety` */
  name: string;
  role: string;
  task: string;
  tag: string;
  /** the answer format, written for the model */
  usage: string;
  parse: (body: string) => ParsedAnswer<T>;
  /** the answer is short: a cap keeps a rambling model cheap */
  maxTokens: number;
}

export type ModelAnswer<T> = { ok: true; value: T } | { ok: false; why: string; failed?: true };

/**
 * Thrown by a factory whose budget is spent (`jc2r run`'s optimize stage meters its model use):
 * no agent is built, and the pass keeps its deterministic result like after a failed call.
 */
export class ModelBudgetSpent extends Error {}

export async function askModel<T>(agents: AgentFactory, q: ModelQuestion<T>): Promise<ModelAnswer<T>> {
  let agent: Awaited<ReturnType<AgentFactory['create']>>;
  try {
    agent = await createAgent(agents, q);
  } catch (e) {
    if (e instanceof ModelBudgetSpent) return { ok: false, why: e.message, failed: true };
    throw e;
  }
  const r = await agent.run(q.task);
  const answer = answerOf<T>(r.payload);
  if (answer?.kind === 'answer') return { ok: true, value: answer.value };
  if (answer?.kind === 'invalid') return { ok: false, why: answer.reason };
  if (r.status === 'failed') return { ok: false, why: `model call failed: ${(r.error?.message ?? r.result).split('\n')[0] ?? ''}`, failed: true };
  return { ok: false, why: `the model reply had no <${q.tag}> block` };
}

function createAgent<T>(agents: AgentFactory, q: ModelQuestion<T>): ReturnType<AgentFactory['create']> {
  return agents.create({
    name: q.name,
    role: q.role,
    model: { use: 'cheap' },
    tools: 'none',
    edits: false,
    actions: [createAnswerAction<T>({ tag: q.tag, usage: q.usage, parse: q.parse, retries: 0, record: 'c2rust_answer' })],
    interactive: false,
    switches: { needSummary: false, maxIdleReprompts: 0, autoSummaryRounds: 0, modelSettings: { maxTokens: q.maxTokens, temperature: 0 } },
    features: { rules: false, memory: false, analysis: false, methodology: false, plugins: false },
    warn: () => undefined,
  });
}
