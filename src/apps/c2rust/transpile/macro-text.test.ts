import { describe, expect, it } from 'vitest';
import { expandUse, findMacro, firstOffsetof } from './macro-text.js';

describe('seeing offsetof through one project macro', () => {
  it('expands a container_of use and finds its offsetof; refuses # and ## bodies', () => {
    const src = '#define container_of(ptr, type, member) \\\n  ((type *)((char *)(ptr) - offsetof(type, member)))\n#define CAT(a, b) a##b\n';
    const def = findMacro(src, 'container_of');
    expect(def?.params).toEqual(['ptr', 'type', 'member']);
    const expanded = expandUse('container_of(f(a, b), struct entry, link)', def!);
    expect(firstOffsetof(expanded ?? '')).toBe('offsetof(struct entry, link)');
    expect(expandUse('CAT(x, y)', findMacro(src, 'CAT')!)).toBeUndefined();
    expect(findMacro(src, 'missing')).toBeUndefined();
  });
});
