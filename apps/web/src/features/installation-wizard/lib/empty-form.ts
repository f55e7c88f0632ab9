import type { FieldErrors, FieldValues } from 'react-hook-form';

type Leaf = { path: string; value: unknown };

function leaves(value: unknown, path = ''): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, path ? `${path}.${index}` : String(index)));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  }
  return [{ path, value }];
}

const isBlank = (value: unknown) => value === undefined || value === null || value === false || (typeof value === 'string' && value.trim() === '');

/** The field problems of a form, by path ('name', 'controllers.0.pvModulesCount'). */
export function errorMessages(errors: FieldErrors): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  const walk = (node: unknown, path: string) => {
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.type === 'string' && ('message' in record || 'ref' in record)) {
      found.set(path, typeof record.message === 'string' ? record.message : undefined);
      return;
    }
    for (const [key, child] of Object.entries(record)) if (key !== 'root' && key !== 'ref') walk(child, path ? `${path}.${key}` : key);
  };
  walk(errors, '');
  return found;
}

/**
 * The paths of the values the installer filled in: not blank and not what the form started with
 * (a preset date or unit is no entry of theirs).
 */
export function filledPaths(values: FieldValues, defaults: FieldValues): string[] {
  const start = new Map(leaves(defaults).map((leaf) => [leaf.path, leaf.value]));
  return leaves(values)
    .filter((leaf) => !isBlank(leaf.value) && start.get(leaf.path) !== leaf.value)
    .map((leaf) => leaf.path);
}

/** A copy of the values with these paths emptied ('' for text, false for a checkbox). */
export function withBlanks<V extends FieldValues>(values: V, paths: readonly string[]): V {
  const copy = structuredClone(values) as Record<string, unknown>;
  for (const path of paths) {
    const keys = path.split('.');
    let node: Record<string, unknown> = copy;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    const last = keys.at(-1)!;
    node[last] = typeof node[last] === 'boolean' ? false : '';
  }
  return copy as V;
}

/**
 * SPEC §5 'Please fill out all fields.': the save failed only for required fields, and every
 * required field is empty. `requiredWhenBlanked` tells which of the filled paths turn into
 * 'required' problems once emptied, i.e. which filled fields are required ones.
 */
export async function isEmptyForm(
  errors: FieldErrors,
  values: FieldValues,
  defaults: FieldValues,
  requiredWhenBlanked: (paths: string[]) => Promise<string[]>,
  requiredMessage = 'required',
): Promise<boolean> {
  const problems = [...errorMessages(errors).values()];
  if (problems.length === 0 || problems.some((message) => message !== requiredMessage)) return false;
  const filled = filledPaths(values, defaults);
  if (filled.length === 0) return true;
  return (await requiredWhenBlanked(filled)).length === 0;
}
