// The drawer body (SPEC.md §2 Feature drawer): 'กำลังโหลด', 'ไม่พบข้อมูล', or one table per
// feature headed by its layer name and colour. Every value is a React text node: never HTML.
import { lazy, Suspense, useEffect } from 'react';
import { th } from '../../locale/th.ts';
import { useStore } from '../../state/store.ts';
import { featureInfoStore } from './featureInfoStore.ts';
import { layerStore } from '../../map/layerStore.ts';
import { drawerOf } from '../../layers/drawers.ts';
import { PropertyTable } from './PropertyTable.tsx';
import './featureInfo.css';

const loadTrendInfo = () => import('./TrendInfo.tsx');
const TrendInfo = lazy(loadTrendInfo);

export function FeatureInfoContent() {
  const status = useStore(featureInfoStore, (s) => s.status);
  const features = useStore(featureInfoStore, (s) => s.features);
  // A layer with a trend drawer (rate points) is on the map: fetch the trend view and vega now,
  // not on the first click (issue 14: click -> chart shown within 1 s). Other pages never load them.
  const trendLayer = useStore(layerStore, (s) => s.layers.some((l) => drawerOf(l.type)?.trend?.(l) !== undefined));
  useEffect(() => {
    if (trendLayer) void loadTrendInfo().then(() => import('../charts/embed.ts')).catch(() => undefined);
  }, [trendLayer]);

  if (status === 'loading') {
    return (
      <p className="empty feature-info-loading" role="status" aria-busy="true" data-info-status={status}>
        <span className="spinner" aria-hidden /> {th.loading}
      </p>
    );
  }
  if (status !== 'content' || features.length === 0) {
    return (
      <p className="empty" role="status" data-info-status={status}>
        {th.noData}
      </p>
    );
  }
  return (
    <div className="feature-info" data-testid="feature-info" data-info-status={status}>
      {features.map((f) => (
        <section key={f.key} className="feature-info-item">
          <h3 className="feature-info-layer">
            <span className="feature-info-swatch" style={{ background: f.color ?? 'transparent' }} aria-hidden />
            {f.layerName}
          </h3>
          {f.trend ? (
            <Suspense fallback={<p className="empty">{th.loading}</p>}>
              <TrendInfo url={f.trend.url} layerName={f.layerName} {...(f.trend.legend ? { legend: f.trend.legend } : {})} />
            </Suspense>
          ) : (
            <PropertyTable caption={f.layerName} rows={f.rows} />
          )}
        </section>
      ))}
    </div>
  );
}
