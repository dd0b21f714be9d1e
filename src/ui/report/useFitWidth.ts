// The A4 preview scaled to its dialog (issue 24 defect 3): on a phone the 210 mm pages are drawn
// at their real size (the charts and the small map lay out as printed) and shrunk as a whole, so
// the page keeps its A4 shape and nothing lies beyond the left edge, out of scroll reach.
import { useLayoutEffect, useState, type RefObject } from 'react';

interface Fit {
  /** 1 when the pages fit, less on a narrower screen. */
  scale: number;
  /** The pages' own size (unscaled CSS px): the box they take is this times `scale`. */
  width: number;
  height: number;
}

/** The scale at which `content` (its own size) fits the inner width of `frame`, never above 1. */
export function fitScale(frameWidth: number, contentWidth: number): number {
  return contentWidth > 0 && frameWidth > 0 ? Math.min(1, frameWidth / contentWidth) : 1;
}

/** Follows the inner width of `frame` and the size of `content` (a transform does not change the
 *  sizes a ResizeObserver reports) and gives the scale that fits the content in the frame. */
export function useFitWidth(frame: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>): Fit {
  const [fit, setFit] = useState<Fit>({ scale: 1, width: 0, height: 0 });
  useLayoutEffect(() => {
    const f = frame.current;
    const c = content.current;
    if (!f || !c) return;
    const measure = () => {
      const style = getComputedStyle(f);
      const inner = f.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const next = { scale: fitScale(inner, c.offsetWidth), width: c.offsetWidth, height: c.offsetHeight };
      setFit((prev) => (prev.scale === next.scale && prev.width === next.width && prev.height === next.height ? prev : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(f);
    observer.observe(c);
    return () => observer.disconnect();
  }, [frame, content]);
  return fit;
}
