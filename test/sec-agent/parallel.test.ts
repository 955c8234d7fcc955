import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSecAgent } from '../../src/apps/sec/agent/index.js';
import type { ChatRequest, ChatResult, Platform } from '../../src/llm/index.js';
import { secAgents, clusters, fixtureRepo, report } from './fixture.js';

/**
 * A model that answers from the gids its task lists, after a delay that makes later requests
 * finish first: with several jobs the completion order differs from the task order.
 */
function gidModel(): Platform & { maxInFlight: number } {
  let inFlight = 0;
  let calls = 0;
  const model = {
    name: 'test',
    model: 'gid-model',
    maxInFlight: 0,
    async chat(req: ChatRequest): Promise<ChatResult> {
      inFlight++;
      model.maxInFlight = Math.max(model.maxInFlight, inFlight);
      const task = req.messages.find((m) => m.role === 'user')?.content ?? '';
      const list = (re: RegExp) => (re.exec(task)?.[1] ?? '').split(',').map((s) => Number(s.trim())).filter((n) => n > 0);
      const batch = list(/gids of this batch: ([\d, ]+)/);
      const text = batch.length > 0
        ? clusters(...batch.map((g): [string, number[]] => [`check ${g}`, [g]]))
        : report(...list(/gids to decide: ([\d, ]+)/).map((g) => (g % 2 === 1 ? { gid: g, risk: true as const } : { gid: g, risk: false as const, reason: `r${g}` })));
      await new Promise((r) => setTimeout(r, 80 - 15 * (calls++ % 5)));
      inFlight--;
      return { text, finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1, estimated: true }, cost: 0, latencyMs: 1, attempts: 1, model: 'gid-model' };
    },
  };
  return model;
}

describe('jsec agent --jobs', () => {
  it('runs agents concurrently and writes the same artifacts as one job', async () => {
    const serial = fixtureRepo();
    const one = gidModel();
    const a = await runSecAgent(serial, { agents: secAgents(one), jobs: 1 });
    const parallel = fixtureRepo();
    const four = gidModel();
    const b = await runSecAgent(parallel, { agents: secAgents(four), jobs: 4 });
    expect(one.maxInFlight).toBe(1);
    expect(four.maxInFlight).toBeGreaterThan(1);
    expect(b.report.confirmed.map((c) => c.gid)).toEqual([1, 3, 5]);
    expect(b.texts.md.split(parallel).join('<root>')).toBe(a.texts.md.split(serial).join('<root>'));
    for (const name of ['cluster_report.jsonl', 'agent_issues.jsonl']) {
      expect(readFileSync(join(parallel, '.jarvis/sec', name), 'utf8')).toBe(readFileSync(join(serial, '.jarvis/sec', name), 'utf8'));
    }
  });
});
