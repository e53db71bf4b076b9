import { errorCodes } from '@mam/core';
import { z } from 'zod';
import type { RestRoute } from './rest-route';

const ZErrorBody = z
  .object({
    code: z.enum(errorCodes as [string, ...string[]]).describe('Stable error code; also the i18n key errors.<code>'),
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    issues: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

const errorResponses = {
  '400': 'The request is not valid',
  '401': 'The API key is missing, invalid, inactive or expired',
  '403': 'The key is valid but may not do this',
  '404': 'Not found, or not in your tenant',
  '429': 'Too many requests',
};

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema 2020-12 (what OpenAPI 3.1 uses). Schemas with a `.meta({ id })` become shared components and are
 * referenced, so clients generate one type for each.
 */
function toJsonSchema(schema: z.ZodType, components: Record<string, unknown>): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  delete json.$schema;
  const relink = (value: JsonSchema): JsonSchema =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [id, def] of Object.entries(defs)) components[id] = relink(def);
  const id = (schema.meta() as { id?: string } | undefined)?.id;
  if (id) {
    // zod already put the schema itself under $defs and made the root a reference to it.
    if (!defs[id]) components[id] = relink(json);
    return { $ref: `#/components/schemas/${id}` };
  }
  return relink(json);
}

interface JsonObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

/** The OpenAPI 3.1 document of /api/v1, generated from the routes' zod schemas. */
export function buildOpenApiDocument(routes: RestRoute[], options: { apiKeyHeader: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, unknown> = {};
  const errorRef = toJsonSchema(ZErrorBody, components);
  const bearer = options.apiKeyHeader.toLowerCase() === 'authorization';
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const params = route.params ? toJsonSchema(route.params, components) : null;
    const parameters =
      params && 'properties' in params && params.properties
        ? Object.entries(params.properties).map(([name, schema]) => ({ name, in: 'path', required: true, schema }))
        : [];
    const query = route.query ? (toJsonSchema(route.query, components) as JsonObjectSchema) : null;
    for (const [name, schema] of Object.entries(query?.properties ?? {})) {
      // A parameter with a default may be left out, whatever the output schema says.
      const required = (query?.required ?? []).includes(name) && !('default' in (schema as object));
      parameters.push({ name, in: 'query', required, schema });
    }
    paths[`/api/v1${path}`] ??= {};
    paths[`/api/v1${path}`]![route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      tags: route.tags,
      parameters,
      ...(route.body
        ? {
            requestBody: {
              // A body that parses from nothing (all of it defaulted) may be left out.
              required: !route.body.safeParse(undefined).success,
              content: { 'application/json': { schema: toJsonSchema(route.body, components) } },
            },
          }
        : {}),
      responses: {
        [String(route.successStatus ?? 200)]: {
          description: 'OK',
          content: {
            [route.produces ?? 'application/json']: { schema: toJsonSchema(route.response, components) },
          },
        },
        ...Object.fromEntries(
          Object.entries(errorResponses).map(([status, description]) => [
            status,
            { description, content: { 'application/json': { schema: errorRef } } },
          ]),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'MAM REST API',
      version: options.version,
      description: 'REST API for machine clients. Authenticate with an API key created under User settings → API Keys.',
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: {
        apiKey: bearer
          ? { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' }
          : { type: 'apiKey', in: 'header', name: options.apiKeyHeader },
      },
      schemas: components,
    },
    paths,
  };
}
