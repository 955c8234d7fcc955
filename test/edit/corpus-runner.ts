/**
 * Loads the edit corpus (test/edit/corpus/*.yaml) and runs one case against a real temp file.
 * Each case: an input file, a PATCH block as a model would write it, and either the expected
 * file afterwards or the expected refusal code. Every case that allows it is also run on a
 * CRLF copy and a UTF-8-BOM copy of its file (the PATCH text stays LF, as models write it).
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { applyPatch, parsePatchBlock, type PatchReport } from '../../src/edit/index.js';

export interface CorpusCase {
  id: string;
  category: string;
  name: string;
  path: string;
  /** null: the file does not exist before the patch. */
  file: string | null;
  patch: string;
  expect?: string;
  refuse?: string;
  /** 1-based DIFF that must carry the refusal. */
  diff?: number;
  candidates?: number[];
  how?: string[];
}

/** A case as written in the corpus YAML: id and category come from its place, path may default. */
type RawCase = Omit<CorpusCase, 'id' | 'category' | 'path'> & { path?: string; variants?: boolean };

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), 'corpus');

export function loadCorpus(): CorpusCase[] {
  const out: CorpusCase[] = [];
  for (const f of readdirSync(corpusDir).filter((n) => n.endsWith('.yaml')).sort()) {
    const category = f.slice(0, -'.yaml'.length);
    const raw = parse(readFileSync(join(corpusDir, f), 'utf8')) as RawCase[];
    raw.forEach((c, i) => {
      if ((c.expect === undefined) === (c.refuse === undefined)) throw new Error(`${f} case ${i + 1} (${c.name}): give expect or refuse`);
      const base: CorpusCase = { ...c, id: `${category}#${i + 1}`, category, path: c.path ?? 'f.c', file: c.file ?? null };
      out.push(base);
      if (c.variants === false || base.file === null) return;
      const crlf = (s: string | undefined): string | undefined => s?.replace(/\r?\n/g, '\r\n');
      out.push({ ...base, id: `${base.id}/crlf`, file: crlf(base.file) as string, expect: crlf(base.expect) });
      const bom = (s: string | undefined): string | undefined => (s === undefined ? s : `\uFEFF${s}`);
      out.push({ ...base, id: `${base.id}/bom`, file: bom(base.file) as string, expect: bom(base.expect) });
    });
  }
  return out;
}

export interface CaseOutcome {
  report: PatchReport;
  /** The file's text afterwards (null when it does not exist). */
  after: string | null;
  /** Whether the file's bytes are unchanged. */
  untouched: boolean;
}

export function runCase(c: CorpusCase): CaseOutcome {
  const root = mkdtempSync(join(tmpdir(), 'jarvis-edit-corpus-'));
  try {
    const abs = join(root, c.path);
    mkdirSync(dirname(abs), { recursive: true });
    const before = c.file === null ? null : Buffer.from(c.file, 'utf8');
    if (before) writeFileSync(abs, before);
    const req = parsePatchBlock(c.patch);
    const report = applyPatch({ root, file: req.file, diffs: req.diffs });
    const afterBuf = existsSync(abs) ? readFileSync(abs) : null;
    const untouched = before === null ? afterBuf === null : afterBuf !== null && afterBuf.equals(before);
    return { report, after: afterBuf?.toString('utf8') ?? null, untouched };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** What went wrong with a case, or null. 'wrong-place' is the one the engine must never do. */
export function judge(c: CorpusCase, o: CaseOutcome): { kind: 'wrong-place' | 'missed' | 'bad-refusal'; detail: string } | null {
  const { report } = o;
  if (c.expect !== undefined) {
    if (report.outcome === 'applied') {
      if (o.after !== c.expect) return { kind: 'wrong-place', detail: `got ${JSON.stringify(o.after)}` };
      const how = report.diffs.map((d) => (d.status === 'matched' ? d.how : '?'));
      if (c.how && JSON.stringify(how) !== JSON.stringify(c.how)) return { kind: 'missed', detail: `matched as ${how.join(',')}` };
      return null;
    }
    return { kind: 'missed', detail: `refused: ${JSON.stringify(report.error ?? report.diffs)}` };
  }
  if (report.outcome === 'applied') return { kind: 'wrong-place', detail: `applied, file became ${JSON.stringify(o.after)}` };
  if (!o.untouched) return { kind: 'wrong-place', detail: 'refused but the file changed' };
  const refusals = report.diffs.filter((d) => d.status === 'refused');
  if (refusals.length === 0 && !report.error) return { kind: 'bad-refusal', detail: 'refused without a reason' };
  for (const r of refusals) if (r.status === 'refused' && r.reason.message.trim() === '') return { kind: 'bad-refusal', detail: 'empty reason' };
  const codes: string[] = report.error ? [report.error.code] : [];
  for (const r of refusals) if (r.status === 'refused' && (c.diff === undefined || r.index === c.diff - 1)) codes.push(r.reason.code);
  if (!codes.includes(c.refuse as string)) return { kind: 'bad-refusal', detail: `codes ${codes.join(',') || '(none)'} ≠ ${c.refuse}` };
  if (c.candidates) {
    const r = refusals.find((d) => d.status === 'refused' && d.reason.code === c.refuse);
    const got = r && r.status === 'refused' ? r.reason.candidates : undefined;
    if (JSON.stringify(got) !== JSON.stringify(c.candidates)) return { kind: 'bad-refusal', detail: `candidates ${JSON.stringify(got)}` };
  }
  return null;
}
