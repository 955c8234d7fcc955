import { z } from 'zod';
import { defineTool, toolError, type Tool } from '../tool.js';
import { DEFAULT_RETRIEVE_LIMIT, MEMORY_TYPES, type MemoryEntry, type MemoryStore } from './store.js';

/**
 * The three memory tools over one store (docs/memory.md). The store is bound when the
 * tools are made, so a tool's context stays as narrow as every other tool's.
 */

export const SAVE_MEMORY = 'save_memory';
export const RETRIEVE_MEMORY = 'retrieve_memory';
export const CLEAR_MEMORY = 'clear_memory';
export const MEMORY_TOOL_NAMES = [SAVE_MEMORY, RETRIEVE_MEMORY, CLEAR_MEMORY] as const;

const memoryType = z.enum(MEMORY_TYPES);
const tagList = z.array(z.string().min(1)).max(20);

const saveParams = z.object({
  memories: z
    .array(
      z.object({
        memory_type: memoryType.describe('short_term: this task only; project_long_term: this project; global_long_term: every project'),
        tags: tagList.min(1).describe('short keywords to find it again'),
        content: z.string().min(1).describe('the knowledge itself, complete enough to use without the conversation'),
      }),
    )
    .min(1)
    .max(20),
});

const retrieveParams = z.object({
  memory_types: z.array(memoryType).optional().describe('default: all three'),
  tags: tagList.optional().describe('entries with at least one of these tags; default: any'),
  query: z.string().optional().describe('words that rank the entries by relevance'),
  limit: z.number().int().min(1).max(50).default(DEFAULT_RETRIEVE_LIMIT),
});

const clearParams = z.object({
  ids: z.array(z.string().min(1)).optional().describe('delete these entries'),
  memory_types: z.array(memoryType).optional().describe('with tags: the scopes to delete from (default all)'),
  tags: tagList.optional().describe('delete the entries carrying all of these tags'),
});

export function renderMemory(e: MemoryEntry): string {
  return `<memory id="${e.id}" type="${e.type}" tags="${e.tags.join(', ')}" created="${e.created_at}">\n${e.content}\n</memory>`;
}

export function createMemoryTools(store: MemoryStore): Tool[] {
  const save = defineTool({
    name: SAVE_MEMORY,
    description:
      'Saves knowledge worth keeping: facts about the project, solutions that worked, user preferences. Each memory has a type, tags and content.',
    params: saveParams,
    async run(args) {
      const saved = args.memories.map((m) => store.save({ type: m.memory_type, tags: m.tags, content: m.content }));
      const lines = saved.map((e) => `- ${e.id} (${e.type}; tags: ${e.tags.join(', ')})`);
      return { forModel: `Saved ${saved.length} memor${saved.length === 1 ? 'y' : 'ies'}:\n${lines.join('\n')}`, data: { ids: saved.map((e) => e.id) } };
    },
  });

  const retrieve = defineTool({
    name: RETRIEVE_MEMORY,
    description: 'Finds saved memories by type and tags, most relevant to the optional query first.',
    params: retrieveParams,
    async run(args) {
      const found = store.retrieve({ types: args.memory_types, tags: args.tags, query: args.query, limit: args.limit });
      if (found.length === 0) {
        const known = [...new Set(store.list(args.memory_types).flatMap((e) => e.tags))].sort();
        return {
          forModel: `No memories match.${known.length > 0 ? ` Tags in use: ${known.slice(0, 60).join(', ')}.` : ' There are no memories of these types yet.'}`,
          data: { ids: [] },
        };
      }
      return { forModel: `${found.length} memor${found.length === 1 ? 'y' : 'ies'}:\n${found.map(renderMemory).join('\n')}`, data: { ids: found.map((e) => e.id) } };
    },
  });

  const clear = defineTool({
    name: CLEAR_MEMORY,
    description: 'Deletes memories that are wrong or outdated: by ids, or every entry of the given types carrying all the given tags.',
    params: clearParams,
    async run(args) {
      const types = args.memory_types ?? MEMORY_TYPES;
      const ids = [...(args.ids ?? [])];
      const tags = args.tags?.map((t) => t.trim().toLowerCase()) ?? [];
      if (ids.length === 0 && tags.length === 0) {
        // wiping a whole scope by accident cannot be undone: ask for something specific
        return toolError('invalid_arguments', 'Give ids, or tags (with optional memory_types), to say which memories to delete.');
      }
      if (tags.length > 0) ids.push(...store.list(types).filter((e) => tags.every((t) => e.tags.includes(t))).map((e) => e.id));
      const gone = store.delete([...new Set(ids)], types);
      const missing = (args.ids ?? []).filter((id) => !gone.includes(id));
      const note = missing.length > 0 ? ` Not found: ${missing.join(', ')}.` : '';
      return { forModel: `Deleted ${gone.length} memor${gone.length === 1 ? 'y' : 'ies'}.${note}`, data: { ids: gone } };
    },
  });

  return [save, retrieve, clear];
}
