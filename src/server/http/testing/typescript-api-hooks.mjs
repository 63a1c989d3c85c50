/**
 * Module hooks for running openapi-typescript in the typed-client test: the generator needs the
 * TypeScript compiler API (its peer dependency), which this repository's TypeScript 7 (the native
 * compiler) does not have, so its `import 'typescript'` is given TypeScript 6 (`typescript-api`).
 */
export async function resolve(specifier, context, next) {
  return next(specifier === 'typescript' ? 'typescript-api' : specifier, context);
}
