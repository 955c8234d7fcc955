import type { Command } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findProjectDir, listRuns, readRecords, resolveRunId, summarizeRun, type RunSummary, type TranscriptRecord, TRANSCRIPT_FILE, expandRequestMessages } from '../../runs/index.js';
import { JarvisError, colors, formatTable } from '../../util/index.js';

/** `jarvis runs list` and `jarvis runs show RUN`: what the runs of a project did and cost. */

interface ProjectOpt {
  project?: string;
}

function projectOf(o: ProjectOpt): string {
  if (!o.project) return findProjectDir(process.cwd());
  const dir = resolve(o.project);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new JarvisError('usage', `project directory ${dir} does not exist`, { hint: 'pass the directory of a project that has .jarvis/runs' });
  }
  return dir;
}

const tokens = (s: RunSummary): number => s.totals.input_tokens + s.totals.output_tokens;
const money = (usd: number): string => (usd === 0 ? '-' : `$${usd < 0.01 ? usd.toFixed(4) : usd.toFixed(2)}`);
const when = (iso: string): string => (iso ? iso.replace('T', ' ').slice(0, 19) : '?');
const oneLine = (s: string, max: number): string => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function registerRunsCommand(program: Command): void {
  const runs = program.command('runs').description('recorded runs of this project (.jarvis/runs)');

  runs
    .command('list')
    .description('list runs, newest first')
    .option('-p, --project <dir>', 'project directory (default: nearest with .jarvis/runs)')
    .option('--json', 'print JSON')
    .action((o: ProjectOpt & { json?: boolean }) => {
      const dir = projectOf(o);
      const all = listRuns(dir);
      if (o.json) {
        process.stdout.write(`${JSON.stringify(all, null, 2)}\n`);
        return;
      }
      if (all.length === 0) {
        process.stdout.write(`no runs in ${join(dir, '.jarvis', 'runs')}\n`);
        return;
      }
      const rows = all.map((s) => [
        s.run_id,
        when(s.started_at),
        oneLine(s.command, 30),
        s.status,
        String(s.totals.calls),
        String(tokens(s)),
        money(s.totals.cost),
      ]);
      process.stdout.write(`${formatTable([['RUN', 'STARTED (UTC)', 'COMMAND', 'STATUS', 'CALLS', 'TOKENS', 'COST'], ...rows])}\n`);
    });

  runs
    .command('show')
    .description('show a run: summary and every transcript record (RUN: id, unique prefix or "last")')
    .argument('<run>', 'run id, unique prefix of one, or "last"')
    .option('-p, --project <dir>', 'project directory (default: nearest with .jarvis/runs)')
    .option('--json', 'print JSON')
    .action((ref: string, o: ProjectOpt & { json?: boolean }) => {
      const dir = projectOf(o);
      const summary = summarizeRun(dir, resolveRunId(dir, ref));
      const read = readRecords(join(summary.dir, TRANSCRIPT_FILE));
      // requests are stored as deltas; show each with the full message list the model got
      const records = expandRequestMessages(read.records);
      const skipped = read.skipped;
      if (o.json) {
        process.stdout.write(`${JSON.stringify({ run: summary, records, skipped_lines: skipped }, null, 2)}\n`);
        return;
      }
      process.stdout.write(renderRun(summary, records, skipped));
    });
}

function renderRun(s: RunSummary, records: readonly TranscriptRecord[], skipped: number): string {
  const out: string[] = [];
  const t = s.totals;
  out.push(`${colors.bold(s.run_id)}  ${s.status}`);
  // `command` names the mode (e.g. `jarvis -T`) and argv repeats its flags: show the program with its argv
  out.push(`command   ${s.argv.length ? `${s.command.split(' ')[0]} ${s.argv.join(' ')}` : s.command}`);
  out.push(`started   ${when(s.started_at)} UTC${s.duration_ms !== undefined ? `, took ${(s.duration_ms / 1000).toFixed(1)} s` : ''}`);
  out.push(`calls     ${t.calls} (${t.errors} failed), tokens ${t.input_tokens} in / ${t.output_tokens} out, cost ${money(t.cost)}`);
  if (s.error) out.push(`error     ${s.error}`);
  out.push(`dir       ${s.dir}`);
  if (skipped > 0) out.push(colors.yellow(`${skipped} unreadable transcript line(s) skipped`));
  for (const r of records) out.push('', ...renderRecord(r));
  return `${out.join('\n')}\n`;
}

function renderRecord(r: TranscriptRecord): string[] {
  const head = `${r.call !== undefined ? `#${r.call} ` : ''}${r.type}`;
  const time = typeof r.ts === 'string' ? colors.dim(when(r.ts).slice(11)) : '';
  if (r.type === 'request') {
    const msgs = Array.isArray(r.messages) ? (r.messages as { role?: string; content?: string }[]) : [];
    const lastUser = [...msgs].reverse().find((m) => m.role === 'user');
    const chars = msgs.reduce((n, m) => n + (typeof m.content === 'string' ? m.content.length : 0), 0);
    return [
      `${colors.cyan(head)} ${time} ${String(r.platform)}/${String(r.model)}: ${msgs.length} messages, ${chars} chars`,
      ...(lastUser?.content ? [`  last user: ${oneLine(lastUser.content, 160)}`] : []),
    ];
  }
  if (r.type === 'reply') {
    const u = (r.usage ?? {}) as { inputTokens?: number; outputTokens?: number; estimated?: boolean };
    const meta = `${u.inputTokens ?? 0} in / ${u.outputTokens ?? 0} out${u.estimated ? ' (est.)' : ''}, ${money(Number(r.cost) || 0)}, ${Number(r.latency_ms) || 0} ms, ${String(r.finish_reason)}${Number(r.attempts) > 1 ? `, ${String(r.attempts)} attempts` : ''}`;
    const text = typeof r.text === 'string' ? r.text : '';
    return [`${colors.green(head)} ${time} ${meta}`, ...text.split('\n').map((l) => `  ${l}`)];
  }
  if (r.type === 'error') {
    return [`${colors.red(head)} ${time} ${String(r.code)}: ${String(r.message)} (${Number(r.latency_ms) || 0} ms)`];
  }
  const { type: _t, ts: _ts, run_id: _r, call: _c, ...rest } = r;
  return [`${colors.magenta(head)} ${time} ${oneLine(JSON.stringify(rest), 200)}`];
}
