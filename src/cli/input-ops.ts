import type { Agent, InputHandler } from '../agent/index.js';
import { runInputChain, type InputContext, type UserInputHandler } from './input/index.js';
import type { ToolContext } from '../tools/index.js';

/**
 * Connects the input handlers of src/cli/input to a running Agent: the agent calls one
 * chain function on the task and on every answer; the commands act on the agent through its
 * public methods (the Agent is an InputAgentOps).
 */

export interface InputBridge {
  /** what the Agent runs on the task and on every answer */
  handler: InputHandler;
  /** runs the chain now (the REPL's first line) and lets the agent skip it once for that text */
  preprocess(text: string): Promise<{ text: string; needReturn: boolean }>;
  /** SaveSession asked to leave */
  readonly exitRequested: boolean;
}

export interface InputBridgeOptions {
  handlers: readonly UserInputHandler[];
  agent: () => Agent;
  interactive: boolean;
  confirm: (question: string, defaultYes: boolean) => Promise<boolean>;
  print: (text: string) => void;
  tool: () => ToolContext;
  /** called when SaveSession wants the run to end */
  onExit: () => void;
  /** the run's transcript: what the commands did is recorded there */
  record?: (record: { type: string } & Record<string, unknown>) => void;
}

export function createInputBridge(o: InputBridgeOptions): InputBridge {
  let skip: string | undefined;
  let exitRequested = false;
  const run = async (text: string) => {
    const agent = o.agent();
    const ctx: InputContext = {
      root: agent.root,
      interactive: o.interactive,
      confirm: o.confirm,
      print: o.print,
      tool: o.tool(),
      agent,
      ...(o.record ? { record: o.record } : {}),
    };
    const r = await runInputChain(o.handlers, text, ctx);
    if (r.exit && !exitRequested) {
      exitRequested = true;
      o.onExit();
    }
    return { text: r.text, needReturn: r.needReturn };
  };
  return {
    get exitRequested() {
      return exitRequested;
    },
    handler: async (text) => {
      if (skip !== undefined && text === skip) {
        skip = undefined;
        return { text, needReturn: false };
      }
      return run(text);
    },
    async preprocess(text) {
      const r = await run(text);
      skip = r.text;
      return r;
    },
  };
}
