import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { runSecAgent } from '../../src/apps/sec/agent/index.js';
import type { ChatRequest, ChatResult, Platform } from '../../src/llm/index.js';
import { secAgents, clusters, fixtureRepo, report } from './fixture.js';

/**
 * `jsec agent` runs one agent per batch, all stopped by the same Ctrl-C signal. Each agent
 * must let go of that signal when it is done: 11 lingering listeners already print
 * "MaxListenersExceededWarning: … abort listeners added to [AbortSignal]".
 */

/** Answers from the gids its task lists: one cluster per gid, every gid a confirmed risk. */
function gidModel(): Platform & { calls: number } {
  const model = {
    name: 'test',
    model: 'gid-model',
    calls: 0,
    async chat(req: ChatRequest): Promise<ChatResult> {
      model.calls++;
      const task = req.messages.find((m) => m.role === 'user')?.content ?? '';
      const list = (re: RegExp) => (re.exec(task)?.[1] ?? '').split(',').map((s) => Number(s.trim())).filter((n) => n > 0);
      const batch = list(/gids of this batch: ([\d, ]+)/);
      const text = batch.length > 0 ? clusters(...batch.map((g): [string, number[]] => [`check ${g}`, [g]])) : report(...list(/gids to decide: ([\d, ]+)/).map((g) => ({ gid: g, risk: true as const })));
      return { text, finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1, estimated: true }, cost: 0, latencyMs: 1, attempts: 1, model: 'gid-model' };
    },
  };
  return model;
}

const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
afterEach(() => {
  process.off('warning', onWarning);
});

describe('jsec agent and the stop signal', () => {
  it('a 26-agent run leaves no abort listener behind and prints no MaxListenersExceededWarning', async () => {
    // 13 files with one candidate each: 13 clustering batches and 13 verifications, one agent each
    const files: Record<string, string> = {};
    for (let i = 0; i < 13; i++) files[`src/f${i}.c`] = `#include <stdio.h>\nvoid f${i}(void) { char n[32]; tmpnam(n); }\n`;
    const repo = fixtureRepo(files);
    const stop = new AbortController();
    process.on('warning', onWarning);
    const model = gidModel();

    const r = await runSecAgent(repo, { agents: secAgents(model, { signal: stop.signal }), jobs: 1 });

    expect(r.report.confirmed.length).toBeGreaterThanOrEqual(13);
    expect(model.calls).toBeGreaterThanOrEqual(26);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
    // warnings are emitted on the next tick
    await new Promise((res) => setImmediate(res));
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
