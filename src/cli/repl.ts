import { builtinHelp } from './input/index.js';
import { colors } from '../util/index.js';
import { prepareAgentRun, type AgentRunOptions } from './agent-run.js';
import { printResult } from './run-report.js';

/**
 * The interactive prompt: each task runs to its end (the agent asks for more input while it
 * works; an empty line there ends the task), then the next task is read. The conversation
 * carries over between tasks. A line ending in `\` continues on the next line. Ctrl-C at the
 * prompt twice in a row, Ctrl-D, or `exit` leaves.
 */

export async function runRepl(o: Omit<AgentRunOptions, 'requireInteractive'>): Promise<number> {
  const r = await prepareAgentRun({ ...o, requireInteractive: true });
  const input = r.input;
  if (!input) throw new Error('an interactive run without input');
  const out = o.progress;
  out.write(
    `${colors.bold(`${r.agent.name}`)} in ${r.agent.root} · run ${r.run.runId}\n` +
      colors.dim(`Type a task (a line ending in \\ continues). '<Help>' lists the commands, !cmd runs a shell line, Ctrl-D or exit quits.\n`),
  );
  // from a pipe Ctrl-C arrives as a signal (a terminal's readline catches its own): give it to the prompt
  const onSigint = () => {
    if (input.asking) input.interruptQuestion();
  };
  let exitCode = 0;
  let presses = 0;
  let lastStatus: 'ok' | 'failed' | 'interrupted' = 'ok';
  try {
    for (;;) {
      // only while the prompt is open: during a task the interrupt wiring owns Ctrl-C
      process.on('SIGINT', onSigint);
      const a = await input.multiline(`${colors.green(`${r.agent.name}>`)} `).finally(() => process.off('SIGINT', onSigint));
      if (a.kind === 'eof') break;
      if (a.kind === 'interrupt') {
        if (++presses >= 2) {
          exitCode = 130;
          lastStatus = 'interrupted';
          break;
        }
        out.write(colors.dim('(Ctrl-C again to quit)\n'));
        continue;
      }
      presses = 0;
      const text = a.text.trim();
      if (text === '') continue;
      if (text === 'exit' || text === 'quit') break;
      if (text === 'help' || text === '?') {
        out.write(`input commands:\n${builtinHelp()}\n`);
        continue;
      }
      process.on('SIGINT', onSigint);
      const pre = await r.bridge.preprocess(a.text).finally(() => process.off('SIGINT', onSigint));
      if (r.bridge.exitRequested) break;
      if (pre.needReturn || pre.text.trim() === '') continue;
      const result = await r.runTask(pre.text);
      if (r.bridge.exitRequested) break;
      printResult(result, o.outputFormat, process.stdout, process.stderr);
      lastStatus = result.status === 'completed' ? 'ok' : result.status === 'interrupted' ? 'interrupted' : 'failed';
      if (r.stopped) {
        // the hard stop cannot be undone for this agent: leave rather than fail every next task
        exitCode = 130;
        break;
      }
    }
  } finally {
    r.close();
  }
  r.finishStatus(lastStatus);
  return exitCode;
}
