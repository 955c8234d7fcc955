import { CommentCursor } from './comments.js';
import { NameAllocator } from './rust-names.js';

/** One item written to a module, with where it came from (for symbol_map.jsonl). */
export interface ItemOut {
  kind: 'fn' | 'static';
  cName: string;
  rustName: string;
  cFile: string;
  cStart: number;
  cEnd: number;
  lines: string[];
  graph?: boolean;
}

/** `\u0001path::name\u0002`: a reference resolved when the module is written (bare name + `use`, or full path). */
// eslint-disable-next-line no-control-regex -- the markers are control characters so C text can never contain them
const REF = /\u0001([^\u0002]*)\u0002/g;
export const ref = (path: string, name: string): string => `\u0001${path}::${name}\u0002`;

/** A Rust module being assembled: items in C order, imports, module-level names. */
export class ModuleBuilder {
  readonly items: ItemOut[] = [];
  readonly names = new NameAllocator(['main']);
  readonly done = new Set<string>();
  readonly hoisted: string[] = [];
  readonly cursor: CommentCursor;
  private hoistCount = 0;

  constructor(
    readonly name: string,
    readonly absFile: string,
    readonly relFile: string,
    readonly isBin: boolean,
  ) {
    this.cursor = CommentCursor.forFile(absFile);
  }

  itemName(cName: string): string {
    return this.names.name(`v:${cName}`, cName);
  }

  hoistStatic(rustType: string, init: string): string {
    const name = this.names.name(`lit${this.hoistCount}`, `C2RUST_LITERAL_${this.hoistCount++}`);
    this.hoisted.push(`static mut ${name}: ${rustType} = ${init};`);
    return name;
  }

  /**
   * The module's code with references resolved: `use` lines for names that do not collide with
   * the module's own items (or each other), full paths for the rest. `lib` is how this module
   * names the library crate (`crate` inside it, the crate's name in a binary).
   */
  render(lib: string, header: string[]): string {
    const body: string[] = [...this.hoisted];
    for (const it of this.items) body.push(...it.lines, '');
    let text = body.join('\n');
    const chosen = new Map<string, string>();
    const own = (n: string) => this.names.isUsed(n.replace(/^r#/, ''));
    const uses = new Map<string, Set<string>>();
    text = text.replace(REF, (_m, full: string) => {
      const path = full.replace(/^LIB::/, `${lib}::`);
      const idx = path.lastIndexOf('::');
      const mod = path.slice(0, idx);
      const name = path.slice(idx + 2);
      const prev = chosen.get(name);
      if (prev === path) return name;
      if (prev === undefined && !own(name)) {
        chosen.set(name, path);
        const set = uses.get(mod) ?? new Set<string>();
        set.add(name);
        uses.set(mod, set);
        return name;
      }
      return path;
    });
    const useLines = [...uses]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([mod, names]) => `use ${mod}::{${[...names].sort().join(', ')}};`);
    return [...header, ...useLines, '', text].join('\n');
  }
}
