/**
 * Streaming tag parser throughput on a 1 MB reply of mixed prose, code with `<`, and action
 * blocks (one REWRITE body of 256 KB), fed in 1-byte, 64-byte and 4 KB chunks, plus the
 * whole reply in one piece as the same-run reference. Every chunking must give the same events.
 */
import { performance } from 'node:perf_hooks';
import { ACTION_TAGS, coalesceText, createTagParser, type TagEvent } from '../src/agent/protocol/index.js';

function makeReply(size: number): string {
  const parts: string[] = [];
  let len = 0;
  const add = (s: string) => {
    parts.push(s);
    len += s.length;
  };
  const prose = 'The loop reads `buf[i]` while i < n && n > 0; see <stdio.h> and a <b>tag</b> lookalike. ';
  const big = `<REWRITE file="src/big.c">\n${'for (int i = 0; i < n; i++) { if (a[i] < b[i]) swap(&a[i], &b[i]); }\n'.repeat(3700)}</REWRITE>\n`;
  let i = 0;
  while (len < size) {
    add(prose.repeat(20));
    if (i === 10) add(big);
    add(`<TOOL_CALL>\nwant: size\nname: read_file\narguments:\n  path: src/f${i}.c\n</TOOL_CALL>\n`);
    add(`<PATCH file=src/f${i}.c>\n<DIFF>\n<SEARCH>int x = a < b;</SEARCH>\n<REPLACE>int x = a <= b;</REPLACE>\n</DIFF>\n</PATCH>\n`);
    i++;
  }
  return parts.join('').slice(0, size);
}

function run(reply: string, chunk: number): { ms: number; events: TagEvent[] } {
  const t0 = performance.now();
  const p = createTagParser({ tags: ACTION_TAGS });
  const events: TagEvent[] = [];
  for (let at = 0; at < reply.length; at += chunk) {
    for (const e of p.push(reply.slice(at, at + chunk))) events.push(e);
  }
  for (const e of p.end()) events.push(e);
  return { ms: performance.now() - t0, events };
}

/**
 * The obvious way, for comparison: append each chunk to one buffer and search it from the
 * start of the open block every time, holding back the last 100 characters of text.
 */
function naive(reply: string, chunk: number): { ms: number; blocks: number } {
  const t0 = performance.now();
  const names = ACTION_TAGS.map((t) => t.name).join('|');
  const open = new RegExp(`<(${names})(?:\\s[^>\\n]*)?>`);
  let buf = '';
  let inBlock: string | undefined;
  let blocks = 0;
  for (let at = 0; at < reply.length; at += chunk) {
    buf += reply.slice(at, at + chunk);
    for (;;) {
      if (inBlock) {
        const i = buf.indexOf(`</${inBlock}>`);
        if (i < 0) break;
        blocks++;
        buf = buf.slice(i + inBlock.length + 3);
        inBlock = undefined;
      } else {
        const m = open.exec(buf);
        if (m) {
          inBlock = m[1];
          buf = buf.slice(m.index + m[0].length);
        } else {
          if (buf.length > 100) buf = buf.slice(buf.length - 100);
          break;
        }
      }
    }
  }
  return { ms: performance.now() - t0, blocks };
}

export default async function bench(): Promise<void> {
  const reply = makeReply(1 << 20);
  const mb = reply.length / (1 << 20);
  const reference = JSON.stringify(coalesceText(run(reply, reply.length).events));
  const blocks = (JSON.parse(reference) as TagEvent[]).filter((e) => e.type === 'block').length;
  console.log(`reply: ${reply.length} chars, ${blocks} complete blocks`);
  console.log('chunk     ms (best of 3)   MB/s   same events');
  for (const chunk of [1, 64, 4096, reply.length]) {
    let best = Infinity;
    let same = true;
    for (let r = 0; r < 3; r++) {
      const { ms, events } = run(reply, chunk);
      best = Math.min(best, ms);
      same &&= JSON.stringify(coalesceText(events)) === reference;
    }
    const label = chunk === reply.length ? 'whole' : `${chunk} B`;
    console.log(`${label.padEnd(9)} ${best.toFixed(1).padStart(14)}   ${(mb / (best / 1000)).toFixed(1).padStart(6)}   ${same ? 'yes' : 'NO'}`);
    if (!same) throw new Error(`${label} chunks gave different events`);
  }
  // 1-byte chunks are left out: the naive way is quadratic in the 256 KB block there
  console.log('naive re-scan (same reply; blocks found):');
  for (const chunk of [64, 4096]) {
    const { ms, blocks: n } = naive(reply, chunk);
    console.log(`${`${chunk} B`.padEnd(9)} ${ms.toFixed(1).padStart(14)}   ${(mb / (ms / 1000)).toFixed(1).padStart(6)}   ${n} blocks`);
  }
}
