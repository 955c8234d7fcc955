/**
 * The other tools the benchmarks run in the same run as jsec (flawfinder, cppcheck): starting
 * them with a wall clock, and reading their reports into plain located findings.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';

/** A finding from any tool: where, which CWEs, and the tool's own level mapped to SARIF's. */
export interface ToolFinding {
  file: string;
  line: number;
  cwe: number[];
  level: 'error' | 'warning' | 'note';
}

export function which(cmd: string): boolean {
  return (process.env.PATH ?? '').split(':').some((d) => d && existsSync(join(d, cmd)));
}

export interface ToolRun {
  ms: number;
  code: number | null;
  stderr: string;
}

/**
 * Runs a tool with stdout to a file (reports of a whole tree are tens of MB) and returns its wall
 * time, exit code and stderr; never throws for a non-zero exit (flawfinder exits non-zero on the
 * file it cannot decode, and the caller says what that means).
 */
export function runTool(cmd: string, args: string[], cwd: string, stdoutFile?: string): Promise<ToolRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const out = stdoutFile ? openSync(stdoutFile, 'w') : 'ignore';
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', out, 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 64_000) stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (typeof out === 'number') closeSync(out);
      resolve({ ms: Date.now() - started, code, stderr });
    });
  });
}

const CPPCHECK_LEVEL: Record<string, ToolFinding['level']> = { error: 'error', warning: 'warning' };

/** cppcheck `--xml` output: one finding per <error>, at its first location; error/warning count as such, the rest as notes. */
export function cppcheckFindings(xml: string): ToolFinding[] {
  const out: ToolFinding[] = [];
  for (const m of xml.matchAll(/<error\b([^>]*)>([\s\S]*?)<\/error>/g)) {
    const attrs = m[1] ?? '';
    const severity = /severity="(\w+)"/.exec(attrs)?.[1] ?? '';
    const cwe = /cwe="(\d+)"/.exec(attrs)?.[1];
    const loc = /<location\b[^>]*file="([^"]+)"[^>]*line="(\d+)"/.exec(m[2] ?? '');
    if (!loc?.[1] || !loc[2]) continue;
    out.push({ file: normalize(loc[1]), line: Number(loc[2]), cwe: cwe ? [Number(cwe)] : [], level: CPPCHECK_LEVEL[severity] ?? 'note' });
  }
  return out;
}

/** The file flawfinder stopped on ("Error: encoding error in FILE"), if that is why it failed. */
export function flawfinderEncodingFailure(stderr: string): string | undefined {
  return /encoding error in (\S+)/.exec(stderr)?.[1];
}

/**
 * Runs flawfinder `--sarif` on `targets`; when it aborts on a file it cannot decode, runs again
 * without that file and says so in `dropped`, so one bad file does not cost the whole tree.
 */
export async function runFlawfinder(targets: string[], cwd: string, sarifFile: string, listFiles: () => string[]): Promise<ToolRun & { dropped: string[] }> {
  const dropped: string[] = [];
  let args = ['--sarif', ...targets];
  for (let attempt = 0; attempt < 10; attempt++) {
    const run = await runTool('flawfinder', args, cwd, sarifFile);
    // flawfinder prints this error on stdout, where the SARIF would have gone
    const bad = run.code === 0 ? undefined : flawfinderEncodingFailure(`${run.stderr}\n${readFileSync(sarifFile, 'utf8').slice(0, 4000)}`);
    // the time of the run that finished, not of the aborted ones
    if (!bad) {
      if (run.code !== 0) throw new Error(`flawfinder exited with ${run.code}: ${run.stderr.slice(0, 200)}`);
      return { ...run, dropped };
    }
    dropped.push(bad);
    args = ['--sarif', ...listFiles().filter((f) => !dropped.includes(f))];
  }
  throw new Error(`flawfinder kept failing on undecodable files: ${dropped.join(', ')}`);
}

/** Parses flawfinder's or cppcheck's SARIF into scored findings (CWE ids from rule tags or properties). */
export function findingsFromSarif(sarif: unknown, toPath: (uri: string) => string): ToolFinding[] {
  const out: ToolFinding[] = [];
  const runs = (sarif as { runs?: unknown[] }).runs ?? [];
  for (const run of runs as Array<Record<string, unknown>>) {
    const rules = ((run.tool as { driver?: { rules?: Array<Record<string, unknown>> } })?.driver?.rules ?? []) as Array<
      Record<string, unknown>
    >;
    const ruleCwes = new Map<string, number[]>();
    for (const r of rules) ruleCwes.set(String(r.id), cwesIn(JSON.stringify(r.properties ?? {}) + JSON.stringify(r.relationships ?? [])));
    for (const res of (run.results ?? []) as Array<Record<string, unknown>>) {
      const loc = (res.locations as Array<{ physicalLocation?: { artifactLocation?: { uri?: string }; region?: { startLine?: number } } }>)?.[0]
        ?.physicalLocation;
      const uri = loc?.artifactLocation?.uri;
      const line = loc?.region?.startLine;
      if (!uri || !line) continue;
      const own = cwesIn(JSON.stringify(res.properties ?? {}) + JSON.stringify(res.taxa ?? []));
      const level = res.level === 'error' || res.level === 'note' ? res.level : 'warning';
      out.push({ file: toPath(uri), line, cwe: own.length ? own : (ruleCwes.get(String(res.ruleId)) ?? []), level });
    }
  }
  return out;
}

function cwesIn(text: string): number[] {
  return [...text.matchAll(/CWE-?(\d+)/gi)].map((m) => Number(m[1]));
}


/**
 * A path under the shared benchmark data (`../shared` next to the checkout, or next to the
 * directory holding a git worktree of it); the first candidate that exists, else the first.
 */
export function sharedPath(from: string, ...parts: string[]): string {
  const candidates = [join(from, '..', '..', 'shared', ...parts), join(from, '..', '..', '..', 'shared', ...parts)];
  return candidates.find((c) => existsSync(c)) ?? (candidates[0] as string);
}
