// The swipe divider (issue 25 item 1): a bar across the map at `position` percent, dragged with a
// mouse or a finger (pointer events) and moved with the arrow keys (Shift: a finer step), Home and
// End. A slider to assistive technology, its value the two sides' years.
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { th } from '../../locale/th.ts';

/** Percent per arrow key press (with Shift: FINE_STEP). */
const KEY_STEP = 5;
const FINE_STEP = 1;

/** The change an arrow key (or Home/End) makes to the divider, or null for another key. */
export function keyStep(key: string, shift: boolean, position: number): number | null {
  const step = shift ? FINE_STEP : KEY_STEP;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return -step;
  if (key === 'ArrowRight' || key === 'ArrowDown') return step;
  if (key === 'Home') return -position;
  if (key === 'End') return 100 - position;
  return null;
}

interface Props {
  position: number;
  stacked: boolean;
  text: string;
  onMove: (position: number) => void;
  onNudge: (by: number) => void;
}

export function CompareDivider({ position, stacked, text, onMove, onNudge }: Props) {
  const bar = useRef<HTMLDivElement>(null);
  const moveTo = (e: PointerEvent) => {
    const box = bar.current?.parentElement?.getBoundingClientRect();
    if (!box) return;
    onMove(stacked ? ((e.clientY - box.top) / box.height) * 100 : ((e.clientX - box.left) / box.width) * 100);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const by = keyStep(e.key, e.shiftKey, position);
    if (by === null) return;
    e.preventDefault();
    onNudge(by);
  };
  return (
    <div
      ref={bar}
      className={`compare-divider ${stacked ? 'compare-divider-stacked' : ''}`}
      style={stacked ? { top: `${position}%` } : { left: `${position}%` }}
      role="slider"
      tabIndex={0}
      aria-label={th.compare.divider}
      aria-orientation={stacked ? 'vertical' : 'horizontal'}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={position}
      aria-valuetext={text}
      data-testid="compare-divider"
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        moveTo(e);
      }}
      onPointerMove={(e) => {
        if (e.currentTarget.hasPointerCapture(e.pointerId)) moveTo(e);
      }}
    >
      <span className="compare-handle" aria-hidden>
        {stacked ? '⇕' : '⇔'}
      </span>
    </div>
  );
}
