import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `{ anyOf: [X, { type: 'null' }] }`, as zod writes a nullable, becomes X with 'null' added to
 * its type: fast-json-stringify writes that directly, where anyOf makes it test each value
 * against the branches first.
 */
function foldNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(foldNullables);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = foldNullables(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const other = anyOf.find((s) => s.type !== 'null');
    const type = other?.type;
    if (anyOf.some((s) => s.type === 'null' && Object.keys(s).length === 1) && typeof type === 'string' && type !== 'object' && type !== 'array') {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, type: [type, 'null'] };
    }
  }
  return out;
}

/**
 * Serialises responses with the route's response schema compiled by fast-json-stringify (what
 * Fastify does for JSON Schema routes), so a field a schema does not declare never leaves the
 * server and large answers are written without a generic JSON.stringify walk. A schema JSON
 * Schema cannot express (a transform, a date) falls back to zod's own encode + stringify.
 *
 * `checked` (tests) also encodes every answer with zod first and fails the request on a
 * mismatch, so an answer that breaks its declared shape is a test failure rather than output
 * fast-json-stringify would quietly coerce.
 */
export function responseSerializerCompiler(options: { checked: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const strict = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    let fast: ((data: unknown) => string) | undefined;
    try {
      const json = z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
      fast = fastJson(foldNullables(json) as Parameters<typeof fastJson>[0]);
    } catch {
      fast = undefined;
    }
    if (!fast) return strict;
    if (!options.checked) return fast;
    const write = fast;
    return (data) => {
      strict(data);
      return write(data);
    };
  };
}
