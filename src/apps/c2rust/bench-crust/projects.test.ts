import { describe, expect, it } from 'vitest';
import { tempTree } from '../../../../test/support/temp-tree.js';
import { crustProjects } from './projects.js';

describe('crustProjects', () => {
  it("pairs C and Rust projects by name and keeps a program's own interface file out of the crate's work, by name", () => {
    const root = tempTree({
      'CBench/Tiny-Lang/main.c': 'int main(void) { return 0; }\n',
      'RBench/Tiny_Lang/src/lib.rs': 'pub mod stack;\n',
      'RBench/Tiny_Lang/src/interfaces/stack.rs': 'pub fn push() { unimplemented!() }\n',
      'RBench/Tiny_Lang/src/interfaces/main.rs': 'fn main() { unimplemented!() }\n',
      'CBench/Lonely/x.c': 'int x;\n',
    });
    const { projects, unpaired } = crustProjects(root);
    expect(unpaired).toEqual(['Lonely']);
    expect(projects.map((p) => [p.name, p.interfaces.map((i) => i.target), p.outsideCrate])).toEqual([['Tiny-Lang', ['src/stack.rs'], ['main.rs']]]);
  });
});
