import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUnsafeText, isSafeText } from '@portal/domain/text';
import { FORM_ERRORS } from '@portal/domain/validation';
import { AppError } from '../errors';

/**
 * Whether JSON text opens more than `max` objects or arrays inside each other. One pass over the
 * characters, no recursion: it runs before the parser, so a hostile body never reaches it.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/**
 * Whether every percent-escape of the query decodes as UTF-8. The query parser keeps a broken one as
 * raw text; refusing it says plainly that a lone surrogate cannot travel in a URL.
 */
function isQueryWellFormed(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return true;
  try {
    decodeURIComponent(url.slice(start + 1).replace(/[&=+]/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a value is absent, or an object of safe keys and safe text, numbers, booleans and nulls:
 * the params and query of nearly every request, checked here without the walk of `findUnsafeText`.
 * False means only that the walk must decide.
 */
function isFlatAndSafe(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object' || Array.isArray(value) || ArrayBuffer.isView(value)) return false;
  for (const key of Object.keys(value)) {
    if (!isSafeText(key)) return false;
    const field = (value as Record<string, unknown>)[key];
    if (typeof field === 'string' ? !isSafeText(field) : field !== null && typeof field === 'object') return false;
  }
  return true;
}

const PARTS = [
  ['params', (r: { params: unknown }) => r.params],
  ['querystring', (r: { query: unknown }) => r.query],
  // A streamed body (not parsed here) is checked by its own route.
  ['body', (r: { body: unknown }) => (typeof (r.body as { pipe?: unknown } | null)?.pipe === 'function' ? null : r.body)],
] as const;

/**
 * Input rules every route gets without asking: JSON bodies nest at most `JSON_MAX_DEPTH` levels,
 * and no string in params, query or body breaks the domain's text rule (NUL, lone surrogates).
 */
export const requestGuardPlugin = fp(async (app: FastifyInstance) => {
  const maxDepth = app.env.requestLimits.jsonDepth;
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, maxDepth)) {
      done(new AppError('VALIDATION_ERROR', `JSON may nest objects and arrays at most ${maxDepth} levels deep`), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  // A plain callback, not an async function: it runs on every request and has nothing to wait for.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!isQueryWellFormed(request.url)) {
      done(new AppError('VALIDATION_ERROR', 'The query string is not valid UTF-8', [{ path: 'querystring', message: FORM_ERRORS.invalidCharacters }]));
      return;
    }
    for (const [part, read] of PARTS) {
      const value = read(request);
      if (isFlatAndSafe(value)) continue;
      const path = findUnsafeText(value);
      if (path) {
        done(
          new AppError('VALIDATION_ERROR', 'Text must not contain NUL characters or unpaired UTF-16 surrogates', [
            { path: [part, ...path].join('.'), message: FORM_ERRORS.invalidCharacters },
          ]),
        );
        return;
      }
    }
    done();
  });
});
