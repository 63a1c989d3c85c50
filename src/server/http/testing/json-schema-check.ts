/**
 * Test support: checks a JSON value against a JSON Schema of the generated OpenAPI document (the
 * subset the generator emits), strictly: an object member that the schema does not declare is an
 * error, so a response with an extra field fails. Returns the problems, empty when it conforms.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  $ref?: string;
}

const typeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export function checkJsonSchema(
  schema: JsonSchema,
  value: unknown,
  resolveRef: (ref: string) => JsonSchema = () => {
    throw new Error('no $ref resolver');
  },
  at = '$',
): string[] {
  if (schema.$ref !== undefined) return checkJsonSchema(resolveRef(schema.$ref), value, resolveRef, at);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) {
    const fits = alternatives.filter((option) => checkJsonSchema(option, value, resolveRef, at).length === 0);
    if (schema.oneOf !== undefined && fits.length > 1) return [`${at}: matches ${fits.length} oneOf options`];
    return fits.length > 0 ? [] : [`${at}: matches no option of ${schema.anyOf ? 'anyOf' : 'oneOf'}`];
  }
  const problems: string[] = [];
  for (const part of schema.allOf ?? []) problems.push(...checkJsonSchema(part, value, resolveRef, at));
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const allowed = Array.isArray(schema.type) ? schema.type : [schema.type];
    const ok = allowed.includes(actual) || (actual === 'integer' && allowed.includes('number'));
    if (!ok) return [...problems, `${at}: ${actual} where ${allowed.join('|')} is declared`];
  }
  if (schema.enum !== undefined && !schema.enum.includes(value))
    problems.push(`${at}: ${String(value)} not in enum`);
  if (schema.const !== undefined && schema.const !== value) problems.push(`${at}: not the const`);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum)
      problems.push(`${at}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum)
      problems.push(`${at}: above ${schema.maximum}`);
  }
  if (typeof value === 'string') {
    if (schema.format === 'date' && !DATE.test(value)) problems.push(`${at}: not a date`);
    if (schema.format === 'date-time' && !DATE_TIME.test(value)) problems.push(`${at}: not a date-time`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value))
      problems.push(`${at}: pattern`);
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    value.forEach((item, i) => {
      problems.push(...checkJsonSchema(schema.items as JsonSchema, item, resolveRef, `${at}[${i}]`));
    });
  }
  if (actual === 'object') {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (!(name in record)) problems.push(`${at}.${name}: missing`);
    for (const [name, member] of Object.entries(record)) {
      const declared = schema.properties?.[name];
      if (declared !== undefined) {
        problems.push(...checkJsonSchema(declared, member, resolveRef, `${at}.${name}`));
      } else if (typeof schema.additionalProperties === 'object') {
        problems.push(...checkJsonSchema(schema.additionalProperties, member, resolveRef, `${at}.${name}`));
      } else if (schema.additionalProperties !== true || schema.properties !== undefined) {
        problems.push(`${at}.${name}: not declared`);
      }
    }
  }
  return problems;
}
