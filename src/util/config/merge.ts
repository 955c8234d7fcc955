/**
 * Layered merge that remembers, for every dotted key, which layer wrote it last.
 * Objects merge key by key; arrays and scalars replace (docs/config.md).
 */

/** Where one configuration value came from. `label` is what `jarvis config show` prints. */
export interface ConfigSource {
  kind: 'default' | 'user' | 'project' | 'explicit' | 'env' | 'flag';
  /** e.g. `user file ~/.jarvis/config.yaml`, `env JARVIS_LLM_GROUP`, `flag --llm-group` */
  label: string;
  /** how error messages name the place: a file path, `env JARVIS_X` or `flag --x` */
  where: string;
  /** directory relative paths from this layer resolve against */
  dir: string;
}

export type PlainObject = Record<string, unknown>;
export type SourceMap = Record<string, ConfigSource>;

export function isPlainObject(v: unknown): v is PlainObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function joinKey(path: readonly (string | number)[]): string {
  return path.map(String).join('.');
}

function forgetBelow(sources: SourceMap, key: string): void {
  const prefix = `${key}.`;
  for (const k of Object.keys(sources)) if (k.startsWith(prefix)) delete sources[k];
}

/**
 * Merges `layer` into `target` in place and records `source` for every key the layer sets,
 * objects included, so an error about a missing key can still name the layer that defined its parent.
 */
export function mergeLayer(
  target: PlainObject,
  layer: PlainObject,
  source: ConfigSource,
  sources: SourceMap,
  path: string[] = [],
): void {
  for (const [k, value] of Object.entries(layer)) {
    const keyPath = [...path, k];
    const key = joinKey(keyPath);
    const existing = target[k];
    if (isPlainObject(value) && isPlainObject(existing)) {
      sources[key] = source;
      mergeLayer(existing, value, source, sources, keyPath);
      continue;
    }
    forgetBelow(sources, key);
    target[k] = isPlainObject(value) ? structuredClone(value) : value;
    sources[key] = source;
    if (isPlainObject(value)) recordAll(value, source, sources, keyPath);
  }
}

function recordAll(obj: PlainObject, source: ConfigSource, sources: SourceMap, path: string[]): void {
  for (const [k, v] of Object.entries(obj)) {
    const keyPath = [...path, k];
    sources[joinKey(keyPath)] = source;
    if (isPlainObject(v)) recordAll(v, source, sources, keyPath);
  }
}

/** Dotted keys of every non-object value (arrays count as values). */
export function leafKeys(obj: PlainObject, path: string[] = []): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    const keyPath = [...path, k];
    if (isPlainObject(v) && Object.keys(v).length > 0) out.push(...leafKeys(v, keyPath));
    else out.push(joinKey(keyPath));
  }
  return out;
}

/** Value at a path, or undefined when any step is missing. */
export function valueAt(obj: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = obj;
  for (const seg of path) {
    if (!isPlainObject(cur) && !Array.isArray(cur)) return undefined;
    cur = Object.hasOwn(cur, seg) ? (cur as Record<PropertyKey, unknown>)[seg] : undefined;
  }
  return cur;
}

/** Sets a dotted path, creating objects on the way. */
export function setAt(obj: PlainObject, key: string, value: unknown): void {
  const parts = key.split('.');
  let cur = obj;
  for (const part of parts.slice(0, -1)) {
    const next = cur[part];
    if (!isPlainObject(next)) cur[part] = {};
    cur = cur[part] as PlainObject;
  }
  cur[parts[parts.length - 1] as string] = value;
}
