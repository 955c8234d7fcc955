import type { DeltaVerdict } from './platform.js';
import { createTagParser, type BlockEvent, type TagParserOptions } from './tag-parser.js';

export interface StopAfterFirstBlock {
  /** pass as `ChatRequest.onDelta`: answers 'stop' once the first complete block has arrived */
  onDelta: (delta: string) => DeltaVerdict;
  /** the first complete block, once seen; text after `firstBlock.end` was generated past it */
  readonly firstBlock: BlockEvent | undefined;
}

/**
 * One action per turn: cut the stream as soon as the first action block is complete, which
 * saves tokens and keeps the model from inventing the tool's result.
 */
export function createStopAfterFirstBlock(options: TagParserOptions): StopAfterFirstBlock {
  const parser = createTagParser(options);
  let first: BlockEvent | undefined;
  return {
    onDelta(delta: string): DeltaVerdict {
      if (first) return 'stop';
      for (const e of parser.push(delta)) {
        if (e.type === 'block') {
          first = e;
          return 'stop';
        }
      }
      return undefined;
    },
    get firstBlock() {
      return first;
    },
  };
}
