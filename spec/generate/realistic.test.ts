// The realistic flavour of the one schema → value generator (issue 23): what the mock's dynamic
// answers are drawn from. Values stay valid against the schema for any seed, repeat for a seed,
// and read like data.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../model.js';
import { specFromDocument } from '../spec-from-document.js';
import { schemaArbitrary } from './schema-arbitrary.js';
import { seededRandom, seededRandomSource } from './seeded-generator.js';

const ORDER: JsonSchema = {
  type: 'object',
  required: ['id', 'reference', 'state', 'placedAt', 'customer', 'lines'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    reference: { type: 'string', pattern: '^ORD-[0-9]{6}$' },
    state: { type: 'string', enum: ['open', 'shipped', 'closed'] },
    placedAt: { type: 'string', format: 'date-time' },
    deliveryDate: { type: ['string', 'null'], format: 'date' },
    count: { type: 'integer', minimum: 5000, maximum: 5002 },
    customer: {
      type: 'object',
      required: ['name', 'email'],
      properties: {
        name: { type: 'string', minLength: 2, maxLength: 40 },
        email: { type: 'string', format: 'email' },
        website: { type: 'string', format: 'uri' },
        nickname: { type: 'string', pattern: '^[a-z]+$', maxLength: 8 },
        address: {
          type: 'object',
          properties: {
            city: { type: 'string' },
            country: { type: 'string', maxLength: 4 },
            zip: { type: 'string', pattern: '^[0-9]{5}$' },
          },
        },
      },
    },
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: 4,
      items: {
        allOf: [
          {
            type: 'object',
            required: ['sku', 'quantity'],
            properties: {
              sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' },
              quantity: { type: 'integer', minimum: 1, maximum: 99 },
            },
          },
          {
            type: 'object',
            required: ['price'],
            properties: {
              price: { type: 'number', exclusiveMinimum: 0, maximum: 10000, multipleOf: 0.01 },
              weight: { type: 'number', minimum: 0.001, maximum: 0.002 },
              tags: { type: 'array', uniqueItems: true, maxItems: 3, items: { type: 'string' } },
            },
          },
        ],
      },
    },
    matrix: {
      type: 'array',
      items: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: -5, maximum: 5 } },
    },
    payment: {
      oneOf: [
        {
          type: 'object',
          required: ['kind', 'card'],
          properties: { kind: { const: 'card' }, card: { type: 'string', pattern: '^[0-9]{4}$' } },
          additionalProperties: false,
        },
        {
          type: 'object',
          required: ['kind', 'iban'],
          properties: {
            kind: { const: 'transfer' },
            iban: { type: 'string', minLength: 15, maxLength: 34, pattern: '^[A-Z]{2}[0-9A-Z]+$' },
          },
          additionalProperties: false,
        },
      ],
    },
  },
};

const spec = specFromDocument({
  openapi: '3.1.0',
  info: { title: 'Orders', version: '1' },
  paths: {},
  components: { schemas: { Order: ORDER } },
});
const order = spec.schemas.Order!;
const arbitrary = schemaArbitrary(order.schema, { realistic: true, direction: 'response' });
const draw = (seed: string): unknown => arbitrary.generate(seededRandomSource(seed), undefined).value;

describe('realistic values (the mock dynamic mode draws from these)', () => {
  it('are valid against their schema, with formats, enums, patterns, oneOf, allOf and nested arrays, for 200 seeds', () => {
    for (let seed = 0; seed < 200; seed++) {
      const value = draw(`seed-${seed}`);
      const result = order.validate(value);
      expect(result.ok, `seed ${seed}: ${JSON.stringify(result)} ${JSON.stringify(value)}`).toBe(true);
    }
  });

  it('are the same for the same seed and differ between seeds', () => {
    expect(draw('a')).toEqual(draw('a'));
    const distinct = new Set(Array.from({ length: 20 }, (_, i) => JSON.stringify(draw(`s${i}`))));
    expect(distinct.size).toBe(20);
  });

  it('read like data: names, addresses, recent dates, small positive numbers, short lists, every member', () => {
    for (let seed = 0; seed < 50; seed++) {
      const value = draw(`r${seed}`) as {
        customer: Record<string, unknown> & { address: Record<string, string> };
        placedAt: string;
        lines: { quantity: number; price: number; tags: string[] }[];
        matrix: number[][];
        deliveryDate: unknown;
      };
      expect(value.customer.name).toMatch(/^[A-Z][a-zà-ÿ]+$/);
      expect(value.customer.email).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
      expect(value.customer.website).toMatch(/^https:\/\/example\.com\/\S+$/);
      expect(value.customer.address.city).toMatch(/^[A-Z][a-z]+$/);
      expect(value.placedAt.startsWith('2024')).toBe(true);
      expect(value.lines.length).toBeGreaterThanOrEqual(1);
      expect(value.lines.length).toBeLessThanOrEqual(3);
      for (const line of value.lines) {
        expect(line.quantity).toBeGreaterThanOrEqual(1);
        expect(line.price).toBeGreaterThan(0);
        expect(line.price).toBeLessThanOrEqual(1000);
        expect(line.tags.length).toBeGreaterThanOrEqual(1);
      }
      expect(value.matrix.every((row) => row.length === 2)).toBe(true);
    }
  });

  it('stay inside bounds far from zero and wide multiples', () => {
    const wide = specFromDocument({
      openapi: '3.1.0',
      info: { title: 'Wide', version: '1' },
      paths: {},
      components: {
        schemas: {
          Wide: {
            type: 'object',
            properties: {
              big: { type: 'integer', minimum: 5_000_000_000 },
              step: { type: 'integer', multipleOf: 7, minimum: 3_000_000_000, maximum: 3_000_000_100 },
              tiny: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 0.5 },
              huge: { type: 'number', minimum: 1e12, multipleOf: 0.5 },
              negative: { type: 'integer', maximum: -10 },
            },
          },
        },
      },
    }).schemas.Wide!;
    const values = schemaArbitrary(wide.schema, { realistic: true });
    for (let seed = 0; seed < 100; seed++) {
      const value = values.generate(seededRandomSource(`w${seed}`), undefined).value;
      expect(wide.validate(value).ok, JSON.stringify(value)).toBe(true);
    }
  });

  it('put coordinates where a coordinate lies, inside the schema’s own bounds (held-out set 146)', () => {
    const rides = specFromDocument({
      openapi: '3.1.0',
      info: { title: 'Rides', version: '1' },
      paths: {},
      components: {
        schemas: {
          Ride: {
            type: 'object',
            required: ['start_lat', 'startLong', 'latitude', 'lng', 'northLat', 'flat', 'rating', 'end_lat'],
            properties: {
              start_lat: { type: 'number' },
              startLong: { type: 'number' },
              latitude: { type: 'number', minimum: 10 },
              lng: { type: 'number', minimum: 500 },
              northLat: { type: 'number', exclusiveMinimum: 0 },
              flat: { type: 'number' },
              rating: { type: 'number' },
              end_lat: { type: 'integer' },
            },
          },
        },
      },
    }).schemas.Ride!;
    const values = schemaArbitrary(rides.schema, { realistic: true });
    const seen = { flat: 0 };
    for (let seed = 0; seed < 100; seed++) {
      const ride = values.generate(seededRandomSource(`c${seed}`), undefined).value as Record<string, number>;
      expect(rides.validate(ride).ok, JSON.stringify(ride)).toBe(true);
      expect(Math.abs(ride.start_lat!)).toBeLessThanOrEqual(90);
      expect(Math.abs(ride.end_lat!)).toBeLessThanOrEqual(90);
      expect(Math.abs(ride.startLong!)).toBeLessThanOrEqual(180);
      expect(ride.latitude).toBeGreaterThanOrEqual(10);
      expect(ride.latitude).toBeLessThanOrEqual(90);
      expect(ride.northLat).toBeGreaterThan(0);
      expect(ride.northLat).toBeLessThanOrEqual(90);
      // Bounds that leave a coordinate no room win: the schema says what is valid.
      expect(ride.lng).toBeGreaterThanOrEqual(500);
      // `flat` is no latitude: it keeps the ordinary range, which goes past 90.
      if (ride.flat! > 90) seen.flat++;
    }
    expect(seen.flat).toBeGreaterThan(0);
  });

  it('keep required members deep down, and integer formats on numbers', () => {
    // Twelve levels of objects, each requiring the next and a count written `type: number, format: int64`.
    let schema: JsonSchema = { type: 'object', required: ['leaf'], properties: { leaf: { type: 'string' } } };
    for (let level = 0; level < 12; level++)
      schema = {
        type: 'object',
        required: ['next', 'count'],
        properties: { next: schema, count: { type: 'number', format: 'int64' } },
      };
    const deep = specFromDocument({
      openapi: '3.1.0',
      info: { title: 'Deep', version: '1' },
      paths: {},
      components: { schemas: { Deep: schema } },
    }).schemas.Deep!;
    const values = schemaArbitrary(deep.schema, { realistic: true });
    for (let seed = 0; seed < 20; seed++) {
      const value = values.generate(seededRandomSource(`d${seed}`), undefined).value;
      expect(deep.validate(value).ok, JSON.stringify(deep.validate(value))).toBe(true);
    }
  });

  it('never hang on unique items the schema cannot have (three distinct booleans)', () => {
    const values = schemaArbitrary(
      { type: 'array', uniqueItems: true, minItems: 3, items: { type: 'boolean' } },
      { realistic: true },
    );
    const value = values.generate(seededRandomSource('u'), undefined).value as boolean[];
    expect(new Set(value).size).toBe(value.length);
    expect(value.length).toBeLessThanOrEqual(2);
  });

  it('never hang on formats no value of which has the lengths asked (a uuid of at most 8)', () => {
    for (const schema of [
      { type: 'string', format: 'uuid', maxLength: 8 },
      { type: 'string', format: 'date-time', maxLength: 10 },
    ] as JsonSchema[]) {
      const value = schemaArbitrary(schema, { realistic: true }).generate(seededRandomSource('h'), undefined).value;
      expect(typeof value).toBe('string');
    }
  });

  it('take an x-faker method as the kind of text it names', () => {
    const contact = schemaArbitrary(
      {
        type: 'object',
        required: ['contact'],
        properties: { contact: { type: 'string', 'x-faker': 'internet.email' } },
      },
      { realistic: true },
    );
    const value = contact.generate(seededRandomSource('f'), undefined).value as { contact: string };
    expect(value.contact).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
  });

  it('leave the kit values as they were when off', () => {
    // The kit's own flavour still reaches the values that break servers (no realistic member names).
    const kit = schemaArbitrary({ type: 'string' });
    const values = Array.from({ length: 200 }, (_, i) => kit.generate(seededRandomSource(`k${i}`), undefined).value);
    expect(values.some((v) => typeof v === 'string' && (v.length > 40 || /[^\x20-\x7e]/.test(v)))).toBe(true);
  });
});

describe('seededRandom', () => {
  it('repeats per seed, in [0, 1)', () => {
    const a = seededRandom('x');
    const b = seededRandom('x');
    const first = Array.from({ length: 100 }, a);
    expect(Array.from({ length: 100 }, b)).toEqual(first);
    expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(new Set(first).size).toBe(100);
  });
});
