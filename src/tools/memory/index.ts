/** Memory: the store of the three scopes and the tools over it (docs/memory.md). */
export {
  DEFAULT_RETRIEVE_LIMIT,
  LONG_TERM_TYPES,
  MEMORY_TYPES,
  MemoryStore,
  memoryEntrySchema,
  normaliseTags,
  type MemoryEntry,
  type MemoryStoreOptions,
  type MemoryType,
  type RetrieveQuery,
} from './store.js';
export { queryWords, rankMemories, relevance } from './rank.js';
export { CLEAR_MEMORY, createMemoryTools, MEMORY_TOOL_NAMES, renderMemory, RETRIEVE_MEMORY, SAVE_MEMORY } from './tools.js';
