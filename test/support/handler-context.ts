import type { ActionResult, HandlerContext, Invocation, OutputHandler, ParsedReply } from '../../src/agent/index.js';
import { ToolRegistry } from '../../src/tools/index.js';

/** A handler context for unit tests of output handlers: no tools, no person, records collected. */
export function testHandlerContext(records: unknown[], overrides: Partial<HandlerContext> = {}): HandlerContext {
  return {
    root: '/tmp',
    runDir: '/tmp',
    allowOutsideRoot: false,
    interactive: false,
    tools: new ToolRegistry(),
    signal: new AbortController().signal,
    toolTimeoutMs: 1000,
    env: {},
    round: 1,
    record: (r) => records.push(r),
    ...overrides,
  };
}

/** Both steps of a handler, as the run loop takes them: the refusal, or the invocation and its result. */
export async function runHandler(handler: OutputHandler, reply: ParsedReply, ctx: HandlerContext): Promise<{ result: ActionResult; invocation?: Invocation }> {
  const prepared = await handler.prepare(reply, ctx);
  if ('refused' in prepared) return { result: prepared.refused };
  return { result: await prepared.invocation.execute(ctx), invocation: prepared.invocation };
}
