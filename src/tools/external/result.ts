import { toolError, type ToolContext, type ToolErrorCode, type ToolResult } from '../tool.js';
import { truncateOutput } from '../truncate.js';

/**
 * What a user tool's execute() may return, turned into a ToolResult:
 * - a string: the text the model reads;
 * - `{ success, stdout?, stderr? }` (the shape of the Python tools this project re-designs):
 *   `<stdout>`/`<stderr>` blocks, an error when `success` is false;
 * - `{ forModel, forUser?, data?, error? }`: our own result, used as it is;
 * - anything else: shown as JSON.
 */

const CODES: ReadonlySet<string> = new Set<ToolErrorCode>([
  'unknown_tool',
  'invalid_arguments',
  'not_found',
  'outside_root',
  'refused',
  'timeout',
  'aborted',
  'failed',
  'internal',
]);

function cap(text: string, ctx: ToolContext, name: string): string {
  return truncateOutput(text, { runDir: ctx.runDir, root: ctx.root, label: `tool-${name}` }).text;
}

export function externalResult(value: unknown, name: string, ctx: ToolContext): ToolResult {
  if (typeof value === 'string') return { forModel: cap(value === '' ? '(no output)' : value, ctx, name) };
  if (value === undefined || value === null) return { forModel: '(no output)' };
  if (typeof value !== 'object') return { forModel: String(value) };
  const v = value as Record<string, unknown>;
  if (typeof v.forModel === 'string') {
    const err = v.error as { code?: unknown; message?: unknown } | undefined;
    const code = typeof err?.code === 'string' && CODES.has(err.code) ? (err.code as ToolErrorCode) : 'failed';
    const text = cap(v.forModel, ctx, name);
    return {
      forModel: text,
      ...(typeof v.forUser === 'string' ? { forUser: v.forUser } : {}),
      ...(typeof v.data === 'object' && v.data !== null ? { data: v.data as Record<string, unknown> } : {}),
      ...(err ? { error: { code, message: typeof err.message === 'string' ? err.message : text } } : {}),
    };
  }
  if (typeof v.success === 'boolean') {
    const parts: string[] = [];
    if (typeof v.stdout === 'string' && v.stdout !== '') parts.push(`<stdout>\n${v.stdout}\n</stdout>`);
    if (typeof v.stderr === 'string' && v.stderr !== '') parts.push(`<stderr>\n${v.stderr}\n</stderr>`);
    const text = cap(parts.join('\n') || '(no output)', ctx, name);
    return v.success ? { forModel: text } : toolError('failed', `${name} failed:\n${text}`);
  }
  return { forModel: cap(JSON.stringify(value, null, 2), ctx, name) };
}
