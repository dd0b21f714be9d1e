// `featureList` section (SPEC.md §2 /cctv): a heading and one button per item of the source,
// showing its CODE (and SITE); a click flies the map to the item's point at the fit zoom
// (SPEC.md §4, 12). A skeleton while loading; '--' when the list cannot be had (SPEC.md §8).
import type { FieldMap } from '../../../engine/types.ts';
import { th } from '../../../locale/th.ts';
import { mapStore } from '../../../map/mapStore.ts';
import { useConfig } from '../../../state/config.tsx';
import { useSourceOptions } from '../../topic/useOptions.ts';
import { useVariantState } from '../../topic/variantState.tsx';
import type { SectionProps } from '../definitions.ts';
import { listItems, type FitTarget } from './items.ts';

function flyTo(target: FitTarget): void {
  mapStore.get().map?.flyTo({ center: target.center, zoom: target.zoom });
}

export function FeatureListView({ section, variant }: SectionProps<'featureList'>) {
  const { app } = useConfig();
  const { values } = useVariantState();
  const options = useSourceOptions(section.source, variant, true, values, undefined, section.title ?? 'featureList');
  const fields: FieldMap = 'fields' in section.source ? (section.source.fields ?? {}) : {};
  const items = options.status === 'ready' ? listItems(options.options, { label: section.label, detail: section.detail }, fields, app.map.fitMaxZoom) : [];
  return (
    <section className="card feature-list" aria-label={section.title}>
      {section.title && <h2>{section.title}</h2>}
      {options.status === 'error' ? (
        <p className="muted">{th.listFailed}</p>
      ) : options.status !== 'ready' ? (
        <div className="skeleton" role="progressbar" aria-label={th.loading} />
      ) : (
        <ul className="place-list">
          {items.map((item) => (
            <li key={item.key}>
              <button type="button" disabled={!item.target} onClick={() => item.target && flyTo(item.target)}>
                <span className="feature-list-label">{item.label}</span>
                {item.detail && <span className="muted"> {item.detail}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
