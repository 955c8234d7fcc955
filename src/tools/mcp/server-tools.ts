import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { paramsFromJsonSchema } from '../external/json-schema-params.js';
import { defineTool, toolError, type Tool, type ToolContext, type ToolResult } from '../tool.js';
import { truncateOutput } from '../truncate.js';
import { McpCallError, type McpConnection } from './connection.js';
import { callResultText, resourceText } from './result-text.js';

/** A tool as a server lists it (the fields we use). */
export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: unknown;
}

/** Names the model writes (docs/extending.md, "An MCP server"): `{server}.tool_call.{tool}` and the two resource tools. */
export const toolCallName = (server: string, tool: string): string => `${server}.tool_call.${safeName(tool)}`;
export const resourceListName = (server: string): string => `${server}.resource.get_resource_list`;
export const resourceGetName = (server: string): string => `${server}.resource.get_resource`;

/** MCP allows characters in tool names (`/`, spaces) that our tool names do not. */
function safeName(name: string): string {
  const s = name.replace(/[^\w.-]/g, '_');
  return s === '' ? '_' : s;
}

/** A resource listing stops here and says so: thousands of URIs would only fill the context. */
const MAX_LISTED_RESOURCES = 500;

/** A failed request is a result the model reads; anything else is a bug the registry reports. */
async function answer(work: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof McpCallError) return toolError(e.code, e.message);
    throw e;
  }
}

function shown(text: string, ctx: ToolContext, label: string): string {
  return truncateOutput(text === '' ? '(no output)' : text, { runDir: ctx.runDir, root: ctx.root, label }).text;
}

/** Appends, once, the note that the server was restarted since the model last used it. */
function withNote(conn: McpConnection, text: string): string {
  const note = conn.takeRestartNote();
  return note ? `${text}\n${note}` : text;
}

/** One registered tool per listed server tool; skipped names are reported through `warn`. */
export function callTools(conn: McpConnection, listed: readonly ListedTool[], warn: (m: string) => void): Tool[] {
  const server = conn.server.name;
  const seen = new Set<string>();
  const out: Tool[] = [];
  for (const t of listed) {
    const name = toolCallName(server, t.name);
    if (seen.has(name)) {
      warn(`MCP server ${server}: tool "${t.name}" is skipped: its name clashes with another tool as ${name}`);
      continue;
    }
    let params: z.ZodType;
    try {
      params = paramsFromJsonSchema(t.inputSchema, { validate: false });
    } catch (e) {
      warn(`MCP server ${server}: tool "${t.name}" is skipped: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    seen.add(name);
    const schemaText = JSON.stringify(t.inputSchema);
    const title = t.title && t.title !== t.name ? `${t.title}. ` : '';
    out.push(
      defineTool({
        name,
        description: `${title}${t.description?.trim() || `Tool ${t.name}`} (MCP server ${server})`,
        params,
        run: (args, ctx) =>
          answer(async () => {
            const what = `tool ${t.name}`;
            const result = await conn.request(
              what,
              (client, options) => client.callTool({ name: t.name, arguments: args as Record<string, unknown> }, undefined, options),
              ctx.signal,
            );
            const text = withNote(conn, shown(callResultText(result), ctx, `mcp-${server}`));
            if (result.isError === true) {
              // Servers built on the SDK report schema violations as an error result carrying the JSON-RPC code.
              if (text.includes(`MCP error ${ErrorCode.InvalidParams}`)) {
                return toolError('invalid_arguments', `${text}\nCall ${name} again with arguments matching this JSON Schema: ${schemaText}`);
              }
              return toolError('failed', `${t.name} (MCP server ${server}) reported an error:\n${text}`);
            }
            return { forModel: text, forUser: `${server}: ${t.name} done`, data: { server, tool: t.name } };
          }),
      }),
    );
  }
  return out;
}

/** `get_resource_list` and `get_resource` for a server that offers resources. */
export function resourceTools(conn: McpConnection): Tool[] {
  const server = conn.server.name;
  const list = defineTool({
    name: resourceListName(server),
    description: `Lists the resources (and resource templates) MCP server ${server} offers: URI, name, type, description. Read one with ${resourceGetName(server)}.`,
    params: z.object({}).strict(),
    run: (_args, ctx) =>
      answer(async () => {
        const lines = await conn.request('get_resource_list', async (client, options) => {
          const found: string[] = [];
          let cursor: string | undefined;
          do {
            const page = await client.listResources(cursor ? { cursor } : undefined, options);
            for (const r of page.resources) {
              const extra = [r.mimeType, r.description].filter(Boolean).join('; ');
              found.push(`${r.uri} — ${r.name}${extra ? ` (${extra})` : ''}`);
            }
            cursor = page.nextCursor;
          } while (cursor && found.length < MAX_LISTED_RESOURCES);
          if (cursor) found.push(`[listing stopped after ${found.length} resources]`);
          const templates = await client.listResourceTemplates(undefined, options).catch(() => ({ resourceTemplates: [] }));
          for (const t of templates.resourceTemplates) found.push(`template ${t.uriTemplate} — ${t.name}${t.description ? ` (${t.description})` : ''}`);
          return found;
        }, ctx.signal);
        const text = lines.length > 0 ? lines.join('\n') : `MCP server ${server} lists no resources.`;
        return { forModel: withNote(conn, shown(text, ctx, `mcp-${server}`)), data: { server, count: lines.length } };
      }),
  });
  const get = defineTool({
    name: resourceGetName(server),
    description: `Reads one resource of MCP server ${server} by URI (see ${resourceListName(server)}).`,
    params: z.object({ uri: z.string().min(1).describe('the resource URI') }).strict(),
    run: (args, ctx) =>
      answer(async () => {
        const result = await conn.request(
          `get_resource ${args.uri}`,
          (client, options) => client.readResource({ uri: args.uri }, options),
          ctx.signal,
        );
        const text = result.contents.map(resourceText).join('\n');
        return { forModel: withNote(conn, shown(text || `Resource ${args.uri} is empty.`, ctx, `mcp-${server}`)), data: { server, uri: args.uri } };
      }),
  });
  return [list, get];
}
