import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * Test support: checks JSON values against the schemas of the OpenAPI 3.1 document with ajv
 * (JSON Schema 2020-12, strict mode, ajv-formats for `date` and `date-time`), strictly: an object
 * member that the schema does not declare is an error, so an answer with an extra field fails,
 * though the document itself leaves objects open (decisions.md: clients tolerate new members).
 */

// ajv-formats is CommonJS: its default export is the plugin, or the module object around it.
const addFormats = ((addFormatsModule as { default?: unknown }).default ??
  addFormatsModule) as unknown as typeof addFormatsModule.default;

export type JsonSchema = Record<string, unknown>;
type Json = Record<string, unknown>;

const COMPONENTS_ID = 'https://slab-terminal.test/openapi-components';
const COMPONENT_REF = /^#\/components\/schemas\/(.+)$/;

/**
 * The schema as a strict check reads it: every object that declares its members (or combines
 * schemas that do) refuses any other (`unevaluatedProperties: false`). The parts of an `allOf`
 * stay open, since each sees only its own members; the object around them is closed. So each
 * component `X` is kept open under `$defs/X` (for the parts of an `allOf`) and closed under
 * `$defs/X.closed` (for every other reference).
 */
function strictCopy(value: unknown, open = false): unknown {
  if (Array.isArray(value)) return value.map((item) => strictCopy(item));
  if (value === null || typeof value !== 'object') return value;
  const schema: Json = {};
  for (const [name, member] of Object.entries(value as Json)) {
    if (name === 'allOf' && Array.isArray(member))
      schema.allOf = member.map((part) => strictCopy(part, true));
    else if (name === 'properties' && member !== null && typeof member === 'object') {
      schema.properties = Object.fromEntries(
        Object.entries(member as Json).map(([property, sub]) => [property, strictCopy(sub)]),
      );
    } else schema[name] = strictCopy(member);
  }
  if (typeof schema.$ref === 'string') {
    const component = COMPONENT_REF.exec(schema.$ref);
    if (component) schema.$ref = `${COMPONENTS_ID}#/$defs/${component[1]}${open ? '' : '.closed'}`;
  }
  const declaresMembers = schema.properties !== undefined || schema.allOf !== undefined;
  if (declaresMembers && !open && schema.additionalProperties === undefined) {
    schema.type ??= 'object';
    schema.unevaluatedProperties = false;
  }
  return schema;
}

/** The components, each open and closed (strictCopy). */
function strictComponents(components: Record<string, unknown>): Json {
  const defs: Json = {};
  for (const [name, component] of Object.entries(components)) {
    defs[name] = strictCopy(component, true);
    const isObject = (component as Json).type === 'object' || (component as Json).properties !== undefined;
    defs[`${name}.closed`] = isObject
      ? { $ref: `${COMPONENTS_ID}#/$defs/${name}`, type: 'object', unevaluatedProperties: false }
      : { $ref: `${COMPONENTS_ID}#/$defs/${name}` };
  }
  return { $id: COMPONENTS_ID, $defs: defs };
}

const newAjv = () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true, multipleOfPrecision: 9 });
  addFormats(ajv);
  return ajv;
};

const problemsOf = (validate: ValidateFunction, value: unknown): string[] =>
  validate(value) ? [] : (validate.errors ?? []).map(describe);

const describe = (error: ErrorObject): string =>
  `$${error.instancePath.replaceAll('/', '.')}: ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`;

interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}
interface OperationObject {
  parameters?: ParameterObject[];
  responses: Record<string, { $ref?: string; content?: { 'application/json'?: { schema: JsonSchema } } }>;
}
export interface OpenApiDocument {
  paths: Record<string, { get: OperationObject }>;
  components: { schemas: Record<string, JsonSchema>; responses?: Record<string, unknown> };
}

export interface OpenApiValidator {
  /**
   * The problems of an answer against what the document says the operation at `path` answers
   * with `status`: none when it conforms; a status the document does not list is a problem too.
   */
  response(path: string, status: number, body: unknown): string[];
  /** The query parameters of the operation at `path`, as documented. */
  parameters(path: string): ParameterObject[];
  /** Whether the document allows this value of a query parameter (as parsed, before serializing). */
  allowsParameter(path: string, name: string, value: unknown): boolean;
}

/** A validator of the whole document: its components compiled once, each schema on first use. */
export function openApiValidator(document: OpenApiDocument): OpenApiValidator {
  const ajv = newAjv();
  ajv.addSchema(strictComponents(document.components.schemas));
  const compiled = new Map<string, ValidateFunction>();
  const compile = (key: string, schema: JsonSchema) => {
    let validate = compiled.get(key);
    if (validate === undefined) {
      validate = ajv.compile(strictCopy(schema) as JsonSchema);
      compiled.set(key, validate);
    }
    return validate;
  };
  const operation = (path: string) => {
    const found = document.paths[path]?.get;
    if (found === undefined) throw new Error(`the document has no GET ${path}`);
    return found;
  };
  const parameters = (path: string) => operation(path).parameters ?? [];
  return {
    response(path, status, body) {
      let response = operation(path).responses[String(status)];
      if (response === undefined) return [`${status} is not a documented answer of GET ${path}`];
      if (response.$ref !== undefined) {
        const name = response.$ref.replace('#/components/responses/', '');
        response = document.components.responses?.[name] as typeof response;
      }
      const schema = response?.content?.['application/json']?.schema;
      if (schema === undefined) return body === undefined ? [] : [`${status} of GET ${path} has no body`];
      return problemsOf(compile(`${path} ${status}`, schema), body);
    },
    parameters,
    allowsParameter(path, name, value) {
      const parameter = parameters(path).find((p) => p.name === name);
      if (parameter === undefined) return false;
      return compile(`${path} ?${name}`, parameter.schema)(value);
    },
  };
}

/**
 * One schema of the document, with a resolver of its `#/components/schemas/...` references: the
 * problems of a value against it (none when it conforms), strictly as above.
 */
export function checkJsonSchema(
  schema: JsonSchema,
  value: unknown,
  resolveRef: (ref: string) => JsonSchema = () => {
    throw new Error('no $ref resolver');
  },
): string[] {
  // Every component the schema reaches, through its references and theirs.
  const components: Record<string, JsonSchema> = {};
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (node !== null && typeof node === 'object') {
      for (const [name, member] of Object.entries(node as Json)) {
        const component = name === '$ref' && typeof member === 'string' ? COMPONENT_REF.exec(member) : null;
        if (component?.[1] !== undefined && components[component[1]] === undefined) {
          components[component[1]] = resolveRef(member as string);
          collect(components[component[1]]);
        } else collect(member);
      }
    }
  };
  collect(schema);
  const ajv = newAjv();
  ajv.addSchema(strictComponents(components));
  return problemsOf(ajv.compile(strictCopy(schema) as JsonSchema), value);
}
