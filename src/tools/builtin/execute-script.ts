import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { isJarvisError, writeFileAtomicSync, runProcess } from '../../util/index.js';
import { defineTool, type Tool, type ToolResult } from '../tool.js';
import { EXECUTE_SCRIPT } from '../tool-names.js';
import { displayPath, truncateOutput } from '../truncate.js';

const INTERPRETERS = ['bash', 'sh', 'python3', 'node'] as const;
const EXTENSIONS: Record<(typeof INTERPRETERS)[number], string> = { bash: 'sh', sh: 'sh', python3: 'py', node: 'mjs' };
/** What a child may print before the middle is dropped; the saved copy is then cut too (and says so). */
const MAX_CAPTURE_BYTES = 32 * 1024 * 1024;

export interface ExecuteScriptOptions {
  /** Seconds when the model gives no timeout. */
  defaultTimeoutSec?: number;
  /** The model may raise the timeout up to here. */
  maxTimeoutSec?: number;
  /** Between SIGTERM and SIGKILL of the process group. */
  killGraceMs?: number;
}

/**
 * Runs a script the model wrote: saved under `<runDir>/scripts/` (the run keeps what ran),
 * executed by an interpreter in the working root, in its own process group, which is killed
 * whole at the timeout, and whose leftover background jobs are ended when the script exits.
 * Each stream is cut by the 60-line rule with the full text saved.
 */
export function makeExecuteScriptTool(opts: ExecuteScriptOptions = {}) {
  const maxTimeout = opts.maxTimeoutSec ?? 3600;
  const defaultTimeout = Math.min(opts.defaultTimeoutSec ?? 300, maxTimeout);
  const params = z.strictObject({
    script_content: z.string().min(1).describe('The script to run, as the file content'),
    interpreter: z.enum(INTERPRETERS).optional().describe('Program that runs the script (default bash)'),
    timeout: z
      .number()
      .positive()
      .optional()
      .describe(`Seconds before the script and every process it started are killed (default ${defaultTimeout}, at most ${maxTimeout})`),
  });
  return defineTool({
    name: EXECUTE_SCRIPT,
    description: [
      'Run a script (bash by default) in the working root and get its exit code, stdout and stderr.',
      'Stdin is empty: the script must not wait for input. Each output over 60 lines keeps its first and last 30 lines,',
      'and the full text is saved to a file whose path is given (read it with read_code).',
    ].join(' '),
    params,
    // what a script reads and writes is not known before it runs: no paths, only what it is
    describe: (args) => `execute_script (${args.interpreter ?? 'bash'}: ${firstLine(args.script_content)})`,
    async run(args, ctx): Promise<ToolResult> {
      const interpreter = args.interpreter ?? 'bash';
      const notes: string[] = [];
      let timeoutSec = args.timeout ?? defaultTimeout;
      if (timeoutSec > maxTimeout) {
        notes.push(`timeout lowered from ${timeoutSec} s to the maximum of ${maxTimeout} s`);
        timeoutSec = maxTimeout;
      }
      const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
      const scriptPath = join(ctx.runDir, 'scripts', `${stamp}.${EXTENSIONS[interpreter]}`);
      writeFileAtomicSync(scriptPath, args.script_content);

      let r;
      try {
        r = await runProcess(interpreter, [scriptPath], {
          cwd: ctx.root,
          env: ctx.env,
          timeoutMs: Math.round(timeoutSec * 1000),
          killGraceMs: opts.killGraceMs ?? 2000,
          signal: ctx.signal,
          maxOutputBytes: MAX_CAPTURE_BYTES,
          // A server left running in the background must not stall the call until the timeout.
          endGroupOnExit: true,
        });
      } catch (e) {
        const why = isJarvisError(e) && e.code === 'not_found' ? `${interpreter} is not installed (not on PATH)` : String((e as Error).message);
        return { forModel: `The script was not run: ${why}.`, error: { code: 'failed', message: why } };
      }

      const out = truncateOutput(r.stdout, { runDir: ctx.runDir, root: ctx.root, label: 'stdout', fileName: `${stamp}.stdout.txt` });
      const err = truncateOutput(r.stderr, { runDir: ctx.runDir, root: ctx.root, label: 'stderr', fileName: `${stamp}.stderr.txt` });
      for (const [name, bytes] of [['stdout', r.omittedBytes.stdout], ['stderr', r.omittedBytes.stderr]] as const) {
        if (bytes > 0) notes.push(`${name} was over ${MAX_CAPTURE_BYTES / 1048576} MiB: ${bytes} bytes from its middle were not kept anywhere`);
      }

      const aborted = ctx.signal?.aborted === true && !r.timedOut;
      const status = r.timedOut
        ? `timed out after ${timeoutSec} s: the script and every process it started were killed`
        : aborted
          ? 'stopped: the run was interrupted and the script was killed'
          : r.exitCode !== null
            ? `exit code: ${r.exitCode}`
            : `killed by signal ${r.signal ?? 'unknown'}`;
      const parts = [status];
      if (out.text !== '') parts.push(`<stdout>\n${out.text.replace(/\n$/, '')}\n</stdout>`);
      if (err.text !== '') parts.push(`<stderr>\n${err.text.replace(/\n$/, '')}\n</stderr>`);
      if (out.text === '' && err.text === '') parts.push('(no output on stdout or stderr)');
      parts.push(...notes.map((n) => `[note: ${n}]`));

      const result: ToolResult = {
        forModel: parts.join('\n'),
        forUser: `$ ${interpreter} ${displayPath(ctx.root, scriptPath)} → ${status} (${(r.durationMs / 1000).toFixed(1)} s)`,
        data: {
          exitCode: r.exitCode,
          signal: r.signal,
          timedOut: r.timedOut,
          durationMs: Math.round(r.durationMs),
          scriptPath,
          ...(out.savedPath ? { stdoutPath: out.savedPath } : {}),
          ...(err.savedPath ? { stderrPath: err.savedPath } : {}),
        },
      };
      if (r.timedOut) result.error = { code: 'timeout', message: status };
      else if (aborted) result.error = { code: 'aborted', message: status };
      return result;
    },
  });
}

export const executeScriptTool: Tool = makeExecuteScriptTool();

/** The script's first non-empty line other than a shebang, for a one-line description. */
function firstLine(script: string): string {
  const line = script.split('\n').map((l) => l.trim()).find((l) => l !== '' && !l.startsWith('#!')) ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
