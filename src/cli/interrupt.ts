import type { LineInput } from './line-input.js';
import { stopSpinners } from './run-report.js';

/**
 * Ctrl-C while an agent works (docs/agent.md, "Interrupts"). The first press calls the agent's
 * interrupt: interactive runs stop the reply or tool and ask the person what to do; a
 * non-interactive run stops. The second press aborts an interactive run outright; the next
 * one leaves at once with exit 130. Every question the agent asks starts the count again.
 */

export interface InterruptTarget {
  /** the agent's own interrupt (the interrupt flow, or a stop) */
  interrupt(): void;
  /** ends the run now (the agent returns `interrupted`) */
  abort(): void;
}

export interface InterruptWiring {
  /** a question was asked: the person is engaged again, presses count from zero */
  reset(): void;
  dispose(): void;
}

export function wireInterrupts(
  target: InterruptTarget,
  opts: { input?: LineInput; interactive: boolean; notice: (text: string) => void },
): InterruptWiring {
  // without anyone to ask, the agent's interrupt already stops the run: one press fewer
  const quitAt = opts.interactive ? 3 : 2;
  let presses = 0;
  const onSigint = () => {
    // a question open on a pipe: the press belongs to it (a terminal's readline catches its own)
    if (opts.input?.asking) {
      opts.input.interruptQuestion();
      return;
    }
    presses++;
    stopSpinners();
    if (presses >= quitAt) process.exit(130);
    if (presses === 1) {
      opts.notice(opts.interactive ? 'interrupting… (Ctrl-C again to stop the run)' : 'stopping the run… (Ctrl-C again to quit at once)');
      target.interrupt();
    } else {
      opts.notice('stopping the run… (Ctrl-C again to quit at once)');
      target.abort();
    }
  };
  process.on('SIGINT', onSigint);
  return {
    reset: () => {
      presses = 0;
    },
    dispose: () => {
      process.off('SIGINT', onSigint);
    },
  };
}
