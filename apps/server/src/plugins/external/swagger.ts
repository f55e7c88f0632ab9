import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { SignInWithCodeSchema } from '@portal/domain/auth';
import { ErrorEnvelopeSchema } from '@portal/domain/errors';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
const METHODS: Method[] = ['get', 'put', 'post', 'delete', 'patch'];

const ERROR_DESCRIPTIONS: Record<string, string> = {
  400: 'The request is malformed or a field is invalid (VALIDATION_ERROR, BAD_REQUEST, …)',
  401: 'No valid ID token (UNAUTHORIZED)',
  403: 'Signed in, but not allowed (FORBIDDEN, TOO_MANY_ATTEMPTS)',
  404: 'No such record in the fleets the caller may open (NOT_FOUND)',
  409: 'A stale version or a conflicting record (VERSION_CONFLICT, CONFLICT, …)',
  413: 'The body is larger than this route accepts (PAYLOAD_TOO_LARGE)',
  415: 'The body is not JSON, or a file is not what its name says (UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_FILE_TYPE)',
  422: 'Understood but refused (IDEMPOTENCY_KEY_REUSED, UNPROCESSABLE, …)',
  429: 'Too many requests; try again later (RATE_LIMITED)',
  503: 'The database or a service it needs is unreachable, or the server is restarting (SERVICE_UNAVAILABLE)',
};

const WRITE_METHODS = new Set<Method>(['put', 'post', 'delete', 'patch']);
/** Routes whose writes can meet a stale version or a duplicate. */
const CONFLICTING = /^\/api\/(installations|vehicles|chargecontrollers|partners|admin|operator)\b/;
/** Routes that refuse signed-in users without the right role or company. */
const ROLE_GUARDED = /^\/api\/(admin|partners|operator)\b/;
/** Public routes that still need a credential: the session cookie, or a device key. */
const CREDENTIAL_NEEDED = /^\/api\/(auth\/(token|get-session|sign-out)|devices\/)/;
/** Sign-in steps that end in a redirect of the browser. */
const REDIRECTING = /^\/api\/auth\/(magic-link\/verify|callback\/)/;
/** Routes with rate limits. */
const RATE_LIMITED = /^\/api\/(auth\/(email|sign-in)|devices)|\/events$/;

/** What the sign-in routes that better-auth answers expect as their body (documented, not re-validated). */
const AUTH_BODIES: Record<string, z.ZodType> = {
  'post /api/auth/sign-in/email-otp': SignInWithCodeSchema,
  'post /api/auth/sign-in/social': z.object({
    provider: z.enum(['google', 'microsoft', 'oidc']),
    callbackURL: z.string().optional(),
    errorCallbackURL: z.string().optional(),
  }),
};

/** Routes that answer a file instead of JSON: their 200 names the file's type. */
const FILE_ANSWERS: [RegExp, string][] = [
  [/\.pdf$/, 'application/pdf'],
  [/\.xlsx$/, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  [/(\.csv|\/systems\/export)$/, 'text/csv'],
];

const toOpenApi = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input' }) as OpenAPIV3.SchemaObject;

/** `GET /api/installations/{id}/uploads` -> `getInstallationsByIdUploads`. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((s) => s && s !== 'api')
    .map((s) => (s.startsWith('{') ? `By-${s.slice(1, -1)}` : s))
    .flatMap((s) => s.split(/[-_.]/))
    .filter(Boolean);
  return method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function errorStatuses(method: Method, path: string, op: OpenAPIV3.OperationObject, isPublic: boolean): string[] {
  const hasInput = Boolean(op.requestBody) || (op.parameters?.length ?? 0) > 0 || path.startsWith('/api/auth/');
  const statuses = new Set<string>(['503']);
  if (hasInput) statuses.add('400');
  if (!isPublic || CREDENTIAL_NEEDED.test(path)) statuses.add('401');
  if (!isPublic && ROLE_GUARDED.test(path)) statuses.add('403');
  if (path.startsWith('/api/auth/')) statuses.add('403'); // sign-in posts from other sites; too many wrong codes
  if (path.includes('{') || op.parameters?.some((p) => 'name' in p && p.name === 'fleet')) statuses.add('404');
  if (WRITE_METHODS.has(method) && CONFLICTING.test(path)) statuses.add('409');
  if (op.requestBody) for (const s of ['413', '415']) statuses.add(s);
  if (WRITE_METHODS.has(method) && !isPublic) statuses.add('422');
  if (RATE_LIMITED.test(path)) statuses.add('429');
  return [...statuses].sort();
}

/**
 * Completes the generated document where the route schemas can't say it: an operationId per
 * operation, the error envelope for every error answer the route can give, public routes marked as
 * needing no token, and no trailing slashes on paths.
 */
export function completeDocument(doc: OpenAPIV3.Document, publicRoutes: Set<string>): OpenAPIV3.Document {
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, ErrorEnvelope: toOpenApi(ErrorEnvelopeSchema) };
  const envelope = { $ref: '#/components/schemas/ErrorEnvelope' };
  const paths: OpenAPIV3.PathsObject = {};
  for (const [rawPath, item] of Object.entries(doc.paths)) {
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    paths[path] = item;
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const key = `${method} ${path}`;
      const isPublic = publicRoutes.has(key);
      op.operationId ??= operationIdOf(method, path);
      if (isPublic && !op.security) op.security = [];
      const body = AUTH_BODIES[key];
      if (body && !op.requestBody) op.requestBody = { required: true, content: { 'application/json': { schema: toOpenApi(body) } } };
      const file = method === 'get' ? FILE_ANSWERS.find(([pattern]) => pattern.test(path)) : undefined;
      if (file) op.responses['200'] ??= { description: 'The file, as an attachment', content: { [file[1]]: { schema: { type: 'string', format: 'binary' } } } };
      if (REDIRECTING.test(path)) op.responses['302'] ??= { description: 'Sends the browser back to the portal, signed in or with an error in the address' };
      for (const status of errorStatuses(method, path, op, isPublic)) {
        op.responses[status] ??= { description: ERROR_DESCRIPTIONS[status]!, content: { 'application/json': { schema: envelope } } };
      }
    }
  }
  doc.paths = paths;
  return doc;
}

/** The OpenAPI document at /api/docs/json and its browser at /api/docs. */
export const swaggerPlugin = fp(async (app, options: { publicUrl: string }) => {
  const publicRoutes = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.config?.public) return;
    const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/+$/, '$1');
    for (const method of [route.method].flat()) publicRoutes.add(`${method.toLowerCase()} ${path}`);
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Installer Portal API',
        version: '1.0.0',
        description: 'Every failure answers the error envelope `{ status, code, message, details? }`.',
        license: { name: 'Proprietary', url: `${options.publicUrl}/#/docs` },
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          deviceKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => {
      const doc = ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as OpenAPIV3.Document;
      return completeDocument(doc, publicRoutes) as never;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
