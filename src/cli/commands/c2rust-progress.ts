import cliProgress from 'cli-progress';
import type { StageUsage } from '../../apps/c2rust/index.js';

/**
 * A progress bar for one pipeline stage on stderr: only on a terminal and not with --json, so
 * logs and pipes stay clean. `update(done, total, what)` is the stages' onProgress shape.
 */
export function stageProgress(stage: string, quiet: boolean): { update: (done: number, total: number, what: string) => void; stop: () => void } {
  let bar: cliProgress.SingleBar | undefined;
  const on = !quiet && process.stderr.isTTY;
  return {
    update: (done, total, what) => {
      if (!on) return;
      if (!bar) {
        bar = new cliProgress.SingleBar({ stream: process.stderr, format: `jc2r ${stage} [{bar}] {value}/{total} {what}`, hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic);
        bar.start(total, done, { what });
      } else bar.update(done, { what });
      bar.setTotal(total);
    },
    stop: () => bar?.stop(),
  };
}

/** `model: 4 call(s), 5,120 tokens in, 300 out, cost 0.0012` */
export function usageLine(u: StageUsage): string {
  return `model: ${u.calls} call(s), ${u.input_tokens.toLocaleString('en-US')} tokens in, ${u.output_tokens.toLocaleString('en-US')} out, cost ${u.cost.toFixed(4)}`;
}
