import { answerOf, createAnswerAction, type AgentFactory, type AgentResult, type AnswerPayload, type ParsedAnswer } from '../../../agent/index.js';
import { JarvisError } from '../../../util/index.js';
import { addUsage, emptyUsage, type StageBudget, type StageUsage } from '../config/index.js';
import { ModelBudgetSpent } from '../optimize/index.js';

/**
 * How a pipeline stage talks to the model: agents from the run's factory, and a meter that
 * counts the stage's calls, tokens and cost against its budget. Every stage reports its use
 * from the meter, so the run's cost summary is per stage.
 */

export class UsageMeter {
  usage: StageUsage = emptyUsage();

  constructor(readonly budget: StageBudget = {}) {}

  add(r: Pick<AgentResult, 'rounds' | 'tokens' | 'cost'>): void {
    this.usage = addUsage(this.usage, { calls: r.rounds, input_tokens: r.tokens.input, output_tokens: r.tokens.output, cost: r.cost });
  }

  /** Why the stage must stop asking, or undefined while its budget lasts. */
  exhausted(): string | undefined {
    const b = this.budget;
    const u = this.usage;
    if (b.calls && u.calls >= b.calls) return `model-call budget of ${b.calls} used`;
    if (b.tokens && u.input_tokens + u.output_tokens >= b.tokens) return `token budget of ${b.tokens} used (${u.input_tokens + u.output_tokens})`;
    if (b.cost && u.cost >= b.cost) return `cost budget of ${b.cost} used (${u.cost.toFixed(4)})`;
    return undefined;
  }
}

export interface StageModel {
  agents: AgentFactory;
  meter: UsageMeter;
}

/**
 * The run's factory for code that takes a factory of its own (optimize's model passes): every
 * run of an agent it builds is counted on the meter, so the stage's row shows its calls,
 * tokens and cost like the others', and once the stage's budget (calls, tokens, cost) is spent
 * it builds no more agents: `ModelBudgetSpent` tells the pass to keep its deterministic result.
 */
export function meteredFactory(agents: AgentFactory, meter: UsageMeter): AgentFactory {
  const metered = Object.create(agents) as AgentFactory;
  metered.create = async (spec) => {
    const spent = meter.exhausted();
    if (spent) throw new ModelBudgetSpent(`stopped asking the model: ${spent}`);
    const agent = await agents.create(spec);
    const run = agent.run.bind(agent);
    agent.run = async (task: string) => {
      const r = await run(task);
      meter.add(r);
      return r;
    };
    return agent;
  };
  return metered;
}

/** The read-only tools a model gets where it only needs to look at the project. */
export const READ_TOOLS = ['read_code', 'list_files', 'search_files'] as const;

export interface AnswerQuestion<T> {
  name: string;
  role: string;
  task: string;
  tag: string;
  usage: string;
  parse: (body: string) => ParsedAnswer<T>;
  /** where the read-only tools look (default the kit's root) */
  root?: string;
  /** no tools at all */
  noTools?: boolean;
  /** refused answers sent back before giving up (default 2: three tries) */
  retries?: number;
  maxTokens?: number;
}

/**
 * One agent run to a `<TAG>` answer, with read-only tools. A run that fails on the model side
 * (network, key, a script run dry) throws: the stage cannot go on. A run that ends without a
 * usable block returns `invalid` with the reason.
 */
export async function askForAnswer<T>(m: StageModel, q: AnswerQuestion<T>): Promise<AnswerPayload<T>> {
  const agent = await m.agents.create({
    name: q.name,
    role: q.role,
    ...(q.root ? { root: q.root } : {}),
    tools: q.noTools ? 'none' : { use: [...READ_TOOLS] },
    edits: false,
    actions: [createAnswerAction<T>({ tag: q.tag, usage: q.usage, parse: q.parse, retries: q.retries ?? 2, record: 'c2rust_answer' })],
    interactive: false,
    switches: { needSummary: false, maxIdleReprompts: 1, autoSummaryRounds: 0, toolTimeoutMs: 120_000, ...(q.maxTokens ? { modelSettings: { maxTokens: q.maxTokens, temperature: 0 } } : {}) },
    // a pipeline step whose answer is machine-read: no user rules, memory, reflection or plugins
    features: { rules: false, memory: false, analysis: false, methodology: false, plugins: false },
    warn: () => undefined,
  });
  const result = await agent.run(q.task);
  m.meter.add(result);
  const answer = answerOf<T>(result.payload);
  if (answer) return answer;
  if (result.status === 'failed') {
    throw new JarvisError('llm_http', `${q.name}: ${(result.error?.message ?? result.result).split('\n')[0] ?? ''}`, { ...(result.error?.hint ? { hint: result.error.hint } : {}) });
  }
  if (result.status === 'interrupted') throw new JarvisError('llm_aborted', `${q.name}: interrupted`);
  return { kind: 'invalid', reason: `the model ended without a <${q.tag}> block (${result.status})`, attempts: 0 };
}
