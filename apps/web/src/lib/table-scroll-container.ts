/**
 * What Mantine's Table gets as `Table.ScrollContainer` (see lean-imports.ts): sideways scrolling with
 * the browser's own scrollbar, as Mantine's `type="native"` does, so that no table loads Mantine's
 * custom scroll area. It takes `minWidth` and the children; other props of Mantine's are not used.
 */
export { TableScroll as TableScrollContainer } from '@/components/ui/table-scroll';
