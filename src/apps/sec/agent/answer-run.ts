import { Agent, answerOf, createAnswerAction, createToolCallHandler, type AnswerPayload } from '../../../agent/index.js';
import type { Platform } from '../../../llm/index.js';
import type { TranscriptWriter } from '../../../runs/index.js';
import type { ToolRegistry } from '../../../tools/index.js';
import { JarvisError } from '../../../util/errors.js';
import type { Parsed } from './answers.js';

/** What every sec agent run shares: the model, where it works, and what it may see. */
export interface AgentEnv {
  platform: Platform;
  root: string;
  transcript?: TranscriptWriter;
  env?: NodeJS.ProcessEnv;
  secretEnvNames?: readonly string[];
  signal?: AbortSignal;
  /** a tool call running longer is stopped (default 300 s) */
  toolTimeoutMs?: number;
}

export interface AnswerRun<T> {
  name: string;
  role: string;
  task: string;
  tag: string;
  usage: string;
  tools: ToolRegistry;
  parse: (body: string) => Parsed<T>;
  onInvalid: (attempt: number, reason: string) => void;
}

/**
 * Runs one agent to its `<TAG>` answer. A run that ends without any answer (the model kept
 * talking, or completed without one) counts as invalid; a run that failed on the model side
 * (network, auth, a script run dry) throws: the stage cannot go on without a model.
 */
export async function runForAnswer<T>(env: AgentEnv, r: AnswerRun<T>): Promise<AnswerPayload<T>> {
  const handler = createAnswerAction<T>({ tag: r.tag, usage: r.usage, parse: r.parse, onInvalid: r.onInvalid, record: 'sec_answer' });
  const agent = new Agent({
    name: r.name,
    systemPrompt: r.role,
    platform: env.platform,
    tools: r.tools,
    handlers: [createToolCallHandler(r.tools), handler],
    root: env.root,
    ...(env.transcript ? { transcript: env.transcript } : {}),
    interactive: false,
    needSummary: false,
    rulesDataDir: false,
    maxIdleReprompts: 2,
    toolTimeoutMs: env.toolTimeoutMs ?? 300_000,
    ...(env.env ? { env: env.env } : {}),
    secretEnvNames: env.secretEnvNames ?? [],
    ...(env.signal ? { signal: env.signal } : {}),
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
