import { answerOf, createAnswerAction, type AgentFactory, type AnswerPayload, type ParsedAnswer, type ToolChoice } from '../../../agent/index.js';
import { JarvisError } from '../../../util/index.js';

/** What every sec agent run shares: who builds the agents and where they work. */
export interface AgentEnv {
  agents: AgentFactory;
  /** the analysed directory */
  root: string;
  /** a tool call running longer is stopped (default 300 s) */
  toolTimeoutMs?: number;
}

export interface AnswerRun<T> {
  name: string;
  role: string;
  task: string;
  tag: string;
  usage: string;
  tools: ToolChoice;
  parse: (body: string) => ParsedAnswer<T>;
  onInvalid: (attempt: number, reason: string) => void;
}

/**
 * Runs one agent to its `<TAG>` answer. A run that ends without any answer (the model kept
 * talking, or completed without one) counts as invalid; a run that failed on the model side
 * (network, auth, a script run dry) throws: the stage cannot go on without a model.
 */
export async function runForAnswer<T>(env: AgentEnv, r: AnswerRun<T>): Promise<AnswerPayload<T>> {
  const agent = await env.agents.create({
    name: r.name,
    role: r.role,
    root: env.root,
    tools: r.tools,
    edits: false,
    actions: [createAnswerAction<T>({ tag: r.tag, usage: r.usage, parse: r.parse, onInvalid: r.onInvalid, record: 'sec_answer' })],
    interactive: false,
    switches: { needSummary: false, maxIdleReprompts: 2, toolTimeoutMs: env.toolTimeoutMs ?? 300_000 },
    // a pipeline step whose answer is machine-read: no user rules, memory, reflection or plugins
    features: { rules: false, memory: false, analysis: false, methodology: false, plugins: false },
    warn: () => undefined,
  });
  const result = await agent.run(r.task);
  const answer = answerOf<T>(result.payload);
  if (answer) return answer;
  if (result.status === 'failed') {
    throw new JarvisError('llm_http', `${r.name}: ${result.error?.message ?? result.result}`, { data: { code: result.error?.code } });
  }
  if (result.status === 'interrupted') throw new JarvisError('llm_aborted', `${r.name}: interrupted`);
  const reason = `the model ended without a <${r.tag}> block (${result.status})`;
  r.onInvalid(0, reason);
  return { kind: 'invalid', reason, attempts: 0 };
}
