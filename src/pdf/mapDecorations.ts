// Scale bar and north arrow of a printed map (issue 26: the atlas map and the export report's
// map), as one SVG laid over the map picture: vector lines and real text in the PDF (and, inline,
// in the report's preview and print view).
interface MapDecorations {
  /** Size of the map on the page (points). */
  width: number;
  height: number;
  /** Metres on the ground per point at the map's centre. */
  metresPerPoint: number;
  scaleBar?: boolean;
  northArrow?: boolean;
  /** The font family of the labels (the PDF's Sarabun). */
  font: string;
  /** The length units' labels (engine/units.ts unitLabels: 'ม.', 'กม.'). */
  units: LengthUnits;
}

interface LengthUnits {
  m: string;
  km: string;
}

/** Web Mercator's ground metres per CSS pixel of a MapLibre map (512 px tiles) at `zoom`, at latitude `lat`. */
export function metresPerPixel(lat: number, zoom: number): number {
  return (2 * Math.PI * 6378137 * Math.cos((lat * Math.PI) / 180)) / (512 * 2 ** zoom);
}

/** The longest 1, 2 or 5 x 10^k metres not longer than `metres`. */
export function niceLength(metres: number): number {
  const k = 10 ** Math.floor(Math.log10(metres));
  return [5, 2, 1].map((f) => f * k).find((m) => m <= metres) ?? k;
}

/** '500 ม.' or '20 กม.'. */
function lengthLabel(metres: number, units: LengthUnits): string {
  return metres >= 1000 ? `${metres / 1000} ${units.km}` : `${metres} ${units.m}`;
}

/** A scale bar of about a fifth of the map's width: its length on the page and its label. */
export function scaleBar(width: number, metresPerPoint: number, units: LengthUnits): { points: number; metres: number; label: string } {
  const metres = niceLength((width / 5) * metresPerPoint);
  return { points: metres / metresPerPoint, metres, label: lengthLabel(metres, units) };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The SVG (same size as the map) with a scale bar at the bottom left and a north arrow at the top right. */
export function mapDecorationsSvg(d: MapDecorations): string {
  const parts: string[] = [];
  if (d.scaleBar !== false) {
    const bar = scaleBar(d.width, d.metresPerPoint, d.units);
    const x = 12;
    const y = d.height - 16;
    const half = bar.points / 2;
    parts.push(
      `<rect x="${x - 6}" y="${y - 16}" width="${bar.points + 48}" height="26" fill="#FFFFFF" fill-opacity="0.85" rx="2"/>`,
      `<rect x="${x}" y="${y}" width="${half}" height="4" fill="#222222"/>`,
      `<rect x="${x + half}" y="${y}" width="${half}" height="4" fill="#FFFFFF" stroke="#222222" stroke-width="0.6"/>`,
      `<rect x="${x}" y="${y}" width="${bar.points}" height="4" fill="none" stroke="#222222" stroke-width="0.6"/>`,
      `<text x="${x}" y="${y - 4}" font-family="${d.font}" font-size="8" fill="#222222">0</text>`,
      `<text x="${x + bar.points + 3}" y="${y + 5}" font-family="${d.font}" font-size="8" fill="#222222">${esc(bar.label)}</text>`,
    );
  }
  if (d.northArrow !== false) {
    const cx = d.width - 22;
    const top = 10;
    parts.push(
      `<circle cx="${cx}" cy="${top + 16}" r="15" fill="#FFFFFF" fill-opacity="0.85"/>`,
      `<path d="M ${cx} ${top + 4} L ${cx + 6} ${top + 26} L ${cx} ${top + 21} Z" fill="#222222"/>`,
      `<path d="M ${cx} ${top + 4} L ${cx - 6} ${top + 26} L ${cx} ${top + 21} Z" fill="#FFFFFF" stroke="#222222" stroke-width="0.6"/>`,
      `<text x="${cx - 3.5}" y="${top + 3}" font-family="${d.font}" font-size="9" font-weight="bold" fill="#222222">N</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${d.width}" height="${d.height}" viewBox="0 0 ${d.width} ${d.height}">${parts.join('')}</svg>`;
}

/** The pdfmake nodes of a map picture with its decorations drawn over it (for a stack). */
export function decoratedMapNodes(picture: string, d: MapDecorations): Array<Record<string, unknown>> {
  return [
    { image: picture, width: d.width, height: d.height },
    { svg: mapDecorationsSvg(d), width: d.width, height: d.height, relativePosition: { x: 0, y: -d.height } },
  ];
}
