import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describeError, version } from '../../util/index.js';
import type { McpServerConfig } from '../../util/config/index.js';
import type { ToolErrorCode } from '../tool.js';
import { openTransport, type OpenedTransport, type TransportOptions } from './transport.js';

/** A server that keeps dying is left dead after this many restarts, so a run cannot loop on it. */
export const MAX_RESTARTS = 3;

/** Why a request to a server did not return a result; `message` is written for the model. */
export class McpCallError extends Error {
  constructor(
    readonly code: ToolErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'McpCallError';
  }
}

export interface RequestOptions {
  timeout: number;
  signal?: AbortSignal;
}

type State =
  | { kind: 'idle' }
  | { kind: 'connecting'; done: Promise<Client> }
  | { kind: 'ready'; client: Client; opened: OpenedTransport }
  | { kind: 'dead'; reason: string; brief?: string; told?: boolean }
  | { kind: 'closed' };

/**
 * One MCP server: connects (with the startup timeout), runs requests (with the call timeout),
 * notices when the server goes away and starts it again on the next request. Every failure
 * reaches the caller as an McpCallError saying what happened; nothing here ends a run.
 */
export class McpConnection {
  private state: State = { kind: 'idle' };
  private restarts = 0;
  private restartNote: string | undefined;

  constructor(
    readonly server: McpServerConfig,
    private readonly opts: TransportOptions,
  ) {}

  /** The stdio child's pid while connected (tests kill it to play a crash). */
  get pid(): number | undefined {
    return this.state.kind === 'ready' ? this.state.opened.pid() : undefined;
  }

  get ready(): boolean {
    return this.state.kind === 'ready';
  }

  /** Connects now; throws McpCallError when the server cannot be started or does not answer in time. */
  async connect(): Promise<Client> {
    switch (this.state.kind) {
      case 'ready':
        return this.state.client;
      case 'connecting':
        return this.state.done;
      case 'closed':
        throw new McpCallError('failed', `MCP server ${this.server.name} has been shut down.`);
      case 'dead':
        if (this.restarts >= MAX_RESTARTS) {
          throw new McpCallError(
            'failed',
            `MCP server ${this.server.name} failed ${this.restarts + 1} times and is not started again in this run (last: ${this.state.reason}). Do without its tools.`,
          );
        }
        this.restarts += 1;
        this.restartNote = this.state.told ? undefined : (this.state.brief ?? this.state.reason);
        break;
      case 'idle':
        break;
    }
    // open() runs after the state says `connecting`, so its own failure (dead) is the state that stays.
    const done = Promise.resolve().then(() => this.open());
    this.state = { kind: 'connecting', done };
    return done;
  }

  /**
   * Runs one request against the connected server. A timeout leaves the server running; a
   * server that dies or cannot be reached is marked dead and restarted on the next request.
   */
  async request<T>(what: string, call: (client: Client, options: RequestOptions) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const client = await this.connect();
    try {
      return await call(client, { timeout: this.server.timeout_ms, ...(signal ? { signal } : {}) });
    } catch (e) {
      throw this.classify(e, what, signal);
    }
  }

  /**
   * Once after a restart: why the server had stopped. State it kept (a session, open files) is
   * gone, and the model should know that even though its call worked.
   */
  takeRestartNote(): string | undefined {
    const note = this.restartNote;
    this.restartNote = undefined;
    return note === undefined ? undefined : `[note: MCP server ${this.server.name} had stopped (${note}) and was started again; anything it kept from earlier calls is gone]`;
  }

  /** Ends the session and the server process (stdin closed, then SIGTERM, then SIGKILL). */
  async close(): Promise<void> {
    const previous = this.state;
    this.state = { kind: 'closed' };
    let client: Client | undefined;
    let opened: OpenedTransport | undefined;
    if (previous.kind === 'ready') ({ client, opened } = previous);
    if (previous.kind === 'connecting') client = await previous.done.catch(() => undefined);
    if (!client) return;
    await opened?.terminate().catch(() => undefined);
    await client.close().catch(() => undefined);
  }

  private async open(): Promise<Client> {
    const name = this.server.name;
    let opened: OpenedTransport;
    try {
      opened = openTransport(this.server, this.opts);
    } catch (e) {
      this.state = { kind: 'dead', reason: describeError(e) };
      throw new McpCallError('failed', `MCP server ${name} could not be started: ${describeError(e)}`);
    }
    const client = new Client({ name: 'jarvis-ts', version }, { capabilities: {} });
    try {
      await client.connect(opened.transport, { timeout: this.server.startup_timeout_ms });
    } catch (e) {
      await client.close().catch(() => undefined);
      const timedOut = e instanceof McpError && e.code === (ErrorCode.RequestTimeout as number);
      const closed = e instanceof McpError && e.code === (ErrorCode.ConnectionClosed as number) && this.server.type === 'stdio';
      const why = timedOut
        ? `it did not answer within ${seconds(this.server.startup_timeout_ms)}`
        : closed
          ? 'it exited before answering'
          : plainMessage(e);
      const reason = withStderr(why, opened.stderrTail());
      if (this.state.kind !== 'closed') this.state = { kind: 'dead', reason };
      throw new McpCallError(timedOut ? 'timeout' : 'failed', `MCP server ${name} could not be started: ${reason}`);
    }
    if (this.state.kind === 'closed') {
      await client.close().catch(() => undefined);
      throw new McpCallError('failed', `MCP server ${name} has been shut down.`);
    }
    client.onclose = () => {
      if (this.state.kind === 'ready' && this.state.client === client) {
        const brief = 'the server closed the connection: its process exited';
        const reason = withStderr(brief, opened.stderrTail());
        this.state = { kind: 'dead', reason, brief };
        this.opts.warn(`MCP server ${name} stopped: ${reason}; it is started again when one of its tools is called`);
      }
    };
    this.state = { kind: 'ready', client, opened };
    return client;
  }

  private classify(e: unknown, what: string, signal: AbortSignal | undefined): McpCallError {
    const name = this.server.name;
    if (signal?.aborted) return new McpCallError('aborted', `${what} was stopped: the run was interrupted.`);
    const current = this.state;
    if (current.kind === 'dead') {
      current.told = true;
      return new McpCallError(
        'failed',
        `MCP server ${name} stopped while running ${what}: ${current.reason}. The next call to one of its tools starts it again.`,
      );
    }
    if (e instanceof McpError) {
      if (e.code === (ErrorCode.RequestTimeout as number)) {
        return new McpCallError(
          'timeout',
          `${what} got no answer from MCP server ${name} within ${seconds(this.server.timeout_ms)}; the request was cancelled. Try a smaller request or another way.`,
        );
      }
      const text = plainMessage(e);
      if (e.code === (ErrorCode.InvalidParams as number)) return new McpCallError('invalid_arguments', `${what}: ${text}`);
      if (e.code !== (ErrorCode.ConnectionClosed as number)) return new McpCallError('failed', `${what} failed: ${text}`);
    }
    // Not an answer from the server: the connection itself broke (HTTP server gone, pipe closed).
    const reason = plainMessage(e);
    if (current.kind === 'ready') {
      const { client } = current;
      this.state = { kind: 'dead', reason };
      void client.close().catch(() => undefined);
    }
    return new McpCallError('failed', `MCP server ${name} could not be reached for ${what}: ${reason}. The next call to one of its tools reconnects.`);
  }
}

/** The SDK prefixes every message with `MCP error <code>: `, sometimes twice: noise for the reader. */
function plainMessage(e: unknown): string {
  const text = describeError(e).replace(/^(MCP error -?\d+: )+/, '');
  // The HTTP transports keep the status in `code` and often leave the message without it.
  if ((e instanceof StreamableHTTPError || e instanceof SseError) && typeof e.code === 'number' && !text.includes(String(e.code))) {
    return `HTTP ${e.code}: ${text.replace(/:\s*$/, '')}`;
  }
  return text;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function withStderr(reason: string, stderr: string): string {
  if (!stderr) return reason;
  const lastLines = stderr.split('\n').slice(-5).join('\n');
  return `${reason}; its stderr ends with:\n${lastLines}`;
}
