import { JarvisError, colors } from '../util/index.js';
import type { LineInput } from './line-input.js';

/**
 * The questions an agent run asks the person (jarvis, jarvis agent, teams, jca), with one rule
 * for the end of input (Ctrl-D, a closed pipe): it answers like an empty line, except that it
 * never approves anything — a `[Y/n]` question counts it as "no". Ctrl-C at a question warns
 * once; the second press stops the run.
 */

export interface Prompts {
  /** The answer, or undefined at end of input. */
  read(question: string): Promise<string | undefined>;
  /** The answer; end of input is an empty answer. */
  ask(question: string): Promise<string>;
  /** Empty means the default; end of input means no. */
  confirm(question: string, defaultYes: boolean): Promise<boolean>;
}

export interface PromptOptions {
  /** absent in a non-interactive run, which must never ask */
  input: LineInput | undefined;
  /** where questions are printed */
  out: NodeJS.WritableStream;
  notice: (text: string) => void;
  /** called as each question is asked (the Ctrl-C count starts again) */
  beforeAsk?: () => void;
}

export function createPrompts(o: PromptOptions): Prompts {
  const read = async (question: string): Promise<string | undefined> => {
    const input = o.input;
    if (!input) throw new JarvisError('internal', 'a non-interactive run asked a question');
    o.beforeAsk?.();
    o.out.write(`${colors.bold(question)}\n`);
    for (let presses = 0; ; ) {
      const answer = await input.multiline('> ');
      if (answer.kind === 'line') return answer.text;
      if (answer.kind === 'eof') return undefined;
      if (++presses >= 2) throw new JarvisError('usage', 'stopped at the prompt');
      o.notice('(Ctrl-C again to stop the run; an empty line ends the task)');
    }
  };
  return {
    read,
    ask: async (question) => (await read(question)) ?? '',
    async confirm(question, defaultYes) {
      const a = (await read(`${question} ${defaultYes ? '[Y/n]' : '[y/N]'}`))?.trim().toLowerCase();
      if (a === undefined) return false;
      return a === '' ? defaultYes : a === 'y' || a === 'yes';
    },
  };
}
