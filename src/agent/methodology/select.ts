import { describeError } from '../../util/index.js';
import { joinPrompts } from '../prompt.js';
import type { Runtime } from '../runtime.js';
import { listMethodologies, type Methodology, type MethodologyPlaces } from './store.js';

/**
 * On an agent's first turn, the cheap model picks the saved methodologies that fit the task
 * (docs/methodology.md) and they join the first message as reference experience.
 * Nothing saved, nothing picked, or a failure: the task starts without them.
 */

export interface MethodologySettings {
  /** the user's data dir; the project is the agent's root */
  dataDir: string;
}

/** At most this many are injected, and at most this many characters of them. */
export const MAX_INJECTED = 3;
const MAX_INJECTED_CHARS = 24_000;

export function attachMethodology(rt: Runtime, settings: MethodologySettings): void {
  rt.p.events.subscribe('first_turn', async () => {
    const places: MethodologyPlaces = { root: rt.p.root, dataDir: settings.dataDir };
    const all = listMethodologies(places);
    const task = rt.task.trim();
    if (all.length === 0 || task === '') return;
    let chosen: Methodology[] = [];
    try {
      chosen = await choose(rt, all, task);
    } catch (e) {
      if (rt.p.stop.aborted) throw e;
      rt.p.warn(`choosing methodologies failed; starting without them: ${describeError(e)}`);
    }
    rt.record({ type: 'methodology_selected', available: all.length, selected: chosen.map((m) => m.name) });
    if (chosen.length > 0) rt.p.session.addonPrompt = joinPrompts(rt.p.session.addonPrompt, renderMethodologies(chosen));
  });
}

async function choose(rt: Runtime, all: readonly Methodology[], task: string): Promise<Methodology[]> {
  const listing = all.map((m, i) => `${i + 1}. ${m.problemType}: ${firstLine(m.content)}`).join('\n');
  const r = await rt.chat(rt.p.cheapPlatform, [
    { role: 'system', content: 'You choose which saved methods could help an agent with a task.' },
    {
      role: 'user',
      content: `Saved methodologies:\n${listing}\n\n<task>\n${task}\n</task>\n\nWhich of the numbered methodologies apply to this task? Reply with only their numbers, comma-separated, at most ${MAX_INJECTED}; reply "none" if none applies.`,
    },
  ]);
  const picked: Methodology[] = [];
  for (const m of (r.text ?? '').matchAll(/\d+/g)) {
    const item = all[Number(m[0]) - 1];
    if (item && !picked.includes(item)) picked.push(item);
    if (picked.length === MAX_INJECTED) break;
  }
  return picked;
}

export function renderMethodologies(ms: readonly Methodology[]): string {
  let budget = MAX_INJECTED_CHARS;
  const parts: string[] = [];
  for (const m of ms) {
    const body = m.content.length > budget ? `${m.content.slice(0, budget)}\n[… cut]` : m.content;
    budget -= body.length;
    parts.push(`<methodology problem_type="${m.problemType.replace(/"/g, "'")}">\n${body}\n</methodology>`);
    if (budget <= 0) break;
  }
  return `Reference experience: methods saved from earlier tasks of this kind. Follow them where they fit; the task and the code in front of you win where they differ.\n${parts.join('\n')}`;
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '' && !/^#+\s*$/.test(l.trim())) ?? '';
  const flat = line.replace(/^[#>*\-\s]+/, '').trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}
