/**
 * MCP and external tools: how long servers take to start and stop, and what our layer adds to a
 * call, against the raw SDK client on the same connection in the same run. Servers are
 * @modelcontextprotocol/server-everything from node_modules (stdio and streamable HTTP).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadExternalTools } from '../src/tools/external/index.js';
import { McpManager } from '../src/tools/mcp/index.js';
import { ToolRegistry } from '../src/tools/registry.js';
import type { ToolContext } from '../src/tools/tool.js';
import { everythingStdio, serverConfig, startEverythingHttp } from '../test/support/mcp-peers.js';

const CALLS = 200;

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;
}

async function timed(fn: () => Promise<unknown>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

const fmt = (ms: number) => ms.toFixed(ms < 10 ? 2 : 0);

async function transport(label: string, server: ReturnType<typeof everythingStdio>, ctx: ToolContext): Promise<string[]> {
  const rows: string[] = [];
  const starts: number[] = [];
  const closes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const m = await McpManager.start({ servers: [server], baseDir: ctx.root, warn: (w) => console.error(w) });
    starts.push(performance.now() - t);
    if (i === 2) {
      const reg = new ToolRegistry(m.tools());
      const client = await m.connection(server.name)?.connect();
      if (!client) throw new Error(`${label}: no connection`);
      await reg.invoke(`${server.name}.tool_call.echo`, { message: 'warm' }, ctx);
      // interleaved, so load from other jobs hits both sides alike
      const ours: number[] = [];
      const raw: number[] = [];
      for (let k = 0; k < CALLS; k++) {
        ours.push(...(await timed(() => reg.invoke(`${server.name}.tool_call.echo`, { message: 'ping' }, ctx), 1)));
        raw.push(...(await timed(() => client.callTool({ name: 'echo', arguments: { message: 'ping' } }), 1)));
      }
      ours.sort((a, b) => a - b);
      raw.sort((a, b) => a - b);
      rows.push(`| ${label} | echo via registry.invoke | ${fmt(pct(ours, 50))} | ${fmt(pct(ours, 95))} |`);
      rows.push(`| ${label} | same-run reference: raw SDK callTool | ${fmt(pct(raw, 50))} | ${fmt(pct(raw, 95))} |`);
    }
    const c = performance.now();
    await m.close();
    closes.push(performance.now() - c);
  }
  starts.sort((a, b) => a - b);
  closes.sort((a, b) => a - b);
  rows.unshift(`| ${label} | start + list tools (median of 3) | ${fmt(starts[1] as number)} | max ${fmt(starts[2] as number)} |`);
  rows.push(`| ${label} | close() (median of 3) | ${fmt(closes[1] as number)} | max ${fmt(closes[2] as number)} |`);
  return rows;
}

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-mcp-'));
  const ctx: ToolContext = { root: dir, runDir: join(dir, 'run'), interactive: false, env: {} };
  const peer = await startEverythingHttp('streamableHttp');
  try {
    const rows = [
      ...(await transport('stdio', everythingStdio('every'), ctx)),
      ...(await transport('streamable HTTP', serverConfig({ name: 'web', type: 'streamable', url: peer.url }), ctx)),
    ];
    const tools = join(dir, 'tools');
    mkdirSync(tools);
    for (let i = 0; i < 20; i++) {
      writeFileSync(
        join(tools, `t${i}.mjs`),
        `export const name = 't${i}'; export const description = 'Tool ${i}.';
export const parameters = { type: 'object', properties: { a: { type: 'string' }, n: { type: 'integer', minimum: 0 } }, required: ['a'] };
export function execute(args) { return args.a; }`,
      );
    }
    const loads = await timed(() => loadExternalTools({ dirs: [tools], warn: (w) => console.error(w) }), 3);
    rows.push(`| external | load 20 tool modules (median of 3) | ${fmt(loads[1] as number)} | max ${fmt(loads[2] as number)} |`);
    console.log('| transport | measure | median ms | p95 ms |\n| --- | --- | ---: | ---: |');
    console.log(rows.join('\n'));
  } finally {
    await peer.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
