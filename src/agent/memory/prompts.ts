import type { MemoryStore, MemoryType } from '../../tools/index.js';

/** What the model is told about memory (docs/memory.md), in our own words. */

/** Tags shown per scope at most: the list must not crowd out the task. */
const MAX_TAGS_SHOWN = 40;

/**
 * The tags already in the long-term scopes, so the model can retrieve before it starts and
 * reuse tags when it saves. Empty when there is nothing to show and nothing to save with.
 */
export function memoryTagsPrompt(store: MemoryStore, o: { canSave: boolean; canRetrieve: boolean }): string {
  const counts = store.tagCounts(['project_long_term', 'global_long_term']);
  const lines: string[] = [];
  for (const type of ['project_long_term', 'global_long_term'] as MemoryType[]) {
    const tags = [...(counts.get(type) ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    if (tags.length === 0) continue;
    const shown = tags.slice(0, MAX_TAGS_SHOWN).map(([t, n]) => `${t} (${n})`);
    const more = tags.length > MAX_TAGS_SHOWN ? `, … ${tags.length - MAX_TAGS_SHOWN} more` : '';
    lines.push(`${type}: ${shown.join(', ')}${more}`);
  }
  const parts: string[] = [];
  if (lines.length > 0 && o.canRetrieve) {
    parts.push(`Saved memories carry these tags (entries per tag):\n${lines.join('\n')}`);
    parts.push('If any look relevant, call retrieve_memory with them before you start.');
  }
  if (o.canSave) parts.push('When you learn something worth keeping, save it with save_memory, reusing the tags above where they fit.');
  return parts.length > 0 ? `<memory_tags>\n${parts.join('\n')}\n</memory_tags>` : '';
}

/** How to use the memory tools that are enabled; empty when neither is. */
export function memoryGuidance(o: { canSave: boolean; canRetrieve: boolean }): string {
  const lines: string[] = [];
  if (o.canSave) {
    lines.push(
      'Memory (save_memory) has three scopes:',
      '- short_term: notes for this task only (gone when the process ends);',
      '- project_long_term: facts about this project: layout, build and test commands, conventions, pitfalls;',
      '- global_long_term: what holds across projects: user preferences, general techniques that worked.',
      'Save facts you verified, written so they make sense without this conversation, with a few specific tags.',
    );
  }
  if (o.canRetrieve) {
    lines.push('Before solving something you may have met before, call retrieve_memory with likely tags and a query.');
  }
  return lines.length > 0 ? `<memory_guidance>\n${lines.join('\n')}\n</memory_guidance>` : '';
}

export const FORCE_SAVE_PROMPT = `Before this conversation is cleared or closed: is there knowledge from it worth keeping for later tasks (verified facts about the project, commands that work, solutions, user preferences)?
If so, save it now with one save_memory call holding all of it. If not, reply "nothing to save" and take no action.`;
