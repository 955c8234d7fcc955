/**
 * The JSON edit protocol (docs/jca.md, "JSON edit protocol"): one JSON object naming one file and a list of exact
 * string replacements, each with the number of times its anchor must occur. Parsing is strict:
 * anything else is refused with a message that says what to fix, so one re-ask can repair it.
 */

export interface JsonEdit {
  old_string: string;
  new_string: string;
  expected_replacements: number;
}

export interface JsonEditRequest {
  /** `edit`: edits apply in order, each to the text the previous one left; `multi_edit`: every anchor is checked against the original file first */
  action: 'edit' | 'multi_edit';
  file_path: string;
  edits: JsonEdit[];
  /** what the change is for (kept in the run's records, not executed) */
  message?: string;
}

export type JsonEditErrorCode =
  | 'not_json'
  | 'not_object'
  | 'missing_field'
  | 'bad_field'
  | 'unknown_field'
  | 'two_files'
  | 'file_not_found'
  | 'outside_root'
  | 'anchor_not_found'
  | 'count_mismatch'
  | 'overlap';

export class JsonEditError extends Error {
  readonly code: JsonEditErrorCode;
  /** 0-based index of the failing edit, when one edit is at fault */
  readonly edit?: number;
  constructor(code: JsonEditErrorCode, message: string, edit?: number) {
    super(message);
    this.name = 'JsonEditError';
    this.code = code;
    if (edit !== undefined) this.edit = edit;
  }
}

const TOP_FIELDS = new Set(['action', 'file_path', 'edits', 'message']);
const EDIT_FIELDS = new Set(['old_string', 'new_string', 'expected_replacements']);

export function parseJsonEdit(text: string): JsonEditRequest {
  const body = text.trim();
  if (body.startsWith('```')) {
    throw new JsonEditError('not_json', 'the edit must be raw JSON: no Markdown code fence (```) around it');
  }
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch (e) {
    throw new JsonEditError('not_json', `the edit is not valid JSON (${e instanceof Error ? e.message : String(e)}); send exactly one JSON object`);
  }
  if (Array.isArray(v)) {
    throw new JsonEditError('not_object', 'the edit must be one JSON object, not an array; send one object per file, one file per turn');
  }
  if (v === null || typeof v !== 'object') throw new JsonEditError('not_object', 'the edit must be a JSON object with action, file_path and edits');
  const o = v as Record<string, unknown>;
  if ('files' in o || 'file_paths' in o || Array.isArray(o.file_path)) {
    throw new JsonEditError('two_files', 'an edit names exactly one file in file_path (a string); edit other files in later turns');
  }
  for (const k of Object.keys(o)) {
    if (!TOP_FIELDS.has(k)) throw new JsonEditError('unknown_field', `unknown field "${k}"; the fields are action, file_path, edits and optional message`);
  }
  for (const k of ['action', 'file_path', 'edits']) {
    if (!(k in o)) throw new JsonEditError('missing_field', `missing field "${k}"`);
  }
  if (o.action !== 'edit' && o.action !== 'multi_edit') throw new JsonEditError('bad_field', `action must be "edit" or "multi_edit", not ${JSON.stringify(o.action)}`);
  if (typeof o.file_path !== 'string' || o.file_path.trim() === '') throw new JsonEditError('bad_field', 'file_path must be a non-empty string');
  if (/[\n,]/.test(o.file_path) && o.file_path.split(/[\n,]/).filter((p) => p.trim()).length > 1) {
    throw new JsonEditError('two_files', `file_path names more than one file (${JSON.stringify(o.file_path)}); one file per edit`);
  }
  if (o.message !== undefined && typeof o.message !== 'string') throw new JsonEditError('bad_field', 'message must be a string');
  if (!Array.isArray(o.edits) || o.edits.length === 0) throw new JsonEditError('bad_field', 'edits must be a non-empty array');
  const edits = o.edits.map((e, i) => parseEdit(e, i));
  return { action: o.action, file_path: o.file_path, edits, ...(typeof o.message === 'string' ? { message: o.message } : {}) };
}

function parseEdit(e: unknown, i: number): JsonEdit {
  const at = `edits[${i}]`;
  if (e === null || typeof e !== 'object' || Array.isArray(e)) throw new JsonEditError('not_object', `${at} must be an object`, i);
  const o = e as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!EDIT_FIELDS.has(k)) throw new JsonEditError('unknown_field', `${at}: unknown field "${k}"; the fields are old_string, new_string, expected_replacements`, i);
  }
  for (const k of EDIT_FIELDS) if (!(k in o)) throw new JsonEditError('missing_field', `${at}: missing field "${k}"`, i);
  if (typeof o.old_string !== 'string' || o.old_string === '') throw new JsonEditError('bad_field', `${at}.old_string must be a non-empty string copied exactly from the file`, i);
  if (typeof o.new_string !== 'string') throw new JsonEditError('bad_field', `${at}.new_string must be a string`, i);
  const n = o.expected_replacements;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw new JsonEditError('bad_field', `${at}.expected_replacements must be a positive integer`, i);
  return { old_string: o.old_string, new_string: o.new_string, expected_replacements: n };
}

/** How often `needle` occurs in `text`, without overlaps (what a replace-all would replace). */
export function countOccurrences(text: string, needle: string): number {
  let n = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}
