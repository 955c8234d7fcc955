/**
 * The agent protocol (docs/tag-parser.md): the action tags a model writes, the streaming parser
 * that reads them, the early stop after the first action and the completion marker. The agent
 * reads each reply once, as it streams (reply-reader.ts); llm/ knows nothing of this grammar.
 */
export {
  ACTION_TAGS,
  coalesceText,
  COMPLETION_MARKER,
  createTagParser,
  parseTags,
  StreamingTagParser,
  type BlockEvent,
  type CompleteEvent,
  type TagEvent,
  type TagParser,
  type TagParserOptions,
  type TagSpec,
  type TextEvent,
  type UnclosedEvent,
} from './tag-parser.js';
export {
  actionNames,
  blocksNamed,
  COMPLETION_MARKERS,
  parseReply,
  ReplyReader,
  withoutCompletionMarker,
  type ParsedReply,
  type ReplyReaderOptions,
} from './reply-reader.js';
