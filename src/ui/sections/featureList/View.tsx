// `featureList` section (SPEC.md §2 /cctv): a heading and one button per item of the source,
// showing its CODE (and SITE); a click flies the map to the item's point at the fit zoom
// (SPEC.md §4, 12). A skeleton while loading; '--' when the list cannot be had (SPEC.md §8), with
// the Thai note of what failed and 'ลองใหม่' (issue 24).
// The item chosen last, here or by its pin on the map, is highlighted (aria-current) and, when
// chosen on the map, scrolled into view (issue 24 item 9).
import { useEffect, useId, useRef } from 'react';
import type { FieldMap } from '../../../engine/types.ts';
import { th } from '../../../locale/th.ts';
import { mapStore } from '../../../map/mapStore.ts';
import { useConfig } from '../../../state/config.tsx';
import { choosePoint, chosenPointStore } from '../../../state/chosenPoint.ts';
import { useStore } from '../../../state/store.ts';
import { useSourceOptions } from '../../topic/useOptions.ts';
import { useVariantState } from '../../topic/variantState.tsx';
import type { SectionProps } from '../../../sections/definitions.ts';
import { failureText } from '../common/failureText.ts';
import { LoadFailure } from '../common/LoadFailure.tsx';
import { listItems, type FitTarget } from '../../../sections/featureList/items.ts';

function flyTo(target: FitTarget): void {
  mapStore.get().map?.flyTo({ center: target.center, zoom: target.zoom });
}

export function FeatureListView({ section, variant }: SectionProps<'featureList'>) {
  const { app } = useConfig();
  const failureId = useId();
  const { values } = useVariantState();
  const options = useSourceOptions(section.source, variant, true, values, undefined, section.title ?? 'featureList');
  const fields: FieldMap = 'fields' in section.source ? (section.source.fields ?? {}) : {};
  const items = options.status === 'ready' ? listItems(options.options, { label: section.label, detail: section.detail }, fields, app.map.fitMaxZoom) : [];
  const valueField = fields.value ?? 'code';
  const chosen = useStore(chosenPointStore, (s) => s.chosen);
  const chosenKey = chosen ? String(chosen.properties[valueField] ?? '') : null;
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (chosen?.from !== 'map' || chosenKey === null) return;
    listRef.current?.querySelector(`[data-key="${CSS.escape(chosenKey)}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [chosen, chosenKey]);
  return (
    <section className="card feature-list" aria-label={section.title}>
      {section.title && <h2>{section.title}</h2>}
      {options.status === 'error' ? (
        <>
          <p className="muted">{th.listFailed}</p>
          <LoadFailure id={failureId} failure={failureText('list', options.error)} {...(options.retry ? { onRetry: options.retry } : {})} />
        </>
      ) : options.status !== 'ready' ? (
        <div className="skeleton" role="progressbar" aria-label={th.loading} />
      ) : (
        <ul className="place-list" ref={listRef}>
          {items.map((item) => (
            <li key={item.key}>
              <button
                type="button"
                data-key={item.key}
                aria-current={item.key === chosenKey ? 'true' : undefined}
                disabled={!item.target}
                onClick={() => {
                  choosePoint({ properties: { [valueField]: item.key }, from: 'list' });
                  if (item.target) flyTo(item.target);
                }}
              >
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
