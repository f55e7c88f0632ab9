import { useEffect, useRef, useState, type ReactNode } from 'react';
import classes from './table-scroll.module.css';

type TableScrollProps = {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  children: ReactNode;
};

/**
 * Sideways scrolling for a wide table with the browser's own scrollbar: what Mantine's
 * `Table.ScrollContainer type="native"` renders, without loading its custom scroll area. While the
 * table is wider than its area, the area takes the keyboard's focus, so arrow keys scroll it too.
 */
export function TableScroll({ minWidth, children }: TableScrollProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const area = ref.current;
    if (!area || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(area.scrollWidth > area.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    if (area.firstElementChild) observer.observe(area.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={classes.scroll} tabIndex={scrolls ? 0 : undefined}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
