// A vega-lite chart drawn as SVG (its text uses the page's Thai fonts). vega-embed, vega and
// vega-lite are imported dynamically the first time a chart is shown.
import { useEffect, useRef, useState } from 'react';
import { setChartView } from './chartViews.ts';

type LoadState = 'loading' | 'ready' | 'failed';

export function VegaChart({ spec, label }: { spec: Record<string, unknown>; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<LoadState>('loading');

  useEffect(() => {
    let cancelled = false;
    let finalize: (() => void) | undefined;
    setState('loading');
    import('./embed.ts')
      .then(async ({ embed }) => {
        if (cancelled || !ref.current) return;
        const result = await embed(ref.current, spec as never, { actions: false, renderer: 'svg' });
        if (cancelled) {
          result.finalize();
          return;
        }
        const element = ref.current;
        setChartView(element, result.view);
        finalize = () => {
          setChartView(element, null);
          result.finalize();
        };
        setState('ready');
      })
      .catch((error: unknown) => {
        console.error('chart failed to draw:', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      finalize?.();
    };
  }, [spec, label]);

  return (
    <div className={`vega-chart vega-chart-${state}`} data-state={state} aria-busy={state === 'loading'}>
      <div ref={ref} className="vega-chart-canvas" role="img" aria-label={label} />
    </div>
  );
}
