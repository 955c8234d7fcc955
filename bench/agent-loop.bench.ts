/**
 * Agent loop overhead per turn, model time excluded: 50 tools registered, a 200-message
 * history, an in-process model that answers at once (one TOOL_CALL, then completion). With
 * and without a transcript (which writes every request whole and fsyncs each line). Same-run
 * references: serialising the request as an HTTP provider would, and counting its tokens.
 * Then pruning a 1,000-message history to tool-result stubs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { Agent } from '../src/agent/index.js';
import { pruneToolResults } from '../src/agent/context.js';
import { Session } from '../src/agent/session.js';
import type { Platform } from '../src/llm/index.js';
import { countMessageTokens } from '../src/llm/tokens.js';
import { startRun } from '../src/runs/index.js';
import { defineTool, ToolRegistry } from '../src/tools/index.js';
import { instantPlatform } from './instant-platform.js';

const TOOL_REPLY = '<TOOL_CALL>\nwant: the text\nname: tool_07\narguments:\n  text: hello\n</TOOL_CALL>';
const DONE = 'Finished. <!!!COMPLETE!!!>';

function registry(): ToolRegistry {
  const tools = Array.from({ length: 50 }, (_, i) =>
    defineTool({
      name: `tool_${String(i).padStart(2, '0')}`,
      description: `Benchmark tool number ${i}: returns its text argument.`,
      params: z.object({ text: z.string(), count: z.number().int().optional() }),
      run: async (a) => ({ forModel: `<stdout>\n${a.text}\n</stdout>` }),
    }),
  );
  return new ToolRegistry(tools);
}

/** Answers at once, streaming line by line; keeps the time spent inside chat() out of the figures. */
function instantModel(): Platform & { modelMs: number } {
  return instantPlatform((n) => (n % 2 === 0 ? TOOL_REPLY : DONE));
}

function fillHistory(session: Session, count: number): void {
  for (let i = 0; i < count / 2; i++) {
    session.add('assistant', `Step ${i}: I will read src/file_${i}.c.\n${TOOL_REPLY}`, 'assistant');
    session.add('user', `TOOL_CALL read_code result:\n${'int f(int x) { return x * 2; }\n'.repeat(8)}`, 'tool_result', 'TOOL_CALL');
  }
}

async function loopOverhead(withTranscript: boolean, runs: number): Promise<{ perTurn: number; best: number; turns: number; serialise: number; tokens: number; bytes: number; records: number }> {
  const root = mkdtempSync(join(tmpdir(), 'jarvis-bench-'));
  try {
    const model = instantModel();
    const writer = withTranscript ? startRun({ projectDir: root, command: 'bench', argv: [] }).writer : undefined;
    const agent = new Agent({
      systemPrompt: 'You are a benchmark agent.',
      platform: model,
      tools: registry(),
      root,
      ...(writer ? { transcript: writer } : {}),
      interactive: false,
      needSummary: false,
      autoSummaryRounds: 0,
      toolReminderRounds: 1000,
      toolFilterThreshold: 1000,
      rulesDataDir: false,
    });
    fillHistory(agent.session, 200);
    const base = agent.session.messages.slice();
    // warm up: tokenizer tables, module code, JIT
    await agent.run('warm up');
    // batches, so other jobs on a loaded machine show as spread rather than skewing one mean
    const perBatch: number[] = [];
    let turns = 0;
    let serialise = 0;
    let tokens = 0;
    for (let b = 0; b < 5; b++) {
      model.modelMs = 0;
      let batchTurns = 0;
      const t0 = performance.now();
      for (let i = 0; i < runs / 5; i++) {
        agent.session.messages = base.slice();
        const r = await agent.run(`task ${i}`);
        if (r.status !== 'completed') throw new Error(`run ended ${r.status}: ${r.result}`);
        batchTurns += r.rounds;
      }
      perBatch.push((performance.now() - t0 - model.modelMs) / batchTurns);
      turns += batchTurns;
    }
    perBatch.sort((a, b) => a - b);
    // references, on the same request size (system + 200 messages + the new one)
    const chat = agent.session.toChat();
    const r0 = performance.now();
    for (let i = 0; i < turns; i++) JSON.stringify({ model: 'x', messages: chat });
    serialise = (performance.now() - r0) / turns;
    const k0 = performance.now();
    for (let i = 0; i < Math.min(turns, 50); i++) countMessageTokens(chat);
    tokens = (performance.now() - k0) / Math.min(turns, 50);
    // what the transcript costs on disk, per turn (warm-up run included in the file, so slightly high)
    const text = writer ? readFileSync(writer.path, 'utf8') : '';
    const bytes = text.length / turns;
    const records = text.split('\n').filter(Boolean).length / turns;
    return { perTurn: perBatch[2] as number, best: perBatch[0] as number, turns, serialise, tokens, bytes, records };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function pruning(): { build: number; prune: number; again: number; stubs: number; before: number; after: number } {
  const s = new Session();
  s.setSystemPrompt('system');
  const b0 = performance.now();
  fillHistory(s, 1000);
  const build = performance.now() - b0;
  const before = s.tokens;
  const p0 = performance.now();
  const stubs = pruneToolResults(s);
  const prune = performance.now() - p0;
  const a0 = performance.now();
  pruneToolResults(s);
  const again = performance.now() - a0;
  return { build, prune, again, stubs, before, after: s.tokens };
}

export default async function main(): Promise<void> {
  const f = (n: number) => n.toFixed(3);
  for (const withTranscript of [false, true]) {
    const r = await loopOverhead(withTranscript, withTranscript ? 50 : 200);
    console.log(
      `loop, 50 tools, 200-message history, transcript ${withTranscript ? 'on ' : 'off'}: median ${f(r.perTurn)} ms/turn, best batch ${f(r.best)} ms, ${r.turns} turns ` +
        `(reference: JSON request ${f(r.serialise)} ms, token count of the request ${f(r.tokens)} ms)` +
        (withTranscript ? `; transcript ${Math.round(r.bytes)} bytes and ${r.records.toFixed(1)} records per turn` : ''),
    );
  }
  const p = pruning();
  console.log(
    `pruning a 1,000-message history: ${f(p.prune)} ms for ${p.stubs} stubs (${p.before} → ${p.after} tokens); ` +
      `second pass ${f(p.again)} ms; reference: building the session (token counts) ${f(p.build)} ms`,
  );
}
