import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1:0 speaking the OpenAI chat-completions and Anthropic
 * messages wire formats, streaming (SSE) and not. Each request takes the next scripted step,
 * whichever endpoint it hits; every request is recorded with its headers and JSON body.
 */

export interface UsageNumbers {
  input: number;
  output: number;
}

export type ServerStep =
  | {
      type: 'text';
      text: string;
      /** how the text is split into stream events; default: a few word-aligned pieces */
      chunks?: string[];
      /** 'length' = OpenAI finish_reason length / Anthropic stop_reason max_tokens */
      finish?: 'stop' | 'length';
      /** false: report no usage (OpenAI only) */
      usage?: UsageNumbers | false;
      delayMs?: number;
    }
  | { type: 'error'; status: number; message?: string; code?: string; headers?: Record<string, string>; delayMs?: number }
  /**
   * streams `text`, then destroys the socket mid-reply (non-streaming: destroys it before
   * answering); with `stall`, keeps the socket open and silent instead
   */
  | { type: 'cut'; text: string; stall?: boolean }
  /** never answers; the socket stays open until the client gives up */
  | { type: 'hang' };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** Date.now() when the request arrived */
  at: number;
  wire: 'openai' | 'anthropic' | 'unknown';
}

export interface LlmServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** base_url for openai-compatible: `${url}/v1` */
  openaiBaseUrl: string;
  requests: RecordedRequest[];
  enqueue(...steps: ServerStep[]): void;
  /** steps not yet served */
  pending(): number;
  close(): Promise<void>;
}

export const reply = (text: string, opts: Omit<Extract<ServerStep, { type: 'text' }>, 'type' | 'text'> = {}): ServerStep => ({
  type: 'text',
  text,
  ...opts,
});
export const httpError = (status: number, opts: Omit<Extract<ServerStep, { type: 'error' }>, 'type' | 'status'> = {}): ServerStep => ({
  type: 'error',
  status,
  ...opts,
});
export const cut = (text: string): ServerStep => ({ type: 'cut', text });
export const stall = (text: string): ServerStep => ({ type: 'cut', text, stall: true });
export const hang = (): ServerStep => ({ type: 'hang' });

function splitText(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  if (words.length <= 1) return [text];
  const per = Math.ceil(words.length / 3);
  const out: string[] = [];
  for (let i = 0; i < words.length; i += per) out.push(words.slice(i, i + per).join(''));
  return out;
}

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function sse(res: ServerResponse, data: unknown, event?: string): void {
  res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

function openaiChunk(model: string, delta: Record<string, unknown>, finish: string | null): unknown {
  return { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: finish }] };
}

function anthropicStart(model: string, input: number): unknown {
  return {
    type: 'message_start',
    message: {
      id: 'msg_test', type: 'message', role: 'assistant', content: [], model,
      stop_reason: null, stop_sequence: null, usage: { input_tokens: input, output_tokens: 1 },
    },
  };
}

function writeOpenAIStream(res: ServerResponse, model: string, chunks: string[], tail: { finish: string; usage?: UsageNumbers }): void {
  sse(res, openaiChunk(model, { role: 'assistant', content: '' }, null));
  for (const c of chunks) sse(res, openaiChunk(model, { content: c }, null));
  sse(res, openaiChunk(model, {}, tail.finish));
  if (tail.usage) {
    const u = tail.usage;
    sse(res, { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1, model, choices: [],
      usage: { prompt_tokens: u.input, completion_tokens: u.output, total_tokens: u.input + u.output } });
  }
  sse(res, '[DONE]');
}

function writeAnthropicStream(res: ServerResponse, model: string, chunks: string[], tail: { finish: string; usage: UsageNumbers }): void {
  sse(res, anthropicStart(model, tail.usage.input), 'message_start');
  sse(res, { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start');
  for (const c of chunks) sse(res, { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: c } }, 'content_block_delta');
  sse(res, { type: 'content_block_stop', index: 0 }, 'content_block_stop');
  sse(res, { type: 'message_delta', delta: { stop_reason: tail.finish, stop_sequence: null }, usage: { output_tokens: tail.usage.output } }, 'message_delta');
  sse(res, { type: 'message_stop' }, 'message_stop');
}

function errorBody(wire: RecordedRequest['wire'], status: number, message: string, code?: string): unknown {
  if (wire === 'anthropic') {
    const type = code ?? (status === 429 ? 'rate_limit_error' : status === 401 ? 'authentication_error' : status >= 500 ? 'api_error' : 'invalid_request_error');
    return { type: 'error', error: { type, message } };
  }
  return { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: code ?? null } };
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const p of req) parts.push(p as Buffer);
  const raw = Buffer.concat(parts).toString('utf8');
  try {
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    return { _raw: raw };
  }
}

export async function startLlmServer(): Promise<LlmServer> {
  const steps: ServerStep[] = [];
  const requests: RecordedRequest[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const at = Date.now();
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const wire = path.endsWith('/chat/completions') ? 'openai' : path.endsWith('/messages') ? 'anthropic' : 'unknown';
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : (v ?? '');
    const body = await readBody(req);
    requests.push({ method: req.method ?? 'GET', path, headers, body, at, wire });
    const model = typeof body.model === 'string' ? body.model : 'test-model';
    const streaming = body.stream === true;

    const step = steps.shift();
    if (!step || wire === 'unknown') {
      const why = !step ? `llm-server: no scripted step for request #${requests.length}` : `llm-server: unknown endpoint ${path}`;
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(errorBody(wire, 400, why)));
      return;
    }
    if (step.type === 'hang') return;
    if ('delayMs' in step && step.delayMs) await delay(step.delayMs);

    if (step.type === 'error') {
      const msg = step.message ?? `scripted HTTP ${step.status}`;
      res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
      res.end(JSON.stringify(errorBody(wire, step.status, msg, step.code)));
      return;
    }

    if (step.type === 'cut') {
      if (!streaming) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      if (wire === 'openai') {
        sse(res, openaiChunk(model, { role: 'assistant', content: '' }, null));
        for (const c of splitText(step.text)) sse(res, openaiChunk(model, { content: c }, null));
      } else {
        sse(res, anthropicStart(model, 10), 'message_start');
        sse(res, { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start');
        for (const c of splitText(step.text)) sse(res, { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: c } }, 'content_block_delta');
      }
      if (step.stall) return;
      // Let the bytes leave before the connection dies, as a proxy dropping mid-reply would.
      await delay(20);
      res.socket?.destroy();
      return;
    }

    const chunks = step.chunks ?? splitText(step.text);
    const usage = step.usage === false ? undefined : (step.usage ?? { input: 10, output: chunks.length });
    const length = step.finish === 'length';
    if (wire === 'openai') {
      const finish = length ? 'length' : 'stop';
      if (streaming) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
        writeOpenAIStream(res, model, chunks, { finish, usage: includeUsage ? usage : undefined });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          id: 'chatcmpl-test', object: 'chat.completion', created: 1, model,
          choices: [{ index: 0, message: { role: 'assistant', content: step.text }, finish_reason: finish }],
          ...(usage ? { usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } } : {}),
        }));
      }
      return;
    }
    const finish = length ? 'max_tokens' : 'end_turn';
    const u = usage ?? { input: 10, output: chunks.length };
    if (streaming) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      writeAnthropicStream(res, model, chunks, { finish, usage: u });
      res.end();
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        id: 'msg_test', type: 'message', role: 'assistant', model, content: [{ type: 'text', text: step.text }],
        stop_reason: finish, stop_sequence: null, usage: { input_tokens: u.input, output_tokens: u.output },
      }));
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(e));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    requests,
    enqueue: (...s) => {
      steps.push(...s);
    },
    pending: () => steps.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
