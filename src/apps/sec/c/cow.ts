/**
 * A map shared between copies (copy on write). The engine copies its state at every branch, call
 * split and trial evaluation, and most copies are read and dropped or changed in a few entries.
 * A map is a frozen `base` shared by its copies plus a small `delta` of its own writes: a copy
 * costs O(delta), and two copies of one base differ only in their deltas, which is what joins
 * and fixpoint tests look at (`diffKeys`). The delta is folded into a new base when a copy is
 * made of a map whose delta has grown.
 */
const GONE: unique symbol = Symbol('gone');
type Slot<V> = V | typeof GONE;

/** deltas up to this size are copied with the map; larger ones are folded into a new base first */
const DELTA_MAX = 24;

export class CowMap<K, V> implements Iterable<[K, V]> {
  /** never written once `shared` */
  private base: Map<K, V>;
  private shared: boolean;
  private delta: Map<K, Slot<V>> | undefined;
  /** the delta is this map's own (else shared with a copy: copied before a write) */
  private deltaOwn = false;
  private n: number;
  /** bumped by every change (for caches of facts computed from the entries) */
  ver = 0;

  constructor(from?: Iterable<readonly [K, V]>) {
    this.base = new Map(from ?? []);
    this.shared = false;
    this.n = this.base.size;
  }

  private static of<K, V>(base: Map<K, V>, delta: Map<K, Slot<V>> | undefined, n: number): CowMap<K, V> {
    const m = new CowMap<K, V>();
    m.base = base;
    m.shared = true;
    m.delta = delta;
    m.n = n;
    return m;
  }

  /** A copy; each side keeps its own writes. */
  fork(): CowMap<K, V> {
    if (this.delta && this.delta.size > DELTA_MAX) this.fold();
    this.shared = true;
    this.deltaOwn = false;
    return CowMap.of(this.base, this.delta, this.n);
  }

  /** A copy for a trial that is dropped (same as fork: copies are cheap). */
  peek(): CowMap<K, V> {
    return this.fork();
  }

  private fold(): void {
    const m = new Map(this.base);
    for (const [k, v] of this.delta ?? []) {
      if (v === GONE) m.delete(k);
      else m.set(k, v);
    }
    this.base = m;
    this.shared = false;
    this.delta = undefined;
  }

  private ownDelta(): Map<K, Slot<V>> {
    if (!this.deltaOwn) {
      this.delta = new Map(this.delta ?? []);
      this.deltaOwn = true;
    }
    return this.delta as Map<K, Slot<V>>;
  }

  /** The two hold the same entries by construction (one base, no writes since the copy). */
  sameAs(other: CowMap<K, V>): boolean {
    return this.base === other.base && (this.delta === other.delta || (!this.delta?.size && !other.delta?.size));
  }

  /**
   * The keys whose entries may differ between the two when they share a base (every other key
   * maps to the same value in both); undefined when they do not.
   */
  diffKeys(other: CowMap<K, V>): Set<K> | undefined {
    if (this.base !== other.base) return undefined;
    const out = new Set<K>();
    this.addDiffKeys(other, out);
    return out;
  }

  /** diffKeys added to `into` (in the same order); false, adding nothing, when they do not share a base. */
  addDiffKeys(other: CowMap<K, V>, into: Set<K>): boolean {
    if (this.base !== other.base) return false;
    if (this.delta === other.delta) return true;
    this.delta?.forEach((_, k) => into.add(k));
    other.delta?.forEach((_, k) => into.add(k));
    return true;
  }

  get size(): number {
    return this.n;
  }

  get(k: K): V | undefined {
    if (this.delta) {
      const v = this.delta.get(k);
      if (v !== undefined) return v === GONE ? undefined : v;
    }
    return this.base.get(k);
  }

  has(k: K): boolean {
    if (this.delta) {
      const v = this.delta.get(k);
      if (v !== undefined) return v !== GONE;
    }
    return this.base.has(k);
  }

  set(k: K, v: V): this {
    // has(k) and get(k) in one look-up each of the delta and the base
    const d = this.delta?.get(k);
    let had: boolean;
    if (d !== undefined) {
      had = d !== GONE;
      if (had && d === v) return this;
    } else {
      const b = this.base.get(k);
      had = b !== undefined || this.base.has(k);
      if (had && b === v) return this;
    }
    if (!had) this.n++;
    this.ver++;
    if (!this.shared) this.base.set(k, v);
    else this.ownDelta().set(k, v);
    return this;
  }

  delete(k: K): boolean {
    if (!this.has(k)) return false;
    this.n--;
    this.ver++;
    if (!this.shared) this.base.delete(k);
    else if (this.base.has(k)) this.ownDelta().set(k, GONE);
    else this.ownDelta().delete(k);
    return true;
  }

  /** Calls `f` for every entry (faster than iterating when the map has its own writes). */
  forEach(f: (v: V, k: K) => void): void {
    const d = this.delta;
    if (!d?.size) {
      this.base.forEach(f);
      return;
    }
    this.base.forEach((v, k) => {
      if (!d.has(k)) f(v, k);
    });
    d.forEach((v, k) => {
      if (v !== GONE) f(v, k);
    });
  }

  *keys(): IterableIterator<K> {
    for (const [k] of this.entries()) yield k;
  }

  *values(): IterableIterator<V> {
    for (const [, v] of this.entries()) yield v;
  }

  entries(): IterableIterator<[K, V]> {
    return this.delta?.size ? this.merged() : this.base.entries();
  }

  private *merged(): IterableIterator<[K, V]> {
    const d = this.delta as Map<K, Slot<V>>;
    for (const e of this.base) if (!d.has(e[0])) yield e;
    for (const [k, v] of d) if (v !== GONE) yield [k, v];
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries();
  }
}
