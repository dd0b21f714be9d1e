// The report map's scale bar and north arrow over the preview's live map and the print view's
// picture (issue 26 item 4): the very SVG the PDF draws (src/report/mapScale.ts), inline so
// that its labels are set in the page's Sarabun and print as text.
import { useMemo } from 'react';
import { reportMapDecorationsSvg, type ReportMapScale } from '../../report/mapScale.ts';

const FONT_FAMILY = 'Sarabun, sans-serif';

export function MapDecorationsOverlay({ scale }: { scale: ReportMapScale | null }) {
  // the SVG is built from numbers and the unit labels (escaped): no visitor text goes into it
  const svg = useMemo(() => (scale ? reportMapDecorationsSvg(scale, FONT_FAMILY) : null), [scale]);
  if (!svg) return null;
  return <div className="report-map-decorations" aria-hidden dangerouslySetInnerHTML={{ __html: svg }} />;
}
