import type { TextKey } from './i18n';

/**
 * The groups of texts in the locale files that hold a text named `Leaf` (`TextGroupsWith<'close'>` has `partners.deleteDialog`).
 * Intersect them for the groups that hold several: a shared piece then finds all its texts under one key.
 */
export type TextGroupsWith<Leaf extends string> = TextKey extends infer Key ? (Key extends `${infer Group}.${Leaf}` ? Group : never) : never;
