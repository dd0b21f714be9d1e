// A second, small map showing what the main map shows (the export report's map, SPEC.md §2):
// the same base map, satellite year and layers in the same order, at a given centre and zoom,
// without scroll-wheel zoom (max zoom 20). Its canvas keeps its pixels so the report can take a
// picture of it (DESIGN.md §5 preserveDrawingBuffer); with `pixelRatio` that picture is drawn at
// print resolution (issue 26 item 4), its raster tiles one zoom deeper so that they are not the
// screen's tiles enlarged.
import { useEffect, useRef } from 'react';
import { Map as MapLibreMap, type RasterSourceSpecification, type StyleSpecification } from 'maplibre-gl';
import type { Legend } from '../engine/types.ts';
import type { MapLayer } from './layerStore.ts';
import { drawOrder } from './layers/order.ts';
import { forgetDrawn, syncLayers } from './layers/sync.ts';
import { drawSatellite } from './satellite/SatelliteLayer.tsx';
import { th } from '../locale/th.ts';

export interface StaticMapProps {
  style: StyleSpecification | string;
  center: [number, number];
  zoom: number;
  maxZoom: number;
  layers: readonly MapLayer[];
  legends: readonly Legend[];
  satelliteTiles: string | null;
  label: string;
  /** Called on every idle with the map (its canvas holds the finished picture then). */
  onIdle?: (map: MapLibreMap) => void;
  /** Device pixels per CSS pixel of its canvas (at least the screen's). */
  pixelRatio?: number;
}

/** A raster source whose tiles take half their size on the map: each tile one zoom deeper, its
 *  pixels 1:1 (or nearly) on a canvas of twice the pixel ratio. */
function denser(source: RasterSourceSpecification): RasterSourceSpecification {
  return { ...source, tileSize: (source.tileSize ?? 512) / 2 };
}

function denserStyle(style: StyleSpecification | string): StyleSpecification | string {
  if (typeof style === 'string') return style;
  return { ...style, sources: Object.fromEntries(Object.entries(style.sources).map(([id, source]) => [id, source.type === 'raster' ? denser(source) : source])) };
}

/** Makes every raster source the drawers add later (WMS layers, the satellite year) denser too. */
function addDenserSources(map: MapLibreMap): void {
  const addSource = map.addSource.bind(map);
  map.addSource = (id, source) => addSource(id, source.type === 'raster' ? denser(source) : source);
}

export function StaticMap({ style, center, zoom, maxZoom, layers, legends, satelliteTiles, label, onIdle, pixelRatio }: StaticMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const latest = useRef({ layers, legends, satelliteTiles, onIdle });
  latest.current = { layers, legends, satelliteTiles, onIdle };

  useEffect(() => {
    if (!container.current) return;
    const print = pixelRatio !== undefined && pixelRatio > window.devicePixelRatio;
    const map = new MapLibreMap({
      container: container.current,
      style: print ? denserStyle(style) : style,
      ...(print ? { pixelRatio } : {}),
      center,
      zoom,
      maxZoom,
      scrollZoom: false,
      attributionControl: { compact: true },
      locale: { 'Map.Title': th.map, 'AttributionControl.ToggleAttribution': th.attribution },
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    if (print) addDenserSources(map);
    mapRef.current = map;
    const draw = () => {
      const { layers: l, legends: lg, satelliteTiles: sat } = latest.current;
      syncLayers(map, drawOrder(l), lg);
      drawSatellite(map, sat);
    };
    map.on('style.load', () => {
      forgetDrawn(map);
      draw();
    });
    map.on('idle', () => latest.current.onIdle?.(map));
    return () => {
      mapRef.current = null;
      map.remove();
    };
    // The map is made once per mount; the props below update it in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [style]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !map.isStyleLoaded()) return;
    syncLayers(map, drawOrder(layers), legends);
    drawSatellite(map, satelliteTiles);
  }, [layers, legends, satelliteTiles]);

  useEffect(() => {
    mapRef.current?.jumpTo({ center, zoom });
  }, [center[0], center[1], zoom]); // eslint-disable-line react-hooks/exhaustive-deps

  // A labelled group, not an image: the map inside can be panned and has its attribution button
  // (axe-core nested-interactive, issue 11 item 4).
  return <div ref={container} className="static-map" role="group" aria-label={label} data-testid="report-map" />;
}
