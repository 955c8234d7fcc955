import { RETRIEVE_MEMORY, SAVE_MEMORY, type MemoryStore } from '../../tools/index.js';
import { describeError } from '../../util/index.js';
import { joinPrompts } from '../prompt.js';
import type { Runtime } from '../runtime.js';
import { sideTalk } from '../side-talk.js';
import { FORCE_SAVE_PROMPT, memoryGuidance, memoryTagsPrompt } from './prompts.js';

/**
 * The agent side of memory (docs/memory.md): the tags prompt and guidance on a task's
 * first turn (and the guidance again after a history reset), and, with `forceSave`, one
 * request per task to save what is worth keeping, before the history is cleared or when the
 * task completes, whichever comes first. Everything is keyed on the memory tools being
 * active now: a whitelist or tool filtering that drops them drops the prompts too.
 */

export interface MemorySettings {
  store: MemoryStore;
  /** ask the model to save memories once per task (config `agent.force_save_memory`) */
  forceSave?: boolean;
}

export function attachMemory(rt: Runtime, settings: MemorySettings): void {
  let prompted = false;
  const enabled = () => ({ canSave: rt.p.tools.get(SAVE_MEMORY) !== undefined, canRetrieve: rt.p.tools.get(RETRIEVE_MEMORY) !== undefined });

  rt.p.events.subscribe('task_started', () => {
    prompted = false;
  });

  rt.p.events.subscribe('first_turn', () => {
    const on = enabled();
    if (!on.canSave && !on.canRetrieve) return;
    const tags = memoryTagsPrompt(settings.store, on);
    rt.p.session.prompt = joinPrompts(rt.p.session.prompt, tags);
    rt.p.session.addonPrompt = joinPrompts(rt.p.session.addonPrompt, memoryGuidance(on));
  });

  rt.p.events.subscribe('after_history_clear', () => {
    const on = enabled();
    if (on.canSave || on.canRetrieve) rt.p.session.addonPrompt = joinPrompts(rt.p.session.addonPrompt, memoryGuidance(on));
  });

  const forceSave = async (when: string) => {
    if (!settings.forceSave || prompted || !enabled().canSave) return;
    // set first: the request itself may overflow the context and trigger another reset
    prompted = true;
    try {
      const r = await sideTalk(rt, { prompt: FORCE_SAVE_PROMPT, maxTurns: 1, tools: [SAVE_MEMORY], label: 'memory_force_save_call' });
      rt.record({ type: 'memory_force_save', when, saved: r.toolsRun.includes(SAVE_MEMORY) });
    } catch (e) {
      if (rt.p.stop.aborted) throw e;
      rt.p.warn(`saving memories failed: ${describeError(e)}`);
      rt.record({ type: 'memory_force_save', when, saved: false, error: describeError(e) });
    }
  };
  // before the history is condensed (the model still sees it all), and when the task is done
  rt.p.events.subscribe('before_summary', (e) => (e.reason === 'context' ? forceSave('history_clear') : undefined));
  rt.p.events.subscribe('task_completed', () => forceSave('task_completed'));
}
