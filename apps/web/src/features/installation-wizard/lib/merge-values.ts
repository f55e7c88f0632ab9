import { isSameValues } from './form-values';
import { compareText } from '@/lib/compare-text';

/** One field both devices changed, each to something else. */
export type FieldConflict = { path: string; mine: unknown; theirs: unknown };

/**
 * Fields that move together with another one (e.g. the vehicle's mileage with its unit and the
 * value as entered): path of the field shown -> path prefixes that follow its choice.
 */
export type LinkedFields = Record<string, readonly string[]>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Leaf values by dotted path (`controllers.0.inspection.powerLed`); arrays and objects are walked. */
export function flattenValues(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) value.forEach((item, index) => flattenValues(item, prefix ? `${prefix}.${index}` : String(index), into));
  else if (isPlainObject(value)) for (const [key, item] of Object.entries(value)) flattenValues(item, prefix ? `${prefix}.${key}` : key, into);
  else if (prefix) into.set(prefix, value);
  return into;
}

/** A copy of `target` with the leaf at `path` set. */
function setPath<V>(target: V, path: string, value: unknown): V {
  const keys = path.split('.');
  const root = structuredClone(target) as unknown as Record<string, unknown>;
  let node: Record<string, unknown> = root;
  for (const key of keys.slice(0, -1)) {
    if (!isPlainObject(node[key]) && !Array.isArray(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
  return root as unknown as V;
}

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}.`);

function leaderOf(path: string, linked: LinkedFields): string {
  for (const [leader, followers] of Object.entries(linked)) if (followers.some((f) => isUnder(path, f))) return leader;
  return path;
}

/** The values with `path` (and the fields linked to it) taken from `source`. */
export function takeField<V>(values: V, source: V, path: string, linked: LinkedFields = {}): V {
  const from = flattenValues(source);
  let result = values;
  for (const [leaf, value] of from) if (leaderOf(leaf, linked) === path) result = setPath(result, leaf, value);
  return result;
}

/**
 * Three-way merge of a form after someone else saved first. `base` is what this device started
 * from, `mine` what it tried to save, `theirs` what the server has now. A field only one side
 * changed takes that side's value; a field both changed differently keeps mine and is reported,
 * so the installer can choose.
 */
export function mergeValues<V>(base: V, mine: V, theirs: V, linked: LinkedFields = {}): { merged: V; conflicts: FieldConflict[] } {
  const [b, m, t] = [flattenValues(base), flattenValues(mine), flattenValues(theirs)];
  const leaders = new Set([...m.keys(), ...t.keys()].map((path) => leaderOf(path, linked)));
  // The value of a field together with the fields that follow it.
  const groupOf = (flat: Map<string, unknown>, leader: string) =>
    [...flat].filter(([path]) => leaderOf(path, linked) === leader).sort(([a], [c]) => compareText(a, c));
  let merged = mine;
  const conflicts: FieldConflict[] = [];
  for (const leader of leaders) {
    const [gb, gm, gt] = [groupOf(b, leader), groupOf(m, leader), groupOf(t, leader)];
    if (isSameValues(gm, gt)) continue;
    if (isSameValues(gm, gb)) merged = takeField(merged, theirs, leader, linked);
    else if (!isSameValues(gt, gb)) conflicts.push({ path: leader, mine: m.get(leader), theirs: t.get(leader) });
  }
  return { merged, conflicts };
}
