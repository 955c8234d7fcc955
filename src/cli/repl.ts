import { builtinHelp } from './input/index.js';
import { colors, describeError } from '../util/index.js';
import { prepareAgentRun, type AgentRun, type AgentRunOptions } from './agent-run.js';
import { CODE_RUN_DEFAULTS, runCode } from './commands/code-run.js';
import { JcaOffer, pickPredefinedTask, startBanner } from './repl-start.js';
import { printResult } from './run-report.js';

/**
 * The interactive prompt: each task runs to its end (the agent asks for more input while it
 * works; an empty line there ends the task), then the next task is read. The conversation
 * carries over between tasks. A line ending in `\` continues on the next line. Ctrl-C at the
 * prompt twice in a row, Ctrl-D, or `exit` leaves. `'<ReloadConfig>'` rebuilds the agent from
 * the configuration as it is now, keeping the conversation; in a git repository a task may be
 * handed to jca.
 */

const RELOAD = /'<ReloadConfig>'|(?<=^|\s)<ReloadConfig>(?=\s|$)/g;

export async function runRepl(o: Omit<AgentRunOptions, 'requireInteractive'>): Promise<number> {
  let r = await prepareAgentRun({ ...o, requireInteractive: true });
  const input = r.input;
  if (!input) throw new Error('an interactive run without input');
  const out = o.progress;
  out.write(
    `${colors.bold(`${r.agent.name}`)} in ${r.agent.root} · run ${r.run.runId}\n` +
      colors.dim(`${await startBanner(r)}\n`) +
      colors.dim(`Type a task (a line ending in \\ continues). '<Help>' lists the commands, !cmd runs a shell line, Ctrl-D or exit quits.\n`),
  );
  // from a pipe Ctrl-C arrives as a signal (a terminal's readline catches its own): give it to the prompt
  const onSigint = () => {
    if (input.asking) input.interruptQuestion();
  };
  const jca = new JcaOffer(process.cwd());
  let exitCode = 0;
  let presses = 0;
  let lastStatus: 'ok' | 'failed' | 'interrupted' = 'ok';
  let next = await pickPredefinedTask(r.config, r, out);
  try {
    for (;;) {
      let line: string;
      if (next !== undefined) {
        line = next;
        next = undefined;
      } else {
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
        line = a.text;
      }
      if (RELOAD.test(line)) {
        RELOAD.lastIndex = 0;
        r = await reload(r, o, out);
        line = line.replace(RELOAD, ' ');
      }
      RELOAD.lastIndex = 0;
      const text = line.trim();
      if (text === '') continue;
      if (text === 'exit' || text === 'quit') break;
      if (text === 'help' || text === '?') {
        out.write(`input commands:\n${builtinHelp()}\n  '<ReloadConfig>'  read the configuration again (models, tools, MCP servers), keeping the conversation\n`);
        continue;
      }
      process.on('SIGINT', onSigint);
      const pre = await r.bridge.preprocess(line).finally(() => process.off('SIGINT', onSigint));
      if (r.bridge.exitRequested) break;
      if (pre.needReturn || pre.text.trim() === '') continue;
      if (await jca.wanted(r)) {
        // jca reads the configuration the jarvis command was given (-f, -g, -G)
        const flags = { ...(o.llmGroup ? { llmGroup: o.llmGroup } : {}), ...(o.toolGroup ? { toolGroup: o.toolGroup } : {}), ...(o.configFile ? { config: o.configFile } : {}) };
        const code = await runCode({ ...CODE_RUN_DEFAULTS, ...flags, requirement: pre.text }, { input }).catch((e: unknown) => {
          process.stderr.write(`${colors.red(`jca: ${describeError(e)}`)}\n`);
          return 1;
        });
        out.write(colors.dim(`jca finished (exit ${code}); back in ${r.agent.name}\n`));
        continue;
      }
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
    input.close();
  }
  r.finishStatus(lastStatus);
  return exitCode;
}

/**
 * A new agent from the configuration as it is now (models, tools, MCP servers, rules), in a new
 * run, with the conversation of the old one. A configuration that no longer loads keeps the old
 * agent and says why.
 */
async function reload(old: AgentRun, o: Omit<AgentRunOptions, 'requireInteractive'>, out: NodeJS.WritableStream): Promise<AgentRun> {
  let fresh: AgentRun;
  try {
    fresh = await prepareAgentRun({ ...o, requireInteractive: true, ...(old.input ? { input: old.input } : {}) });
  } catch (e) {
    process.stderr.write(`${colors.yellow(`configuration not reloaded: ${describeError(e)}`)}\n`);
    return old;
  }
  fresh.agent.continueFrom(old.agent);
  old.finishStatus('ok');
  old.close();
  out.write(colors.dim(`configuration reloaded · ${await startBanner(fresh)} · run ${fresh.run.runId}\n`));
  return fresh;
}
