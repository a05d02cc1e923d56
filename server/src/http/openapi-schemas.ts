/**
 * zod → JSON Schema for the OpenAPI 3.0 document (http/openapi.ts), so each schema says what the route takes:
 * - {@link schemaOverride}: fastify-type-provider-zod's own conversion rules (a union with null becomes
 *   `nullable`, a Date is a `date-time` string), plus the string
 *   format of a pipe's validating side on input (`EmailSchema` trims, then checks `z.email()`: `format: email`);
 * - {@link openApi30Fixes}: what OpenAPI 3.0 needs once the document is whole — a nullable enum lists `null`
 *   (OAS 3.0.3, "nullable"), and `nullable` sits only beside a `type`.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { $ZodType, JSONSchema } from 'zod/v4/core';

type Json = JSONSchema.BaseSchema & { nullable?: boolean };
type OverrideContext = { zodSchema: $ZodType; jsonSchema: Json };

const isNullBranch = (schema: Json) =>
  schema.nullable === true &&
  Array.isArray(schema.enum) &&
  schema.enum.length === 1 &&
  schema.enum[0] === null;

/** zod's format names that JSON Schema spells otherwise (as zod's own conversion maps them). */
const ZOD_FORMATS: Record<string, string> = { guid: 'uuid', url: 'uri', datetime: 'date-time' };

/** The JSON Schema format (`email`, `uuid`, `uri`, `date`, `date-time`…) a string schema checks, if any. */
function stringFormat(schema: $ZodType): string | undefined {
  const def = schema._zod.def as { type: string; format?: string; in?: $ZodType; out?: $ZodType };
  if (def.type === 'pipe') return (def.out && stringFormat(def.out)) ?? (def.in && stringFormat(def.in));
  if (def.type !== 'string' || !def.format) return undefined;
  return ZOD_FORMATS[def.format] ?? def.format;
}

/**
 * The `override` of the zod conversion (input and output): the library's rules for OpenAPI 3.0 (its default,
 * replaced by passing one) and a pipe's format (on output the validating side is already the one shown).
 */
export function schemaOverride(ctx: OverrideContext): void {
  const def = ctx.zodSchema._zod.def as { type: string; out?: $ZodType };
  const json = ctx.jsonSchema;
  if (def.type === 'union') {
    json.anyOf = json.anyOf?.filter((member) => Object.keys(member as object).length > 0);
    const members = json.anyOf as Json[] | undefined;
    const others = members?.filter((member) => !isNullBranch(member)) ?? [];
    if (members && others.length > 0 && others.length < members.length) {
      if (others.length === 1) {
        delete json.anyOf;
        Object.assign(json, others[0], { nullable: true });
      } else {
        json.anyOf = others;
        json.nullable = true;
      }
    }
  }
  // A Date travels as an ISO date-time string (the library's rule, for output: an override is not told which).
  if (def.type === 'date') Object.assign(json, { type: 'string', format: 'date-time' });
  if (def.type === 'pipe' && json.type === 'string' && !json.format && def.out) {
    const format = stringFormat(def.out);
    if (format) json.format = format;
  }
}

/** Every schema object under `value` (properties, items, members), depth first. */
function eachSchema(value: unknown, visit: (schema: Json) => void, seen = new Set<object>()): void {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) eachSchema(item, visit, seen);
    return;
  }
  for (const child of Object.values(value)) eachSchema(child, visit, seen);
  if ('nullable' in value || 'enum' in value || 'type' in value) visit(value as Json);
}

/** Make a nullable schema one OpenAPI 3.0 (and a validator) reads as nullable. */
function fixNullable(schema: Json): void {
  if (schema.nullable !== true) return;
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  if (schema.type !== undefined) return;
  const members = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  delete schema.nullable;
  if (!members) return; // no type at all: already any value, null included
  for (const member of members) {
    if (member.type === undefined || '$ref' in member) continue;
    member.nullable = true;
    fixNullable(member);
  }
  // A member without a type (a reference) cannot carry `nullable` in 3.0: add a null-only member.
  if (members.some((member) => member.type === undefined || '$ref' in member))
    members.push({ type: 'string', nullable: true, enum: [null] });
}

/** Apply the OpenAPI 3.0 fixes (see the module comment) to every schema of `document`, in place. */
export function openApi30Fixes(document: OpenAPIV3.Document): void {
  eachSchema(document.paths, fixNullable);
  eachSchema(document.components?.schemas, fixNullable);
}
