import { z } from 'zod';
import { FORM_ERRORS } from './validation';

/**
 * Text the portal refuses in every string it receives: NUL (PostgreSQL cannot store it) and
 * lone UTF-16 surrogates (they have no UTF-8 form, so they would be stored as something else).
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSafeText = (text: string): boolean => !UNSAFE_TEXT.test(text);

/** Objects whose keys and values are text to check; binary data is not text. */
function isTextContainer(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer);
}

export type ValuePath = (string | number)[];

/**
 * The path of the first string (value or object key) in a parsed JSON value, query or params that
 * breaks the text rule, or null when all are safe. Walks with its own stack, so no nesting depth
 * can overflow the call stack.
 */
export function findUnsafeText(value: unknown): ValuePath | null {
  type Step = { key: string | number; parent: Step | null } | null;
  const pathOf = (step: Step): ValuePath => {
    const path: ValuePath = [];
    for (let s = step; s; s = s.parent) path.push(s.key);
    return path.reverse();
  };
  const stack: { value: unknown; step: Step }[] = [{ value, step: null }];
  while (stack.length > 0) {
    const { value: current, step } = stack.pop()!;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return pathOf(step);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], step: { key: i, parent: step } });
    } else if (isTextContainer(current)) {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (!isSafeText(key)) return pathOf({ key, parent: step });
        stack.push({ value: current[key], step: { key, parent: step } });
      }
    }
  }
  return null;
}

/** The same rule for a single form field. */
export const SafeTextSchema = z.string().refine(isSafeText, FORM_ERRORS.invalidCharacters);
