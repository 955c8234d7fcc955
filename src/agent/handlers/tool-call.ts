import { parse as parseYaml } from 'yaml';
import type { TagSpec } from '../protocol/index.js';
import { toolError, truncateOutput, type CheckedCall, type ToolRegistry, type ToolResult } from '../../tools/index.js';
import { describeError } from '../../util/index.js';
import { blocksNamed, hasBlocks, refusal, type HandlerContext, type OutputHandler, type ParsedReply, type Prepared } from './handler.js';

/**
 * `<TOOL_CALL>` (docs/agent.md): a YAML (or JSON) body with `want`, `name` and `arguments`.
 * Exactly one block per reply; a block missing its closing tag is accepted when its body
 * parses. `prepare` reads the block and has the registry check the call (the tool exists, the
 * arguments fit its schema); every mistake goes back to the model with the usage help.
 */

export const TOOL_CALL = 'TOOL_CALL';

export interface ToolCallRequest {
  want: string;
  name: string;
  arguments: unknown;
}

const FORMAT = `<TOOL_CALL>
want: what you need from the result (one line)
name: tool_name
arguments:
  param: value
  multi_line_param: |
    line one
    line two
</TOOL_CALL>`;

export function toolCallUsage(toolSection: string): string {
  return [
    'TOOL_CALL runs one tool. Write exactly one block per reply, then stop and wait for the result:',
    FORMAT,
    '- `want`, `name` and `arguments` are required; `arguments` is a mapping (use `{}` for none).',
    '- The body is YAML (a JSON object works too). Use a `|` block for multi-line values.',
    '- Never write the result yourself: it arrives in the next message.',
    toolSection ? `Available tools:\n\n${toolSection}` : 'No tools are available in this session.',
  ].join('\n');
}

type Parsed = { ok: true; call: ToolCallRequest } | { ok: false; reason: string };

/** Reads a TOOL_CALL body: YAML first, then JSON (models write both). */
export function parseToolCallBody(body: string): Parsed {
  let doc: unknown;
  try {
    doc = parseYaml(body, { uniqueKeys: true, maxAliasCount: 50, logLevel: 'error' });
  } catch (yamlError) {
    try {
      doc = JSON.parse(body) as unknown;
    } catch {
      return { ok: false, reason: `the body is neither valid YAML nor JSON: ${describeError(yamlError).split('\n')[0]}` };
    }
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    return { ok: false, reason: 'the body must be a mapping with `want`, `name` and `arguments`' };
  }
  const obj = doc as Record<string, unknown>;
  const missing = ['want', 'name', 'arguments'].filter((k) => !Object.hasOwn(obj, k));
  if (missing.length > 0) return { ok: false, reason: `missing required field${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}` };
  const extra = Object.keys(obj).filter((k) => !['want', 'name', 'arguments'].includes(k));
  if (extra.length > 0) return { ok: false, reason: `unknown field${extra.length > 1 ? 's' : ''}: ${extra.join(', ')}` };
  if (typeof obj.name !== 'string' || obj.name.trim() === '') return { ok: false, reason: '`name` must be the tool name as a string' };
  if (typeof obj.want !== 'string' && obj.want !== null) return { ok: false, reason: '`want` must be a one-line string' };
  let args = obj.arguments;
  if (typeof args === 'string') {
    if (args.trim() === '') args = {};
    else {
      try {
        args = JSON.parse(args) as unknown;
      } catch (e) {
        return { ok: false, reason: `\`arguments\` is a string that is not valid JSON (${describeError(e)}); write it as a mapping` };
      }
    }
  }
  if (args === null) args = {};
  if (typeof args !== 'object' || Array.isArray(args)) return { ok: false, reason: '`arguments` must be a mapping of parameter names to values' };
  return { ok: true, call: { want: typeof obj.want === 'string' ? obj.want : '', name: obj.name.trim(), arguments: args } };
}

/** `tools` is the registry whose active tools the usage text lists (it changes after tool filtering). */
export function createToolCallHandler(tools: ToolRegistry): OutputHandler {
  const tags: TagSpec[] = [{ name: TOOL_CALL }];
  return {
    name: TOOL_CALL,
    tags,
    canHandle: (reply) => hasBlocks(reply, tags),
    usage: () => toolCallUsage(tools.renderForPrompt()),
    prepare(reply: ParsedReply, ctx: HandlerContext): Prepared {
      const refuse = (reason: string): Prepared => {
        ctx.record({ type: 'tool_call_rejected', reason });
        return refusal(`Your <TOOL_CALL> was not run: ${reason}.\n\n${toolCallUsage(ctx.tools.renderForPrompt())}`);
      };
      const { complete, unclosed } = blocksNamed(reply, TOOL_CALL);
      const count = complete.length + unclosed.length;
      if (count > 1) return refuse(`the reply holds ${count} <TOOL_CALL> blocks; write exactly one per reply and wait for its result`);
      const block = complete[0] ?? unclosed[0];
      if (!block) return refuse('no <TOOL_CALL> block was found');
      const parsed = parseToolCallBody(block.body);
      if (!parsed.ok) {
        const cut = complete.length === 0 ? ' (the block also lacks its closing </TOOL_CALL>)' : '';
        return refuse(`${parsed.reason}${cut}`);
      }
      const repaired = complete.length === 0;
      const { call } = parsed;
      ctx.record({ type: 'tool_call', name: call.name, want: call.want, arguments: call.arguments, repaired });
      const checked = ctx.tools.check(call.name, call.arguments);
      // an unknown tool or bad arguments: the registry's answer lists the tools or the schema
      if (!checked.ok) return { refused: renderResult(call, checked.result, ctx, repaired) };
      const c = checked.call;
      return {
        invocation: {
          handler: TOOL_CALL,
          kind: 'tool',
          name: c.tool,
          args: c.args,
          ...(c.reads ? { reads: c.reads } : {}),
          ...(c.writes ? { writes: c.writes } : {}),
          description: c.description,
          execute: async (x) => renderResult(call, await runWithTimeout(c, call.name, x), x, repaired),
        },
      };
    },
  };
}

async function runWithTimeout(c: CheckedCall, name: string, ctx: HandlerContext): Promise<ToolResult> {
  const ctrl = new AbortController();
  const onAbort = () => ctrl.abort();
  if (ctx.signal.aborted) ctrl.abort();
  else ctx.signal.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ctx.toolTimeoutMs);
  });
  try {
    const toolCtx = { root: ctx.root, runDir: ctx.runDir, signal: ctrl.signal, interactive: ctx.interactive, ask: ctx.ask, env: ctx.env };
    const r = await Promise.race([c.run(toolCtx), timedOut]);
    if (r !== 'timeout') return r;
    ctrl.abort();
    const secs = Math.round(ctx.toolTimeoutMs / 100) / 10;
    return toolError('timeout', `${name} did not finish within ${secs} s and was stopped. Try a smaller or faster request.`);
  } finally {
    clearTimeout(timer);
    ctx.signal.removeEventListener('abort', onAbort);
  }
}

/**
 * The tool's result as the model reads it: a head naming the call, the text cut by the 60-line
 * rule (the whole of it saved), and the tool's `forUser`, `data` and `error` passed on.
 */
function renderResult(call: ToolCallRequest, result: ToolResult, ctx: HandlerContext, repaired: boolean): ToolResult {
  const cut = truncateOutput(result.forModel, { runDir: ctx.runDir, root: ctx.root, label: `tool-${call.name.replace(/[^\w.-]/g, '_')}` });
  ctx.record({
    type: 'tool_result',
    name: call.name,
    ...(result.error ? { error: result.error } : {}),
    chars: result.forModel.length,
    truncated: cut.truncated,
    ...(cut.savedPath ? { saved_path: cut.savedPath } : {}),
  });
  const head = result.error
    ? `TOOL_CALL ${call.name} failed (${result.error.code}):`
    : `TOOL_CALL ${call.name} result${call.want ? ` (you wanted: ${call.want})` : ''}:`;
  const note = repaired ? '\n(Your block lacked its closing </TOOL_CALL>; it was accepted this time. Always close it.)' : '';
  return { ...result, forModel: `${head}\n${cut.text || '(no output)'}${note}` };
}
