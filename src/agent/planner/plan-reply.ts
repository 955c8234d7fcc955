import { parse as parseYaml } from 'yaml';

/**
 * Reading the planner's answer (docs/planner.md): `<DONT_NEED/>`, or `<PLAN>` holding a
 * YAML list of sub-tasks. Items may be plain strings or mappings with a `task` (or
 * `description`/`title`) field, since models write both. Anything else is `invalid`: the
 * task then runs unplanned, as it would have without a planner.
 */

export type PlanReply =
  | { kind: 'dont_need' }
  | { kind: 'plan'; tasks: string[] }
  | { kind: 'invalid'; reason: string };

const DONT_NEED = /<DONT_NEED\s*\/?>/i;
const PLAN_BLOCK = /<PLAN>([\s\S]*?)(?:<\/PLAN>|$)/i;

export function parsePlanReply(text: string): PlanReply {
  const plan = PLAN_BLOCK.exec(text);
  if (!plan) {
    return DONT_NEED.test(text) ? { kind: 'dont_need' } : { kind: 'invalid', reason: 'the reply has neither <PLAN> nor <DONT_NEED/>' };
  }
  const body = stripFence((plan[1] ?? '').trim());
  let value: unknown;
  try {
    value = parseYaml(body);
  } catch (e) {
    return { kind: 'invalid', reason: `the <PLAN> body is not YAML: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}` };
  }
  if (value === null || value === undefined) return { kind: 'invalid', reason: 'the <PLAN> is empty' };
  if (!Array.isArray(value)) return { kind: 'invalid', reason: 'the <PLAN> body is not a YAML list' };
  const tasks: string[] = [];
  for (const item of value) {
    const t = itemText(item);
    if (t === undefined) return { kind: 'invalid', reason: `a <PLAN> item is not a task: ${JSON.stringify(item)}` };
    if (t !== '') tasks.push(t);
  }
  return tasks.length === 0 ? { kind: 'invalid', reason: 'the <PLAN> list is empty' } : { kind: 'plan', tasks };
}

function itemText(item: unknown): string | undefined {
  if (typeof item === 'string') return item.trim();
  if (typeof item === 'number') return String(item);
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const o = item as Record<string, unknown>;
    for (const key of ['task', 'title', 'description', 'name']) {
      const v = o[key];
      if (typeof v === 'string' && v.trim() !== '') {
        // a title with a separate description: keep both
        const extra = key === 'title' && typeof o.description === 'string' ? `: ${o.description.trim()}` : '';
        return `${v.trim()}${extra}`;
      }
    }
    // a one-key mapping such as `- Build: run make` is a task written as YAML by accident
    const entries = Object.entries(o);
    if (entries.length === 1) {
      const [k, v] = entries[0] as [string, unknown];
      if (typeof v === 'string' || typeof v === 'number') return `${k}: ${String(v)}`.trim();
    }
  }
  return undefined;
}

/** Models like to wrap YAML in a ``` fence inside the tag. */
function stripFence(body: string): string {
  const m = /^```[a-zA-Z]*\n([\s\S]*?)\n?```$/.exec(body);
  return m ? (m[1] ?? '') : body;
}
