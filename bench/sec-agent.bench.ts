/**
 * `jsec agent --jobs N`: wall time of the agent stages (clustering + verification) against a
 * loopback OpenAI-compatible server that answers every request after 200 ms, with 1 and with 4
 * jobs, on a 12-file fixture (24 candidates → 12 clustering calls + 24 verification calls).
 * The server builds each answer from the gids the request lists, so the order in which parallel
 * requests arrive does not matter. Figures: best of 2 per setting; the scan is timed apart.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentFactory } from '../src/agent/index.js';
import { runSecAgent } from '../src/apps/sec/agent/index.js';
import { builtinTools } from '../src/tools/index.js';
import { createPlatform } from '../src/llm/index.js';
import { readJsonl } from '../src/util/files.js';

const DELAY_MS = 200;
const FILES = 12;

function answerFor(prompt: string): string {
  const batch = /gids of this batch: ([\d, ]+)/.exec(prompt);
  if (batch) {
    const gids = (batch[1] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    return `<CLUSTERS>\n${gids.map((g) => `- verification: check candidate ${g}\n  gids: [${g}]`).join('\n')}\n</CLUSTERS>`;
  }
  const task = /gids to decide: ([\d, ]+)/.exec(prompt);
  const gids = (task?.[1] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return `<REPORT>\n${gids
    .map((g) => (Number(g) % 2 === 0 ? `- gid: ${g}\n  has_risk: false\n  reason: never called` : `- gid: ${g}\n  has_risk: true\n  preconditions: p\n  trigger_path: main -> f -> tmpnam\n  consequences: race\n  suggestions: mkstemp`))
    .join('\n')}\n</REPORT>`;
}

async function serve(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as { messages: Array<{ role: string; content: string }>; stream?: boolean };
      const firstUser = body.messages.find((m) => m.role === 'user')?.content ?? '';
      const text = answerFor(firstUser);
      setTimeout(() => {
        const chunk = (delta: object, finish: string | null) =>
          `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        if (body.stream) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(chunk({ role: 'assistant', content: text }, null));
          res.write(chunk({}, 'stop'));
          res.end('data: [DONE]\n\n');
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ id: 'b', object: 'chat.completion', created: 1, model: 'bench', choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }] }));
        }
      }, DELAY_MS);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

function fixture(): string {
  const root = mkdtempSync(join(tmpdir(), 'jsec-agent-bench-'));
  mkdirSync(join(root, 'src'));
  for (let i = 0; i < FILES; i++) {
    writeFileSync(join(root, 'src', `f${i}.c`), `#include <stdio.h>\nvoid a${i}(void) { char n[32]; tmpnam(n); }\nvoid b${i}(void) { char m[32]; tmpnam(m); }\n`);
  }
  execFileSync('git', ['init', '-q'], { cwd: root });
  execFileSync('git', ['add', '.'], { cwd: root });
  execFileSync('git', ['-c', 'user.email=b@example.com', '-c', 'user.name=b', '-c', 'commit.gpgsign=false', 'commit', '-qm', 'bench'], { cwd: root });
  return root;
}

async function once(url: string, jobs: number): Promise<{ stagesMs: number; totalMs: number; calls: number; confirmed: number }> {
  const root = fixture();
  try {
    const platform = await createPlatform(
      { platform: 'openai-compatible', base_url: url, model: 'bench', api_key_env: 'SEC_BENCH_KEY' } as Parameters<typeof createPlatform>[0],
      { baseDir: root, env: { ...process.env, SEC_BENCH_KEY: 'k' } },
    );
    const t0 = Date.now();
    const agents = new AgentFactory({ root, models: () => ({ normal: platform }), tools: () => builtinTools() }, { interactive: false });
    const r = await runSecAgent(root, { agents, jobs, scan: { jobs: 1 } });
    const totalMs = Date.now() - t0;
    const events = readJsonl<{ ts: string; event: string }>(r.paths.progress);
    const start = Date.parse(events.find((e) => e.event === 'batch_selection')?.ts ?? '');
    const end = Date.parse(events.find((e) => e.event === 'report')?.ts ?? '');
    if (r.failure) throw new Error(r.failure);
    return { stagesMs: end - start, totalMs, calls: events.filter((e) => e.event === 'cluster_status' && (e as { status?: string }).status === 'running').length + events.filter((e) => e.event === 'task_status' && (e as { status?: string }).status === 'running').length, confirmed: r.report.confirmed.length };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export default async function bench(): Promise<void> {
  const server = await serve();
  try {
    const rows: Array<[number, Awaited<ReturnType<typeof once>>]> = [];
    for (const jobs of [1, 4]) {
      const a = await once(server.url, jobs);
      const b = await once(server.url, jobs);
      rows.push([jobs, a.stagesMs <= b.stagesMs ? a : b]);
    }
    for (const [jobs, r] of rows) {
      console.log(`jobs ${jobs}: agent stages ${(r.stagesMs / 1000).toFixed(2)} s, whole run ${(r.totalMs / 1000).toFixed(2)} s, ${r.calls} agent runs, ${r.confirmed} confirmed`);
    }
    const [one, four] = [rows[0]?.[1], rows[1]?.[1]];
    if (one && four) {
      console.log(`4 jobs / 1 job: agent stages ${((four.stagesMs / one.stagesMs) * 100).toFixed(0)}%, whole run ${((four.totalMs / one.totalMs) * 100).toFixed(0)}% (target: at most 35%)`);
      console.log(`model floor: ${one.calls} calls × ${DELAY_MS} ms = ${((one.calls * DELAY_MS) / 1000).toFixed(1)} s serial, ${((Math.ceil(one.calls / 4) * DELAY_MS) / 1000).toFixed(1)} s at 4 jobs`);
    }
  } finally {
    await server.close();
  }
}
