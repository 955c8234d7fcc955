import { z } from 'zod';
import { JarvisError, describeError, isJarvisError } from '../util/index.js';
import { toolError, type Tool, type ToolContext, type ToolPaths, type ToolResult } from './tool.js';

/** What the model is shown for one tool. */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments, as the model should write them. */
  parameters: Record<string, unknown>;
}

/**
 * The tools an agent may call. Only `invoke()` turns model input into a call: it looks the
 * name up among the active tools, validates the arguments, runs the tool and returns a
 * result. Nothing the model writes makes it throw.
 */
export class ToolRegistry {
  // A Map, not an object: a model-given name such as `constructor` must never resolve.
  private readonly tools = new Map<string, Tool>();
  private readonly specs = new Map<string, ToolSpec>();
  private active: Set<string> | undefined;

  constructor(tools: readonly Tool[] = []) {
    for (const t of tools) this.register(t);
  }

  /** Adds a tool. A second tool with the same name is a programming error. */
  register(tool: Tool): this {
    if (!/^[A-Za-z_][\w.-]*$/.test(tool.name)) {
      throw new JarvisError('internal', `tool name "${tool.name}" is not a valid identifier`);
    }
    if (this.tools.has(tool.name)) throw new JarvisError('internal', `tool "${tool.name}" is registered twice`);
    this.tools.set(tool.name, tool);
    // Snapshot now: the schema the model sees is fixed for the tool's lifetime.
    this.specs.set(tool.name, { name: tool.name, description: tool.description, parameters: jsonSchemaOf(tool.params) });
    this.active?.add(tool.name);
    return this;
  }

  /** Keeps only these tools active (an agent's whitelist). Unknown names are a config error. */
  use(names: readonly string[]): this {
    this.checkKnown(names, 'use');
    this.active = new Set(names);
    return this;
  }

  /** Deactivates these tools. */
  dontUse(names: readonly string[]): this {
    this.checkKnown(names, 'dont_use');
    this.active ??= new Set(this.tools.keys());
    for (const n of names) this.active.delete(n);
    return this;
  }

  /** The active tool, or undefined; never a property of some prototype. */
  get(name: string): Tool | undefined {
    if (this.active && !this.active.has(name)) return undefined;
    return this.tools.get(name);
  }

  /** Active tool names in registration order. */
  names(): string[] {
    return [...this.tools.keys()].filter((n) => !this.active || this.active.has(n));
  }

  /** What the model is told about each active tool. */
  list(): ToolSpec[] {
    return this.names().map((n) => this.specs.get(n) as ToolSpec);
  }

  /** The tool section of a system prompt: name, description and argument schema of each active tool. */
  renderForPrompt(): string {
    return this.list()
      .map((s) => `### ${s.name}\n${s.description.trim()}\nArguments (JSON Schema): ${JSON.stringify(s.parameters)}`)
      .join('\n\n');
  }

  /**
   * Runs one call the model asked for. Unknown names, bad arguments and tool failures come
   * back as results with `error` set and a message telling the model what to change.
   */
  async invoke(name: unknown, rawArgs: unknown, ctx: ToolContext): Promise<ToolResult> {
    const c = this.check(name, rawArgs);
    return c.ok ? c.call.run(ctx) : c.result;
  }

  /**
   * The first half of `invoke`: looks the tool up and validates the arguments, without running
   * anything. A checked call knows what it will touch (`paths`) before it runs.
   */
  check(name: unknown, rawArgs: unknown): { ok: true; call: CheckedCall } | { ok: false; result: ToolResult } {
    const known = this.names();
    const tool = typeof name === 'string' ? this.get(name) : undefined;
    if (!tool) {
      const shown = typeof name === 'string' ? `"${name}"` : `a ${name === null ? 'null' : typeof name} name`;
      return { ok: false, result: toolError('unknown_tool', `There is no tool named ${shown}. Available tools: ${known.join(', ') || '(none)'}.`) };
    }
    const args = normaliseArgs(rawArgs);
    if (!args.ok) return { ok: false, result: toolError('invalid_arguments', `${args.message}\n${usageOf(this.specs.get(tool.name) as ToolSpec)}`) };
    const parsed = tool.params.safeParse(args.value);
    if (!parsed.success) {
      const message = `Invalid arguments for ${tool.name}:\n${formatIssues(parsed.error)}\n${usageOf(this.specs.get(tool.name) as ToolSpec)}`;
      return { ok: false, result: toolError('invalid_arguments', message) };
    }
    const value: unknown = parsed.data;
    const paths = tool.paths?.(value) ?? {};
    return {
      ok: true,
      call: {
        tool: tool.name,
        args: value,
        ...paths,
        description: tool.describe?.(value) ?? describeCall(tool.name, paths),
        run: (ctx) => this.runChecked(tool, value, ctx),
      },
    };
  }

  private async runChecked(tool: Tool, args: unknown, ctx: ToolContext): Promise<ToolResult> {
    if (ctx.signal?.aborted) return toolError('aborted', `${tool.name} was not run: the run was stopped.`);
    try {
      return await tool.run(args, ctx);
    } catch (e) {
      if (ctx.signal?.aborted) return toolError('aborted', `${tool.name} was stopped: the run was interrupted.`);
      if (isJarvisError(e)) {
        const hint = e.hint ? ` (${e.hint})` : '';
        return toolError('failed', `${tool.name} failed: ${e.message}${hint}`);
      }
      // A bug in a tool must not end the run; the agent may still report it as a harness fault.
      return toolError('internal', `${tool.name} failed with an internal error: ${describeError(e)}`);
    }
  }

  private checkKnown(names: readonly string[], what: string): void {
    const unknown = names.filter((n) => !this.tools.has(n));
    if (unknown.length > 0) {
      throw new JarvisError('usage', `${what}: unknown tool${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`, {
        hint: `known tools: ${[...this.tools.keys()].join(', ')}`,
      });
    }
  }
}

/** A call whose tool exists and whose arguments are valid. */
export interface CheckedCall extends ToolPaths {
  tool: string;
  /** the arguments as the tool's schema parsed them (defaults filled in) */
  args: unknown;
  /** one line for a person, e.g. `read_code (reads src/main.c)` */
  description: string;
  run(ctx: ToolContext): Promise<ToolResult>;
}

function describeCall(name: string, p: ToolPaths): string {
  const parts = [...(p.reads?.length ? [`reads ${p.reads.join(', ')}`] : []), ...(p.writes?.length ? [`writes ${p.writes.join(', ')}`] : [])];
  return parts.length > 0 ? `${name} (${parts.join('; ')})` : name;
}

/** The JSON Schema of what the model writes (input side: defaults make fields optional). */
export function jsonSchemaOf(params: z.ZodType): Record<string, unknown> {
  const schema = z.toJSONSchema(params, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return dropSafeIntegerBounds(schema) as Record<string, unknown>;
}

/** zod writes ±2^53-1 bounds on every integer: noise for the model, dropped. */
function dropSafeIntegerBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(dropSafeIntegerBounds);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'minimum' && v === Number.MIN_SAFE_INTEGER) continue;
    if (k === 'maximum' && v === Number.MAX_SAFE_INTEGER) continue;
    out[k] = dropSafeIntegerBounds(v);
  }
  return out;
}

type Normalised = { ok: true; value: unknown } | { ok: false; message: string };

/** Missing arguments mean none; a string is a JSON body some models send instead of a mapping. */
function normaliseArgs(raw: unknown): Normalised {
  if (raw === undefined || raw === null) return { ok: true, value: {} };
  if (typeof raw !== 'string') return { ok: true, value: raw };
  if (raw.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch (e) {
    return { ok: false, message: `The arguments are a string that is not valid JSON (${describeError(e)}); give them as a mapping.` };
  }
}

function formatIssues(error: z.ZodError): string {
  const lines = error.issues.slice(0, 8).map((i) => {
    const at = i.path.length > 0 ? i.path.map(String).join('.') : '(arguments)';
    return `- ${at}: ${i.message}`;
  });
  if (error.issues.length > 8) lines.push(`- …and ${error.issues.length - 8} more`);
  return lines.join('\n');
}

function usageOf(spec: ToolSpec): string {
  return `Call ${spec.name} again with arguments matching this JSON Schema: ${JSON.stringify(spec.parameters)}`;
}
