import { parseDocument } from 'yaml';

/**
 * Strict readers for the two answers the sec agents give: `<CLUSTERS>` and `<REPORT>`, each a
 * YAML list. A failure comes back as a reason written for the model, so a retry can fix it.
 */

export interface Cluster {
  verification: string;
  gids: number[];
  /** a gid the model left out, given a cluster of its own */
  added?: boolean;
}

export interface Verdict {
  gid: number;
  has_risk: boolean;
  preconditions?: string;
  trigger_path?: string;
  consequences?: string;
  suggestions?: string;
  /** why a rejected candidate is not a real issue */
  reason?: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const RISK_TEXTS = ['preconditions', 'trigger_path', 'consequences', 'suggestions'] as const;
const VERDICT_KEYS = new Set<string>(['gid', 'has_risk', ...RISK_TEXTS, 'reason']);

function yamlList(body: string, what: string): Parsed<unknown[]> {
  const text = body.replace(/\r\n?/g, '\n');
  if (text.trim() === '') return { ok: false, reason: `the <${what}> block is empty` };
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  const err = doc.errors[0];
  if (err) {
    return {
      ok: false,
      reason: `the <${what}> body is not valid YAML (${(err.message.split('\n')[0] ?? '').trim()}); write long texts as \`|\` blocks so colons and quotes are safe`,
    };
  }
  const value: unknown = doc.toJS();
  if (!Array.isArray(value)) return { ok: false, reason: `the <${what}> body must be a YAML list (items start with "- ")` };
  return { ok: true, value };
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isGid = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;

/**
 * Clusters of one batch: every gid must belong to the batch and appear at most once; gids the
 * model left out get a cluster of their own (their verification is their own description).
 */
export function parseClusters(body: string, batchGids: readonly number[], describe: (gid: number) => string): Parsed<Cluster[]> {
  const list = yamlList(body, 'CLUSTERS');
  if (!list.ok) return list;
  if (list.value.length === 0) return { ok: false, reason: 'the list is empty: put every gid of the batch in a cluster' };
  const allowed = new Set(batchGids);
  const seen = new Set<number>();
  const clusters: Cluster[] = [];
  for (const [i, item] of list.value.entries()) {
    const where = `item ${i + 1}`;
    if (!isRecord(item)) return { ok: false, reason: `${where} must be a mapping with \`verification\` and \`gids\`` };
    const extra = Object.keys(item).filter((k) => k !== 'verification' && k !== 'gids');
    if (extra.length > 0) return { ok: false, reason: `${where} has unknown key(s) ${extra.join(', ')}: only \`verification\` and \`gids\` are allowed` };
    const { verification, gids } = item;
    if (typeof verification !== 'string' || verification.trim() === '') return { ok: false, reason: `${where}: \`verification\` must be a non-empty text` };
    if (!Array.isArray(gids) || gids.length === 0 || !gids.every(isGid)) return { ok: false, reason: `${where}: \`gids\` must be a non-empty list of integers` };
    for (const g of gids) {
      if (!allowed.has(g)) return { ok: false, reason: `${where}: gid ${g} is not in this batch (its gids are ${batchGids.join(', ')})` };
      if (seen.has(g)) return { ok: false, reason: `gid ${g} appears more than once: each gid belongs to exactly one cluster` };
      seen.add(g);
    }
    clusters.push({ verification: verification.trim(), gids: [...gids].sort((a, b) => a - b) });
  }
  for (const g of batchGids) if (!seen.has(g)) clusters.push({ verification: describe(g), gids: [g], added: true });
  return { ok: true, value: clusters };
}

/** One cluster per candidate: what a batch gets when the model's clustering could not be used. */
export function singletonClusters(batchGids: readonly number[], describe: (gid: number) => string): Cluster[] {
  return batchGids.map((g) => ({ verification: describe(g), gids: [g] }));
}

/**
 * Verdicts for one cluster: exactly one per gid of the cluster; `has_risk: true` needs the four
 * texts, `has_risk: false` needs a `reason`.
 */
export function parseReport(body: string, clusterGids: readonly number[]): Parsed<Verdict[]> {
  const list = yamlList(body, 'REPORT');
  if (!list.ok) return list;
  const allowed = new Set(clusterGids);
  const byGid = new Map<number, Verdict>();
  for (const [i, item] of list.value.entries()) {
    const where = `item ${i + 1}`;
    if (!isRecord(item)) return { ok: false, reason: `${where} must be a mapping (gid, has_risk, …)` };
    const extra = Object.keys(item).filter((k) => !VERDICT_KEYS.has(k));
    if (extra.length > 0) return { ok: false, reason: `${where} has unknown key(s) ${extra.join(', ')}; allowed: ${[...VERDICT_KEYS].join(', ')}` };
    if (!isGid(item.gid)) return { ok: false, reason: `${where}: \`gid\` must be an integer >= 1` };
    const gid = item.gid;
    if (!allowed.has(gid)) return { ok: false, reason: `${where}: gid ${gid} is not one of this task's gids (${clusterGids.join(', ')})` };
    if (byGid.has(gid)) return { ok: false, reason: `gid ${gid} appears more than once: give one verdict per gid` };
    if (typeof item.has_risk !== 'boolean') return { ok: false, reason: `${where} (gid ${gid}): \`has_risk\` must be true or false` };
    const verdict: Verdict = { gid, has_risk: item.has_risk };
    for (const k of [...RISK_TEXTS, 'reason'] as const) {
      const v = item[k];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'string') return { ok: false, reason: `${where} (gid ${gid}): \`${k}\` must be a text` };
      if (v.trim() !== '') verdict[k] = v.trim();
    }
    if (verdict.has_risk) {
      const missing = RISK_TEXTS.filter((k) => verdict[k] === undefined);
      if (missing.length > 0) return { ok: false, reason: `gid ${gid} has has_risk: true but no ${missing.join(', ')}: all four texts are required for a confirmed risk` };
    } else if (verdict.reason === undefined) {
      return { ok: false, reason: `gid ${gid} has has_risk: false but no \`reason\`: say why it is not a real issue` };
    }
    byGid.set(gid, verdict);
  }
  const missing = clusterGids.filter((g) => !byGid.has(g));
  if (missing.length > 0) return { ok: false, reason: `no verdict for gid ${missing.join(', ')}: give one item per gid of the task` };
  return { ok: true, value: clusterGids.map((g) => byGid.get(g) as Verdict) };
}
