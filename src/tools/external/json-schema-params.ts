import { z } from 'zod';
import { JarvisError } from '../../util/index.js';

/**
 * Tools from outside (MCP servers, user modules) describe their arguments in JSON Schema,
 * while the registry takes a zod schema. This turns one into the other so that the schema the
 * model is shown is the tool's own, key for key: zod merges `.meta()` into the JSON Schema it
 * writes, so the original is attached as metadata over whatever the conversion produced.
 */

export interface JsonSchemaParamsOptions {
  /**
   * Validate arguments here (a user module gets exactly what its schema allows). Off for MCP:
   * the server validates its own input and a converted schema could reject what it accepts.
   */
  validate: boolean;
}

export type JsonSchemaObject = Record<string, unknown>;

/** Keys zod would misread as its own metadata (`id` moves a schema into `$defs`) or that only name a dialect. */
const DROPPED_KEYS = new Set(['$schema', '$id', 'id']);

export function isPlainObject(v: unknown): v is JsonSchemaObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A zod schema accepting an argument mapping, shown to the model as `raw`. Throws when `raw` is not an object schema. */
export function paramsFromJsonSchema(raw: unknown, opts: JsonSchemaParamsOptions): z.ZodType {
  const schema = normaliseObjectSchema(raw);
  let base: z.ZodType = z.looseObject({});
  if (opts.validate) {
    try {
      base = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    } catch (e) {
      throw new JarvisError('config', `its parameters are not a JSON Schema zod can check (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  return base.meta(schema);
}

/** Drops dialect keys and fills in `type: object` when only `properties` were given. */
export function normaliseObjectSchema(raw: unknown): JsonSchemaObject {
  if (!isPlainObject(raw)) throw new JarvisError('config', 'its parameters must be a JSON Schema object');
  const out: JsonSchemaObject = {};
  for (const [k, v] of Object.entries(raw)) if (!DROPPED_KEYS.has(k)) out[k] = v;
  if (out.type === undefined) out.type = 'object';
  if (out.type !== 'object') {
    throw new JarvisError('config', `its parameters must describe an object (a mapping of argument names), not type ${JSON.stringify(out.type)}`);
  }
  out.properties ??= {};
  return out;
}
