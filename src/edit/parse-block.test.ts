import { describe, expect, it } from 'vitest';
import { EditBlockError, parsePatchBlock, parseRewriteBlock } from './parse-block.js';
import { PATCH_USAGE, REWRITE_USAGE } from './usage.js';

function patchError(text: string): EditBlockError {
  try {
    parsePatchBlock(text);
  } catch (e) {
    if (e instanceof EditBlockError) return e;
    throw e;
  }
  throw new Error('expected the block to be rejected');
}

describe('parsePatchBlock', () => {
  it('reads SEARCH/REPLACE and span diffs with RANGE, dropping the line break after each opening tag', () => {
    const req = parsePatchBlock(
      '<PATCH file=src/a.c>\n<DIFF>\n<SEARCH>\nold\n</SEARCH>\n<REPLACE>\nnew\n</REPLACE>\n</DIFF>\n' +
        '<DIFF>\n<RANGE>3-9</RANGE>\n<SEARCH_START>fn a</SEARCH_START>\n<SEARCH_END>}</SEARCH_END>\n<REPLACE></REPLACE>\n</DIFF>\n</PATCH>',
    );
    expect(req).toEqual({
      file: 'src/a.c',
      diffs: [
        { kind: 'search', search: 'old\n', replace: 'new\n' },
        { kind: 'span', start: 'fn a', end: '}', replace: '', range: { start: 3, end: 9 } },
      ],
    });
  });

  it.each([
    ['<PATCH file="a b.c">', 'a b.c'],
    ["<PATCH file='x/y.rs'>", 'x/y.rs'],
    ['<PATCH   file = plain.c >', 'plain.c'],
  ])('accepts the path in %s', (open, file) => {
    expect(parsePatchBlock(`${open}\n<DIFF>\n<SEARCH>a</SEARCH>\n<REPLACE>b</REPLACE>\n</DIFF>\n</PATCH>`).file).toBe(file);
  });

  it('takes the block from a streaming parser (name, attributes, body)', () => {
    const req = parsePatchBlock({ name: 'PATCH', attributes: { file: 'm.c' }, body: '\n<DIFF><SEARCH>x</SEARCH><REPLACE>y</REPLACE></DIFF>\n' });
    expect(req).toEqual({ file: 'm.c', diffs: [{ kind: 'search', search: 'x', replace: 'y' }] });
  });

  it('keeps close tags that are part of the content when another tag follows later', () => {
    const req = parsePatchBlock('<PATCH file=d.md>\n<DIFF>\n<SEARCH>say </SEARCH> here</SEARCH>\n<REPLACE>ok</REPLACE>\n</DIFF>\n</PATCH>');
    expect(req.diffs[0]).toEqual({ kind: 'search', search: 'say </SEARCH> here', replace: 'ok' });
  });

  it('tolerates a missing </PATCH> when the DIFFs are complete', () => {
    expect(parsePatchBlock('<PATCH file=a.c>\n<DIFF>\n<SEARCH>a</SEARCH>\n<REPLACE>b</REPLACE>\n</DIFF>\n').diffs).toHaveLength(1);
  });

  it.each([
    ['<PATCH>\n<DIFF><SEARCH>a</SEARCH><REPLACE>b</REPLACE></DIFF>\n</PATCH>', 'needs a file attribute'],
    ['<PATCH file=a.c>\n</PATCH>', 'contains no <DIFF> block'],
    ['<PATCH file=a.c>\n<SEARCH>a</SEARCH>\n<REPLACE>b</REPLACE>\n</PATCH>', 'DIFF 1: <SEARCH> must be inside <DIFF>...</DIFF>'],
    ['<PATCH file=a.c>\n<DIFF>\n<SEARCH>a</SEARCH>\n</DIFF>\n</PATCH>', 'DIFF 1 has no <REPLACE>'],
    ['<PATCH file=a.c>\n<DIFF><SEARCH>a</SEARCH><REPLACE>b</REPLACE></DIFF>\n<DIFF>\n<REPLACE>b</REPLACE>\n</DIFF>\n</PATCH>', 'DIFF 2 has no <SEARCH>'],
    ['<PATCH file=a.c>\n<DIFF>\n<SEARCH>a\n<REPLACE>b</REPLACE>\n</DIFF>\n</PATCH>', 'DIFF 1: <SEARCH> is not closed: missing </SEARCH>'],
    ['<PATCH file=a.c>\n<DIFF>\n<SEARCH>a</SEARCH>\n<REPLACE>b</REPLACE>\n</PATCH>', 'DIFF 1 is not closed: missing </DIFF>'],
    ['<PATCH file=a.c>\n<DIFF>\n<SEARCH>a</SEARCH>\n<REPLACE>b</REPLACE>\n<DIFF>\n', 'DIFF 1 is not closed before the next <DIFF>'],
    ['<PATCH file=a.c>\n<DIFF>\n<SEARCH>a</SEARCH>\n<SEARCH_START>a</SEARCH_START>\n<SEARCH_END>b</SEARCH_END>\n<REPLACE>b</REPLACE>\n</DIFF>\n</PATCH>', 'DIFF 1 mixes <SEARCH> with <SEARCH_START>/<SEARCH_END>'],
    ['<PATCH file=a.c>\n<DIFF>\n<SEARCH_START>a</SEARCH_START>\n<REPLACE>b</REPLACE>\n</DIFF>\n</PATCH>', 'DIFF 1 has <SEARCH_START> but no <SEARCH_END>'],
    ['<PATCH file=a.c>\n<DIFF>\n<SEARCH_END>a</SEARCH_END>\n<REPLACE>b</REPLACE>\n</DIFF>\n</PATCH>', 'DIFF 1 has <SEARCH_END> but no <SEARCH_START>'],
    ['<PATCH file=a.c>\n<DIFF>\n<SEARCH_START> </SEARCH_START>\n<SEARCH_END>x</SEARCH_END>\n<REPLACE>b</REPLACE>\n</DIFF>\n</PATCH>', 'DIFF 1: <SEARCH_START> is empty'],
    ['<PATCH file=a.c>\n<DIFF>\n<RANGE>ten to 20</RANGE>\n<SEARCH>a</SEARCH>\n<REPLACE>b</REPLACE>\n</DIFF>\n</PATCH>', 'DIFF 1: <RANGE> must be two line numbers like 10-50'],
    ['<PATCH file=a.c>\n<DIFF>\n<FIND>a</FIND>\n<REPLACE>b</REPLACE>\n</DIFF>\n</PATCH>', 'DIFF 1: unknown tag <FIND>'],
    ['<PATCH file=a.c>\n<DIFF>\n<SEARCH>a</SEARCH>\n<SEARCH>b</SEARCH>\n<REPLACE>b</REPLACE>\n</DIFF>\n</PATCH>', 'DIFF 1 has two <SEARCH> blocks'],
    ['<PATCH file=a.c>\n<DIFF>\nsearch: a\n</DIFF>\n</PATCH>', 'DIFF 1: expected <SEARCH>, <REPLACE>, <SEARCH_START>, <SEARCH_END> or <RANGE>, found "search: a"'],
    ['<PATCH file=a.c>\n<DIFF><SEARCH>a</SEARCH><REPLACE>b</REPLACE></DIFF>\nthanks!\n</PATCH>', 'expected <DIFF> after DIFF 1, found "thanks!"'],
    ['PATCH file=a.c', 'it must start with <PATCH file=...>'],
    ['<PATCH file=a.c extra>\n</PATCH>', 'cannot read the attributes'],
  ])('rejects %j saying %j', (text, says) => {
    const e = patchError(text);
    expect(e.message).toContain(says);
    expect(e.code).toBe('parse');
  });

  it('puts the usage help after the reason in the text for the model', () => {
    const e = patchError('<PATCH file=a.c>\n<DIFF>\n<SEARCH>a</SEARCH>\n</DIFF>\n</PATCH>');
    expect(e.forModel.startsWith(e.message)).toBe(true);
    expect(e.forModel).toContain(PATCH_USAGE);
  });

  it('does not resolve inherited attribute names', () => {
    expect(() => parsePatchBlock({ name: 'PATCH', attributes: {}, body: '<DIFF></DIFF>' })).toThrow(/needs a file attribute/);
    const attrs = Object.create({ file: 'inherited.c' }) as Record<string, string>;
    expect(() => parsePatchBlock({ name: 'PATCH', attributes: attrs, body: '' })).toThrow(/needs a file attribute/);
  });
});

describe('parseRewriteBlock', () => {
  it('reads the whole content, the last line break before the close tag ending the last line', () => {
    expect(parseRewriteBlock('<REWRITE file=src/x.rs>\nfn main() {}\n</REWRITE>')).toEqual({ file: 'src/x.rs', content: 'fn main() {}\n' });
  });

  it('keeps content that mentions the close tag', () => {
    const req = parseRewriteBlock('<REWRITE file=p.txt>\nwrite </REWRITE> at the end\n</REWRITE>\n');
    expect(req.content).toBe('write </REWRITE> at the end\n');
  });

  it('refuses a block without its close tag, since the content may be cut off', () => {
    expect(() => parseRewriteBlock('<REWRITE file=a.c>\nint main(')).toThrow(/missing <\/REWRITE>.*nothing was written/);
  });

  it('names the missing file attribute and carries the usage help', () => {
    try {
      parseRewriteBlock('<REWRITE>\nx\n</REWRITE>');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EditBlockError);
      expect((e as EditBlockError).forModel).toContain(REWRITE_USAGE);
      expect((e as EditBlockError).message).toContain('needs a file attribute');
    }
  });
});
