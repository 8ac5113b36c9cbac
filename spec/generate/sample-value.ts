import type { JsonSchema } from '../model.js';
import { patternValue } from './pattern-value.js';
import { isObject } from '../json/index.js';

type Obj = Record<string, unknown>;

/**
 * A plausible value a schema accepts, for members the server owns or the client left out: the
 * schema's own `const`, `default`, `examples`/`example` or first `enum` value first, then one built
 * by type and format (a timestamp of now for `date-time`, a fresh uuid for `uuid`). Objects get their
 * required members. Never throws; the caller validates the result.
 */
export function sampleValue(schema: JsonSchema | undefined, depth = 0): unknown {
  return sample(schema, depth, true);
}

/**
 * A value built from a schema's keywords alone (`const`, `enum`, type, format, required members),
 * never from its `default`, `example` or `examples`: what answers when those break the schema they
 * sit in (an integer example of a string member). Never throws; the caller validates the result.
 */
export function schemaSample(schema: JsonSchema | undefined): unknown {
  return sample(schema, 0, false);
}

function sample(schema: JsonSchema | undefined, depth: number, examples: boolean): unknown {
  if (!schema || depth > 6) return null;
  if ('const' in schema) return schema.const;
  if (examples) {
    if ('default' in schema) return schema.default;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
    if ('example' in schema) return schema.example;
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts) && parts.length > 0) {
      if (key !== 'allOf') return sample(parts[0] as JsonSchema, depth + 1, examples);
      const merged: Obj = {};
      let scalar: unknown;
      for (const part of parts as JsonSchema[]) {
        const value = sample(part, depth + 1, examples);
        if (isObject(value)) Object.assign(merged, value);
        else if (value !== null) scalar = value;
      }
      if (scalar !== undefined && Object.keys(merged).length === 0) return scalar;
      return { ...merged, ...(isObject(schema.properties) ? objectSample(schema, depth, examples) : {}) };
    }
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return objectSample(schema, depth, examples);
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: Math.min(min, 3) }, () => sample(schema.items as JsonSchema, depth + 1, examples));
    }
    case 'integer':
    case 'number': {
      const min =
        typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof schema.exclusiveMinimum === 'number'
            ? schema.exclusiveMinimum + 1
            : 0;
      return type === 'integer' ? Math.ceil(min) : min;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return stringSample(schema);
    default:
      return isObject(schema.properties) ? objectSample(schema, depth, examples) : null;
  }
}

function objectSample(schema: JsonSchema, depth: number, examples: boolean): Obj {
  const out: Obj = {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  for (const name of required) out[name] = sample(properties[name] as JsonSchema | undefined, depth + 1, examples);
  // `minProperties` (a map that must hold an entry: the APIs.guru directory's `versions`): the
  // declared members first, then entries of the map's own schema under made-up keys.
  const min = typeof schema.minProperties === 'number' ? Math.min(schema.minProperties, 8) : 0;
  for (const name of Object.keys(properties)) {
    if (Object.keys(out).length >= min) break;
    if (!(name in out)) out[name] = sample(properties[name] as JsonSchema, depth + 1, examples);
  }
  const entry = schema.additionalProperties === false ? undefined : (schema.additionalProperties ?? true);
  for (let i = 1; Object.keys(out).length < min && entry !== undefined && i <= min + 8; i++)
    if (!(`key${i}` in out)) out[`key${i}`] = isObject(entry) ? sample(entry as JsonSchema, depth + 1, examples) : 'x';
  return out;
}

function stringSample(schema: JsonSchema): string {
  const formatted = formattedSample(schema);
  if (typeof schema.pattern !== 'string') return formatted;
  // A pattern decides over a format's usual value when that value does not match it.
  try {
    const pattern = new RegExp(schema.pattern, 'u');
    if (pattern.test(formatted)) return formatted;
    const fitted = patternValue(schema.pattern, typeof schema.minLength === 'number' ? schema.minLength : 0);
    return fitted !== undefined && pattern.test(fitted) ? fitted : formatted;
  } catch {
    return formatted;
  }
}

function formattedSample(schema: JsonSchema): string {
  const now = new Date();
  switch (schema.format) {
    case 'date-time':
      return now.toISOString();
    case 'date':
      return now.toISOString().slice(0, 10);
    case 'time':
      return now.toISOString().slice(11, 19) + 'Z';
    case 'uuid':
      return crypto.randomUUID();
    case 'email':
      return 'user@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/';
    case 'hostname':
      return 'example.com';
    case 'ipv4':
      return '192.0.2.1';
    case 'ipv6':
      return '2001:db8::1';
    default: {
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      return 'x'.repeat(Math.max(min, 1)).slice(0, typeof schema.maxLength === 'number' ? schema.maxLength : undefined);
    }
  }
}
