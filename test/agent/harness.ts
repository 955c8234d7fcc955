import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { Agent, type AgentOptions } from '../../src/agent/index.js';
import { createScriptedPlatformFromReplies, loadScript, type ScriptedPlatform, type ScriptedReply } from '../../src/llm/index.js';
import { readRecords, startRun, type TranscriptRecord } from '../../src/runs/index.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import { defineTool, toolError } from '../../src/tools/tool.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * Scenario harness: a temp directory, a scripted model, real tools and a real transcript.
 * Only the model is scripted; everything else (files, edits, transcript) is the real thing.
 */

export interface ToolLog {
  calls: { name: string; args: unknown }[];
}

/** Small real tools: they do what they say, and log every run so tests can tell whether one ran. */
export function testTools(log: ToolLog): ToolRegistry {
  return new ToolRegistry([
    defineTool({
      name: 'echo',
      description: 'Returns the text it is given.',
      params: z.object({ text: z.string() }),
      async run(args) {
        log.calls.push({ name: 'echo', args });
        return { forModel: `<stdout>\n${args.text}\n</stdout>` };
      },
    }),
    defineTool({
      name: 'count_lines',
      description: 'Prints the numbers 1..n, one per line.',
      params: z.object({ n: z.number().int().positive() }),
      async run(args) {
        log.calls.push({ name: 'count_lines', args });
        return { forModel: Array.from({ length: args.n }, (_, i) => `line ${i + 1}`).join('\n') };
      },
    }),
    defineTool({
      name: 'wait_for_abort',
      description: 'Runs until it is stopped.',
      params: z.object({}),
      run(_args, ctx) {
        log.calls.push({ name: 'wait_for_abort', args: {} });
        return new Promise((resolve) => {
          ctx.signal?.addEventListener('abort', () => resolve(toolError('aborted', 'stopped')), { once: true });
        });
      },
    }),
  ]);
}

export function replies(...texts: (string | ScriptedReply)[]): ScriptedPlatform {
  return createScriptedPlatformFromReplies({ replies: texts, contextWindow: 100_000 });
}

export function scriptFile(name: string): ScriptedPlatform {
  const path = join(import.meta.dirname, name);
  return createScriptedPlatformFromReplies({ replies: loadScript(path), source: path, contextWindow: 100_000 });
}

export interface Scenario {
  root: string;
  agent: Agent;
  log: ToolLog;
  platform: ScriptedPlatform;
  transcript: () => TranscriptRecord[];
  read: (rel: string) => string;
}

export function scenario(
  platform: ScriptedPlatform,
  files: Record<string, string> = {},
  options: Partial<AgentOptions> = {},
): Scenario {
  const root = tempTree(files);
  const log: ToolLog = { calls: [] };
  const { writer } = startRun({ projectDir: root, command: 'test', argv: [] });
  const agent = new Agent({
    systemPrompt: 'You are a test agent.',
    platform,
    tools: testTools(log),
    root,
    transcript: writer,
    interactive: false,
    needSummary: false,
    rulesDataDir: false,
    warn: () => undefined,
    ...options,
  });
  return {
    root,
    agent,
    log,
    platform,
    transcript: () => readRecords(writer.path).records,
    read: (rel) => readFileSync(join(root, rel), 'utf8'),
  };
}

/** The user messages the model received, in order (the last message of each request). */
export function lastMessages(p: ScriptedPlatform): string[] {
  return p.calls.map((c) => c.messages.at(-1)?.content ?? '');
}

export function toolCall(name: string, args: Record<string, unknown>, want = 'the result'): string {
  const body = [`want: ${want}`, `name: ${name}`, 'arguments:', ...Object.entries(args).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`)];
  if (Object.keys(args).length === 0) body[2] = 'arguments: {}';
  return `<TOOL_CALL>\n${body.join('\n')}\n</TOOL_CALL>`;
}
