// Preset places (radar zones, SPEC.md §2): each flies the map to its point.
import { useConfig } from '../../../state/config.tsx';
import { mapStore } from '../../../map/mapStore.ts';
import type { SectionProps } from '../../../sections/definitions.ts';

export function PlacesView({ section }: SectionProps<'places'>) {
  const { app } = useConfig();
  return (
    <section className="card places">
      {section.title && <h2>{section.title}</h2>}
      <ul className="place-list">
        {section.places.map((p) => (
          <li key={p.label}>
            <button type="button" onClick={() => mapStore.get().map?.flyTo({ center: p.center, zoom: p.zoom ?? app.map.flyToZoom })}>
              {p.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
