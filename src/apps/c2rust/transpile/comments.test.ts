import { describe, expect, it } from 'vitest';
import { toRust } from './comments.js';

describe('C comments carried into Rust', () => {
  it('turns C line comments that Rust would read as doc comments into plain ones, leaving rulers alone', () => {
    expect(toRust('/// set the field')).toEqual(['// set the field']);
    expect(toRust('//! module note')).toEqual(['// module note']);
    expect(toRust('//////// ruler')).toEqual(['//////// ruler']);
    expect(toRust('/* a\n * b */')).toEqual(['// a', '// b']);
  });
});
