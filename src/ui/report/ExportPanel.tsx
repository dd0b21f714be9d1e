// The export dialog's report (SPEC.md §2 Export dialog, issue 10): an A4 preview of the report
// pages, 'พิมพ์' printing them through the browser (document title 'TCS Report', one page per
// sheet, no app chrome) and 'ดาวน์โหลด PDF' saving the same pages as a vector PDF.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { th } from '../../locale/th.ts';
import { useConfig } from '../../state/config.tsx';
import { useStore } from '../../state/store.ts';
import { toast } from '../../state/toast.ts';
import { layerStore } from '../../map/layerStore.ts';
import { mapStore } from '../../map/mapStore.ts';
import { basemapStyle } from '../../map/basemapStyle.ts';
import { satelliteStore, satelliteTileUrl } from '../../map/satellite/satellite.ts';
import { modeOf } from '../../machines/compare.ts';
import { comparePageStore, useCompare } from '../../map/compare/compareState.ts';
import { sideNames, useStacked } from '../../map/compare/sides.ts';
import { compareReportLayers } from '../compare/sideLayers.ts';
import { compareReportNote } from '../compare/reportNote.ts';
import { reportPages, thaiDate } from '../../report/model.ts';
import { PRINT_PIXEL_RATIO, reportMapScale, type ReportMapScale } from '../../report/mapScale.ts';
import { rowResultsStore } from '../topic/rowResults.ts';
import { drawnChartsStore } from '../charts/drawnCharts.ts';
import { reportInputs } from './reportInputs.ts';
import { ReportPages } from './ReportPages.tsx';
import { MapDecorationsOverlay } from './MapDecorationsOverlay.tsx';
import { reportPdfBytes, saveBytes } from './pdfExport.ts';
import { prepareReportPdfWorker } from '../../report/pdf/reportPdfWorker.ts';
import { useFitWidth } from './useFitWidth.ts';
import './report.css';

// The report's map needs MapLibre: its own chunk, loaded when the dialog opens (by then the main
// map has loaded MapLibre already), not part of the shell's JS.
const StaticMap = lazy(() => import('../../map/StaticMap.tsx').then((m) => ({ default: m.StaticMap })));

export function ExportPanel() {
  const bundle = useConfig();
  const { app } = bundle;
  const listed = useStore(layerStore, (s) => s.layers);
  // Compare mode (issue 25): the report shows both sides' years, each named with its side.
  const compare = useCompare();
  const comparing = modeOf(compare) !== null;
  const sides = useStore(comparePageStore, (s) => s);
  const stacked = useStacked();
  const mapNote = compareReportNote(compare, stacked);
  const layers = useMemo(() => (comparing ? compareReportLayers(sides.left.layers, sides.right.layers, sideNames(stacked)) : listed), [comparing, sides, stacked, listed]);
  const page = useStore(rowResultsStore, (s) => s.page);
  const drawnCharts = useStore(drawnChartsStore, (s) => s.charts);
  const basemapId = useStore(mapStore, (s) => s.basemap);
  const satellite = useStore(satelliteStore, (s) => s.selected);
  const [title, setTitle] = useState<string>(th.report.defaultTitle);
  const [mapImage, setMapImage] = useState<string | null>(null);
  const [mapScale, setMapScale] = useState<ReportMapScale | null>(null);
  const [busy, setBusy] = useState(false);
  const previewRef = useRef<HTMLDivElement>(null);
  const sheetsRef = useRef<HTMLDivElement>(null);
  const fit = useFitWidth(previewRef, sheetsRef);
  // The PDF worker, its code and fonts load while the preview is read: the download then only lays out.
  useEffect(() => {
    prepareReportPdfWorker().catch((error: unknown) => console.warn('report PDF setup failed', error));
  }, []);

  const pages = useMemo(() => reportPages(reportInputs(bundle, layers, page, drawnCharts)), [bundle, layers, page, drawnCharts]);
  const date = useMemo(() => thaiDate(new Date()), []);
  const view = useMemo(() => {
    const map = mapStore.get().map;
    const c = map?.getCenter();
    return { center: (c ? [c.lng, c.lat] : app.map.center) as [number, number], zoom: Math.max(0, (map?.getZoom() ?? app.map.zoom) - 1) };
  }, [app.map.center, app.map.zoom]);
  const basemap = app.basemaps.find((b) => b.id === basemapId) ?? app.basemaps[0];
  const style = useMemo(() => (basemap ? basemapStyle(basemap) : null), [basemap]);
  const satelliteTiles = satellite ? satelliteTileUrl(app, satellite) : null;
  const sample = app.sampleData === true;

  const print = () => {
    const previous = document.title;
    document.title = th.exportDialog.documentTitle;
    window.addEventListener('afterprint', () => (document.title = previous), { once: true });
    window.print();
  };
  const download = async () => {
    if (busy || !previewRef.current) return;
    setBusy(true);
    const id = toast.loading(th.report.building);
    try {
      saveBytes(await reportPdfBytes({ root: previewRef.current, pages, title, date, sample, mapImage, ...(mapNote ? { mapNote } : {}), pictureTimeoutMs: bundle.app.backend.timeoutMs, ...(mapScale ? { mapScale } : {}) }), th.report.fileName);
    } catch (error) {
      console.error('report PDF failed', error);
      toast.error(th.report.pdfFailed);
    } finally {
      toast.dismiss(id);
      setBusy(false);
    }
  };
  // The canvas is drawn at print resolution (PRINT_PIXEL_RATIO): its picture is the print view's
  // and the PDF's map, as JPEG (pdfkit embeds it as it is; a PNG it would decode and compress again).
  const onIdle = (map: MapLibreMap) => {
    const box = map.getContainer();
    // a map not laid out (0 px: the dialog closing) has no picture and no scale to take
    if (box.clientWidth === 0 || box.clientHeight === 0) return;
    setMapImage(map.getCanvas().toDataURL('image/jpeg', 0.92));
    setMapScale(reportMapScale({ lat: map.getCenter().lat, zoom: map.getZoom(), width: box.clientWidth, height: box.clientHeight }));
  };

  const common = { pages, title, onTitle: setTitle, date, sample, mapNote };
  return (
    <div className="export-panel">
      <div className="export-actions">
        <button type="button" className="primary" onClick={print}>
          {th.exportDialog.print}
        </button>
        <button type="button" onClick={() => void download()} aria-busy={busy} disabled={busy}>
          {th.report.downloadPdf}
        </button>
      </div>
      <div className="report-preview" ref={previewRef} aria-label={th.report.preview}>
        {/* the pages at their A4 size, scaled as a whole to the dialog's width */}
        <div className="report-fit" style={{ width: fit.width * fit.scale || undefined, height: fit.height * fit.scale || undefined }}>
          <div className="report-sheets" ref={sheetsRef} style={fit.scale < 1 ? { transform: `scale(${fit.scale})` } : undefined}>
            <ReportPages
              {...common}
              mode="screen"
              map={
                style && (
                  <>
                    <Suspense fallback={<div className="static-map" />}>
                      <StaticMap style={style} center={view.center} zoom={view.zoom} maxZoom={app.map.maxZoom} layers={layers} legends={bundle.legends} satelliteTiles={satelliteTiles} label={th.report.mapLabel} onIdle={onIdle} pixelRatio={PRINT_PIXEL_RATIO} />
                    </Suspense>
                    <MapDecorationsOverlay scale={mapScale} />
                  </>
                )
              }
            />
          </div>
        </div>
      </div>
      {createPortal(
        <div className="report-print" inert>
          <ReportPages
            {...common}
            mode="print"
            map={
              mapImage && (
                <>
                  <img src={mapImage} alt={th.report.mapLabel} className="report-map-image" />
                  <MapDecorationsOverlay scale={mapScale} />
                </>
              )
            }
          />
        </div>,
        document.body,
      )}
    </div>
  );
}
