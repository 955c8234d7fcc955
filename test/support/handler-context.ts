import type { HandlerContext } from '../../src/agent/index.js';
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
    userData: {},
    round: 1,
    record: (r) => records.push(r),
    ...overrides,
  };
}
