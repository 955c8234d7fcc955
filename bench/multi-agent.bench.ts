/**
 * MultiAgent routing overhead per message, model time excluded: two agents hand 200 messages
 * back and forth through an in-process model that answers at once, with a transcript. Variants:
 * without and with a hand-off summary per message (one extra cheap-model call over the sender's
 * history). Same-run reference: one single-agent TOOL_CALL turn with the same model and transcript,
 * over a history as long as each team agent's (every request is written whole to the transcript,
 * so the per-turn cost grows with the history).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { Agent, AgentFactory } from '../src/agent/index.js';
import { parseTeamDefinition, Team } from '../src/apps/multi/index.js';
import { startRun } from '../src/runs/index.js';
import { defineTool, ToolRegistry } from '../src/tools/index.js';
import { instantPlatform } from './instant-platform.js';

const MESSAGES = 200;

const send = (to: string, i: number) => `<SEND_MESSAGE>\nto: ${to}\ncontent: |\n  Message ${i}: please look at src/file_${i}.c and report.\n</SEND_MESSAGE>`;

async function teamRun(summary: boolean): Promise<{ perMessage: number; route: number }> {
  const root = mkdtempSync(join(tmpdir(), 'jarvis-bench-'));
  try {
    const yaml = `main_agent: a\nagents:\n  - {name: a, system_prompt: You are A., summary_on_send: ${summary}}\n  - {name: b, system_prompt: You are B., summary_on_send: ${summary}}\nmax_messages: ${MESSAGES + 10}\n`;
    const normal = instantPlatform((n) => (n === MESSAGES ? 'All done. <!!!COMPLETE!!!>' : send(n % 2 === 0 ? 'b' : 'a', n)));
    const cheap = instantPlatform(() => 'The sender read three files and found nothing unusual.');
    const { writer } = startRun({ projectDir: root, command: 'bench', argv: [] });
    const agents = new AgentFactory(
      { root, models: () => ({ normal, cheap }), tools: () => [], rulesDataDir: false, defaults: { autoSummaryRounds: 0, toolReminderRounds: 1000, needSummary: false } },
      { transcript: writer, interactive: false },
    );
    const team = new Team({ definition: parseTeamDefinition(yaml, 'bench.yaml'), agents });
    const t0 = performance.now();
    const r = await team.run('Bench task.');
    const ms = performance.now() - t0 - normal.modelMs - cheap.modelMs;
    if (r.status !== 'completed' || r.route.length !== MESSAGES) throw new Error(`team bench ended ${r.status} after ${r.route.length} messages: ${r.result}`);
    return { perMessage: ms / MESSAGES, route: r.route.length };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function singleAgentTurn(turns: number): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'jarvis-bench-'));
  try {
    const call = '<TOOL_CALL>\nwant: the text\nname: echo\narguments:\n  text: hello\n</TOOL_CALL>';
    const model = instantPlatform((n) => (n === turns ? 'All done. <!!!COMPLETE!!!>' : call));
    const { writer } = startRun({ projectDir: root, command: 'bench', argv: [] });
    const agent = new Agent({
      systemPrompt: 'You are A.',
      platform: model,
      tools: new ToolRegistry([defineTool({ name: 'echo', description: 'echo', params: z.object({ text: z.string() }), run: async (a) => ({ forModel: a.text }) })]),
      root,
      transcript: writer,
      interactive: false,
      needSummary: false,
      autoSummaryRounds: 0,
      toolReminderRounds: 1000,
      rulesDataDir: false,
    });
    const t0 = performance.now();
    const r = await agent.run('Bench task.');
    if (r.status !== 'completed') throw new Error(`single-agent bench ended ${r.status}`);
    return (performance.now() - t0 - model.modelMs) / turns;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Best of three: the machine is shared and the transcript fsyncs every line, so single runs are noisy. */
async function best(run: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) times.push(await run());
  return Math.min(...times);
}

export default async function bench(): Promise<void> {
  await teamRun(false); // warm-up: module loading and JIT out of the figures
  const plain = await best(async () => (await teamRun(false)).perMessage);
  const withSummary = await best(async () => (await teamRun(true)).perMessage);
  // each team agent holds a history of MESSAGES/2 turns: the reference gets one of the same length
  const turn = await best(() => singleAgentTurn(MESSAGES / 2));
  console.log(`team routing, ${MESSAGES} messages between 2 agents, transcript on, model time excluded, best of 3:`);
  console.log(`  per message, no hand-off summary:   ${plain.toFixed(2)} ms`);
  console.log(`  per message, with hand-off summary: ${withSummary.toFixed(2)} ms`);
  console.log(`  reference: one single-agent TOOL_CALL turn (${MESSAGES / 2}-turn history): ${turn.toFixed(2)} ms`);
}
