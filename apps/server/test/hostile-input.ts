/**
 * Request inputs for property-based tests: values shaped by a route's JSON schema (derived
 * from the shared zod schemas through the OpenAPI document) mixed with hostile values.
 */
import fc from 'fast-check';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '__proto__',
    'constructor',
    "' or 1=1 --",
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '=HYPERLINK("http://x")',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\u202e\u0644\u0627',
    '😀🎌',
    'NaN',
    '-1',
    '1e309',
    'V1',
    'COM-000000',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constant('x'.repeat(100_000)),
);

export const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, -0.5, 0.5, 1.5, 1e12, -1e12, Number.MAX_SAFE_INTEGER, 2 ** 31),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileString, fc.constant('__proto__')), tie('value'), {
      maxKeys: 3,
    }),
  ),
})).value;

/** A value for the schema: most of the time of the right shape, with hostile leaves. */
export function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, depth + 1)));
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), hostileValue);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {});
      const shaped = fc.record(
        Object.fromEntries(entries.map(([k, s]) => [k, fromSchema(s, depth + 1)])),
        { requiredKeys: [] },
      );
      return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
    }
    case 'array':
      return fc.oneof(
        fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 }),
        hostileValue,
      );
    case 'string':
      return fc.oneof(hostileString, hostileValue);
    case 'number':
    case 'integer':
      return fc.oneof(hostileNumber, hostileValue);
    case 'boolean':
      return fc.oneof(fc.boolean(), hostileValue);
    default:
      return hostileValue;
  }
}

/** Renders a query object the way a browser would send it. */
export function toQueryString(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) {
    params.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return params.toString();
}
