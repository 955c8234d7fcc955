import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { ParsedAnswer } from '../../../agent/index.js';
import { isDisabledLibrary, libraryBase, type C2rustConfig } from '../config/index.js';

/** The model's judgement of one subtree, as it answers in `<LIBRARY>`. */
export interface Verdict {
  replaceable: boolean;
  /** `std`, or crate names (with an optional `@version`) */
  libraries: string[];
  apis: string[];
  confidence: number;
  notes: string;
}

export const VERDICT_TAG = 'LIBRARY';

export const VERDICT_USAGE = [
  `Answer with one <${VERDICT_TAG}> block holding YAML (JSON works too):`,
  `<${VERDICT_TAG}>`,
  'replaceable: true            # true only if the libraries replace the function AND everything it calls, as a whole',
  'libraries: [std]             # std, or crate names such as regex (crate@1.10 to name a version)',
  'apis: ["str::split_whitespace", "Iterator::count"]   # the APIs that do the work',
  'confidence: 0.9              # 0 to 1: how sure you are that behaviour is preserved',
  'notes: one or two sentences on how (or why not)',
  `</${VERDICT_TAG}>`,
  'When it is not replaceable: replaceable: false, libraries: [], apis: [], and say why in notes.',
].join('\n');

const stringList = z.preprocess((v) => (v === null || v === undefined ? [] : typeof v === 'string' ? (v.trim() ? [v] : []) : v), z.array(z.coerce.string()));

const verdictSchema = z
  .object({
    replaceable: z.preprocess((v) => (typeof v === 'string' ? /^(true|yes)$/i.test(v.trim()) ? true : /^(false|no)$/i.test(v.trim()) ? false : v : v), z.boolean()),
    libraries: stringList.optional(),
    library: stringList.optional(),
    apis: stringList.optional(),
    api: stringList.optional(),
    confidence: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/%$/, '')) / (v.trim().endsWith('%') ? 100 : 1) : v), z.number().min(0).max(1)).optional(),
    notes: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.coerce.string()).optional(),
  })
  .passthrough();

/** A `<LIBRARY>` body: YAML or JSON, optionally fenced; what is wrong goes back to the model. */
export function parseVerdict(body: string): ParsedAnswer<Verdict> {
  const text = body.replace(/^\s*```[a-z]*\s*\n?/i, '').replace(/\n?\s*```\s*$/, '').trim();
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (e) {
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, reason: `the block is neither YAML nor JSON (${(e as Error).message.split('\n')[0] ?? ''})` };
    }
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, reason: 'the block must be a mapping with replaceable, libraries, apis, confidence and notes' };
  const r = verdictSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    return { ok: false, reason: `${issue?.path.join('.') || 'block'}: ${issue?.message ?? 'invalid'}` };
  }
  const d = r.data;
  const libraries = [...new Set([...(d.libraries ?? []), ...(d.library ?? [])].map((l) => l.trim()).filter(Boolean))];
  const apis = [...new Set([...(d.apis ?? []), ...(d.api ?? [])].map((a) => a.trim()).filter(Boolean))];
  if (d.replaceable && libraries.length === 0) return { ok: false, reason: 'replaceable is true but libraries is empty: name std or the crates' };
  if (d.confidence === undefined) return { ok: false, reason: 'confidence is missing (a number from 0 to 1)' };
  return { ok: true, value: { replaceable: d.replaceable, libraries, apis, confidence: d.confidence, notes: (d.notes ?? '').trim() } };
}

const STD = new Set(['std', 'core', 'alloc']);

/** Whether every library of a verdict is the standard library (std, core, alloc). */
export function isStdOnly(libraries: readonly string[]): boolean {
  return libraries.length > 0 && libraries.every((l) => STD.has(libraryBase(l)));
}

/** What lib-replace does with a verdict, and why. */
export type Decision =
  | { apply: true; kind: 'std' | 'crate' }
  | { apply: false; kind?: 'std' | 'crate'; reason: string };

/**
 * The gate after the model: a disabled library, too little confidence, or a third-party crate
 * the user did not allow (the crate builds offline, with no dependencies) means the function
 * keeps its own translation.
 */
export function decide(v: Verdict, config: C2rustConfig): Decision {
  if (!v.replaceable) return { apply: false, reason: v.notes || 'not replaceable' };
  const kind = isStdOnly(v.libraries) ? 'std' : 'crate';
  const disabled = v.libraries.filter((l) => isDisabledLibrary(config, l));
  if (disabled.length > 0) return { apply: false, kind, reason: `disabled librar${disabled.length > 1 ? 'ies' : 'y'}: ${disabled.join(', ')}` };
  if (v.confidence < config.min_confidence) return { apply: false, kind, reason: `confidence ${v.confidence} is below ${config.min_confidence}` };
  if (kind === 'crate' && !config.allow_crates) {
    const crates = v.libraries.filter((l) => !STD.has(libraryBase(l)));
    return { apply: false, kind, reason: `needs the crate${crates.length > 1 ? 's' : ''} ${crates.join(', ')}; third-party crates are off (jc2r config --allow-crates)` };
  }
  return { apply: true, kind };
}
