/**
 * A one-line spinner with elapsed seconds for waits that can take more than a second (a model
 * call that has not answered yet). Only on a terminal: redirected output and CI logs get no
 * carriage-return noise. Each frame rewrites the line; stop() erases it, so whatever is printed
 * next starts on a clean line.
 */

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const CLEAR_LINE = '\r\x1b[2K';

export interface Spinner {
  start(text: string): void;
  stop(): void;
  readonly active: boolean;
}

export interface SpinnerOptions {
  /** frame interval; default 100 ms */
  intervalMs?: number;
  now?: () => number;
}

export function createSpinner(stream: NodeJS.WritableStream, options: SpinnerOptions = {}): Spinner {
  const tty = Boolean((stream as Partial<NodeJS.WriteStream>).isTTY) && process.env.TERM !== 'dumb';
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let frame = 0;
  let label = '';
  let started = 0;

  const draw = () => {
    const secs = Math.floor((now() - started) / 1000);
    stream.write(`${CLEAR_LINE}${FRAMES[frame % FRAMES.length] ?? ''} ${label}${secs > 0 ? ` ${secs}s` : ''}`);
    frame++;
  };

  const stop = () => {
    if (!timer) return;
    clearInterval(timer);
    timer = undefined;
    stream.write(CLEAR_LINE);
  };

  return {
    start(text: string) {
      if (!tty) return;
      stop();
      label = text;
      frame = 0;
      started = now();
      draw();
      timer = setInterval(draw, options.intervalMs ?? 100);
      // a spinner must never keep the process alive on its own
      timer.unref();
    },
    stop,
    get active() {
      return timer !== undefined;
    },
  };
}
