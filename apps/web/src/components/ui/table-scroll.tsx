import type { ReactNode } from 'react';
import classes from './table-scroll.module.css';

type TableScrollProps = {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  children: ReactNode;
};

/**
 * Sideways scrolling for a wide table with the browser's own scrollbar: what Mantine's
 * `Table.ScrollContainer type="native"` renders, without loading its custom scroll area.
 */
export function TableScroll({ minWidth, children }: TableScrollProps) {
  return (
    <div className={classes.scroll}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
