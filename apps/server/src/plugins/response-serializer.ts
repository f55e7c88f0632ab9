import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JsonText } from '../json-text';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

/** The JSON Schema of a response, or null when zod cannot express it (transforms, dates, custom types). */
function jsonSchemaOf(schema: z.ZodType) {
  try {
    return z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw', cycles: 'ref', reused: 'inline' });
  } catch {
    return null;
  }
}

/**
 * Responses are written by serializers compiled from their schemas (fast-json-stringify), not by
 * JSON.stringify after a zod pass. With `validate`, every answer is still checked against its zod
 * schema first, so tests and development catch an answer that breaks the contract; production
 * skips that check on the hot path. A schema that JSON Schema cannot express keeps the zod path.
 * A `JsonText` answer is sent as it is; with `validate` its value must pass the schema and be
 * exactly what the compiled serializer writes of it (no other keys, no other types).
 */
export function createResponseSerializerCompiler(options: { validate: boolean }): SerializerCompiler {
  const fallback = zodSerializerCompiler as unknown as SerializerCompiler;
  return (route) => {
    const schema = route.schema as z.ZodType;
    const jsonSchema = schema instanceof z.ZodType ? jsonSchemaOf(schema) : null;
    let stringify: ((data: unknown) => string) | null = null;
    if (jsonSchema) {
      try {
        stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
      } catch {
        stringify = null;
      }
    }
    if (!stringify) {
      const write = fallback(route) as (data: unknown) => string;
      return (data: unknown) => write(data instanceof JsonText ? data.toJSON() : data);
    }
    const write = stringify;
    if (!options.validate) return (data: unknown) => (data instanceof JsonText ? data.text : write(data));
    const checked = (data: unknown) => {
      const result = schema.safeEncode(data);
      if (result.error) throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
      return write(result.data);
    };
    return (data: unknown) => {
      if (!(data instanceof JsonText)) return checked(data);
      const value = data.toJSON();
      if (!isDeepStrictEqual(JSON.parse(checked(value)), value)) {
        const cause = new z.ZodError([{ code: 'custom', path: [], input: value, message: 'The JSON text is not what the response schema writes of its value' }]);
        throw new ResponseSerializationError(route.method, route.url, { cause });
      }
      return data.text;
    };
  };
}
