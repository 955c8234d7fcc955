import { createInterface, type Interface } from 'node:readline';

/**
 * Reading what the person types, for the REPL and the agent's questions. On a terminal a
 * readline interface exists only while a question is open: between questions the terminal is
 * back in cooked mode, so Ctrl-C during a model call reaches the process as SIGINT (the
 * interrupt flow) instead of being swallowed by a paused readline; lines pasted together are
 * one answer. From a pipe one reader lives for the whole run and queues lines (one line, one
 * answer), so nothing read ahead is lost.
 */

/** Lines closer together than this are one paste; no one types Enter and the next line that fast. */
const PASTE_GAP_MS = 30;

/** What a question ended with: the text, end of input (Ctrl-D, closed pipe), or Ctrl-C. */
export type Answer = { kind: 'line'; text: string } | { kind: 'eof' } | { kind: 'interrupt' };

export interface LineInputOptions {
  input?: NodeJS.ReadableStream & { isTTY?: boolean };
  output?: NodeJS.WritableStream;
}

export class LineInput {
  private readonly input: NodeJS.ReadableStream & { isTTY?: boolean };
  private readonly output: NodeJS.WritableStream;
  private readonly history: string[] = [];
  private pipe?: { rl: Interface; lines: string[]; ended: boolean };
  private waiting?: (a: Answer) => void;
  private active?: Interface;

  constructor(opts: LineInputOptions = {}) {
    this.input = opts.input ?? process.stdin;
    this.output = opts.output ?? process.stderr;
  }

  get isTTY(): boolean {
    return this.input.isTTY === true;
  }

  /** True while a question waits for an answer (a SIGINT then belongs to the prompt). */
  get asking(): boolean {
    return this.waiting !== undefined;
  }

  /** One line. */
  question(prompt: string): Promise<Answer> {
    if (this.waiting) return Promise.reject(new Error('LineInput: a question is already open'));
    return this.isTTY ? this.askTerminal(prompt) : this.askPipe(prompt);
  }

  /**
   * Several lines: a line ending in `\` continues on the next one (the `\` is dropped). Ends at
   * a line without it; Ctrl-C or end of input abandons what was typed so far.
   */
  async multiline(prompt: string, continuation = '... '): Promise<Answer> {
    const parts: string[] = [];
    for (;;) {
      const a = await this.question(parts.length === 0 ? prompt : continuation);
      if (a.kind !== 'line') return parts.length > 0 && a.kind === 'eof' ? { kind: 'line', text: parts.join('\n') } : a;
      if (a.text.endsWith('\\')) {
        parts.push(a.text.slice(0, -1));
        continue;
      }
      parts.push(a.text);
      return { kind: 'line', text: parts.join('\n') };
    }
  }

  /** Ends an open question as interrupted (a SIGINT that arrived while reading from a pipe). */
  interruptQuestion(): void {
    this.settle({ kind: 'interrupt' });
  }

  close(): void {
    this.active?.close();
    this.pipe?.rl.close();
  }

  private settle(a: Answer): void {
    const w = this.waiting;
    this.waiting = undefined;
    w?.(a);
  }

  private askTerminal(prompt: string): Promise<Answer> {
    return new Promise((resolve) => {
      const rl = createInterface({ input: this.input, output: this.output, terminal: true, history: this.history, historySize: 200 });
      this.active = rl;
      const lines: string[] = [];
      let timer: NodeJS.Timeout | undefined;
      let done = false;
      const finish = (a: Answer) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.waiting = undefined;
        this.active = undefined;
        rl.close();
        resolve(a);
      };
      this.waiting = finish;
      rl.on('SIGINT', () => {
        this.output.write('\n');
        finish({ kind: 'interrupt' });
      });
      rl.on('close', () => finish(lines.length > 0 ? { kind: 'line', text: lines.join('\n') } : { kind: 'eof' }));
      // A pasted block arrives as several lines at once: they make one answer, not one each.
      rl.on('line', (line) => {
        lines.push(line);
        clearTimeout(timer);
        timer = setTimeout(() => finish({ kind: 'line', text: lines.join('\n') }), PASTE_GAP_MS);
      });
      rl.setPrompt(prompt);
      rl.prompt();
    });
  }

  private askPipe(prompt: string): Promise<Answer> {
    this.output.write(prompt);
    const p = this.pipeReader();
    const next = p.lines.shift();
    if (next !== undefined) return Promise.resolve({ kind: 'line', text: next });
    if (p.ended) return Promise.resolve({ kind: 'eof' });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  private pipeReader(): { rl: Interface; lines: string[]; ended: boolean } {
    if (this.pipe) return this.pipe;
    const rl = createInterface({ input: this.input, terminal: false });
    const state = { rl, lines: [] as string[], ended: false };
    rl.on('line', (line) => {
      if (this.waiting) this.settle({ kind: 'line', text: line });
      else state.lines.push(line);
    });
    rl.on('close', () => {
      state.ended = true;
      this.settle({ kind: 'eof' });
    });
    this.pipe = state;
    return state;
  }
}
