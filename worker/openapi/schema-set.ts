// The document's JSON Schemas (document.ts): the shared zod schemas converted with zod's own toJSONSchema, named
// ones as components, and the path and query parameters; the OpenAPI spelling of paths and operation ids.
import * as z from 'zod/mini';
import type { Schema } from '../lib/route-doc';

export type Json = Record<string, unknown>;

/** Shapes worth a name of their own in components.schemas (objects, unions, enums), not bare strings. */
function isModel(schema: Schema): boolean {
  const def = schema._zod.def as { type: string; innerType?: Schema };
  if (def.type === 'nullable' && def.innerType) return isModel(def.innerType);
  return def.type === 'object' || def.type === 'union' || def.type === 'enum';
}

/** The exported schemas of a module by their PascalCase name: `article` → `Article`. */
export function namedSchemas(module: Record<string, unknown>): Map<Schema, string> {
  const names = new Map<Schema, string>();
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== 'object' || value === null || !('_zod' in value)) continue;
    const schema = value as Schema;
    const pascalName = name[0]!.toUpperCase() + name.slice(1);
    // One schema under two names (addVideoBody = videoInput): the shorter, more general one.
    const known = names.get(schema);
    if (isModel(schema) && (!known || pascalName.length < known.length)) names.set(schema, pascalName);
  }
  return names;
}

export const COMPONENT = '#/components/schemas/';

/**
 * One direction of conversion (requests as input, results as output): named schemas become components
 * referenced by `$ref`, anything else is inlined where it is used.
 */
export class SchemaSet {
  private readonly ids = new Map<Schema, string>();
  private converted: Record<string, Json> | undefined;

  constructor(
    private readonly io: 'input' | 'output',
    private readonly named: Map<Schema, string>,
  ) {}

  names(): string[] {
    return [...this.named.values()];
  }

  /** Remembers a schema to convert; call before convert(). */
  add(schema: Schema): void {
    if (!this.ids.has(schema)) this.ids.set(schema, this.named.get(schema) ?? `inline-${this.ids.size}`);
  }

  convert(): void {
    const registry = z.registry<{ id: string }>();
    for (const [schema, name] of this.named) registry.add(schema, { id: name });
    for (const [schema, id] of this.ids) if (!this.named.has(schema)) registry.add(schema, { id });
    const { schemas } = z.toJSONSchema(registry, { io: this.io, target: 'draft-2020-12', uri: (id) => COMPONENT + id });
    this.converted = {};
    for (const [id, json] of Object.entries(schemas)) {
      // zod names each registry entry with $id; the document places them itself (components or inline).
      const { $schema: _dialect, $id: _id, ...rest } = json as Json;
      this.converted[id] = rest;
    }
  }

  /** A `$ref` for a named schema, the JSON Schema itself for any other. */
  use(schema: Schema): Json {
    const id = this.ids.get(schema);
    if (!id || !this.converted) throw new Error('Schema used before it was added and converted');
    return this.named.has(schema) ? { $ref: COMPONENT + id } : this.converted[id]!;
  }

  components(): Record<string, Json> {
    if (!this.converted) throw new Error('Schemas read before they were converted');
    return Object.fromEntries([...this.named.values()].map((name) => [name, this.converted![name]!]));
  }
}

/** The input JSON Schema of each parameter schema, converted once although many routes share one. */
const parameterSchemas = new WeakMap<Schema, Json>();

/** Path or query parameters from an object schema; `path` keeps them in the order of the path. */
export function parameters(where: 'path' | 'query', schema: Schema | undefined, names?: readonly string[]): Json[] {
  let json: Json = {};
  if (schema) {
    json = parameterSchemas.get(schema) ?? z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
    parameterSchemas.set(schema, json);
  }
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  if (where === 'query') {
    return Object.entries(properties).map(([name, s]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema: s,
    }));
  }
  return (names ?? []).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
}

/** `/api/files/:key{.+}` → `/api/files/{key}`, with the parameter names and those that take a `/` too. */
export function openApiPath(path: string): { path: string; names: string[]; slashed: Set<string> } {
  const names: string[] = [];
  const slashed = new Set<string>();
  const converted = path.replace(/:(\w+)(\{[^}]+\})?/g, (_m, name: string, pattern?: string) => {
    names.push(name);
    if (pattern && !/^\{\[\^\/\]/.test(pattern)) slashed.add(name);
    return `{${name}}`;
  });
  return { path: converted, names, slashed };
}

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** `GET /api/articles/:id/media` → `getArticlesByIdMedia`. */
export function operationId(method: string, path: string): string {
  const segments = path.split('/').filter(Boolean).slice(1);
  return (
    method.toLowerCase() +
    segments.map((s) => (s.startsWith(':') ? 'By' + pascal(s.slice(1).replace(/\{.*$/, '')) : pascal(s))).join('')
  );
}
