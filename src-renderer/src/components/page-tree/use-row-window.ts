import { useEffect, useRef, useState } from 'react';
import { ROW_HEIGHT } from './PageTreeRow';

/** Rows drawn above and below the view, so scrolling shows no gap before the next frame. */
const OVERSCAN = 12;

/**
 * Windowing: of thousands of visible rows, only those in (or near) the scroller's view are drawn, plus
 * the `pinned` ones (the focused row, the dragged row) so focus and a drag survive scrolling away.
 */
export function useRowWindow(count: number, pinned: number[]) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  const frame = useRef<number | undefined>(undefined);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView({ top: element.scrollTop, height: element.clientHeight || 800 });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    };
  }, []);

  const onScroll = () => {
    if (frame.current !== undefined) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = undefined;
      const element = scroller.current;
      if (element) setView({ top: element.scrollTop, height: element.clientHeight || 800 });
    });
  };

  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(count, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const indices: number[] = [];
  for (const index of pinned) if (index >= 0 && index < count && (index < first || index >= last)) indices.push(index);
  for (let index = first; index < last; index += 1) indices.push(index);
  return { scroller, onScroll, indices, height: count * ROW_HEIGHT };
}
