// A compiled chart (src/engine/charts/compile.ts: the same spec the map's chart panel draws) for
// the PDF: vega-lite compiled and laid out by vega in Node, without a browser or canvas. The
// marks come as SVG; the texts are taken from vega's scene graph and set by pdfmake, which shapes
// Thai (svg-to-pdfkit drops every zero-width glyph, i.e. Thai vowel and tone marks).
import { parse, View } from 'vega';
import { compile } from 'vega-lite';
import type { CompiledChart } from '../../engine/charts/compile.ts';

interface ChartText {
  x: number;
  y: number;
  text: string;
  fontSize: number;
  align: 'left' | 'center' | 'right';
  baseline: string;
  bold: boolean;
  color: string;
}

export interface ChartPicture {
  /** The marks without their texts. */
  svg: string;
  width: number;
  height: number;
  texts: ChartText[];
}

interface SceneItem {
  x?: number;
  y?: number;
  dx?: number;
  dy?: number;
  text?: unknown;
  fontSize?: number;
  fontWeight?: string | number;
  align?: string;
  baseline?: string;
  angle?: number;
  fill?: string;
  opacity?: number;
  items?: SceneMark[];
}
interface SceneMark {
  marktype: string;
  items: SceneItem[];
}

/** Every text item of the scene with its position in the picture. */
function sceneTexts(mark: SceneMark, ox: number, oy: number, out: ChartText[]): void {
  for (const item of mark.items) {
    const x = ox + (item.x ?? 0);
    const y = oy + (item.y ?? 0);
    if (mark.marktype === 'group') for (const child of item.items ?? []) sceneTexts(child, x, y, out);
    else if (mark.marktype === 'text' && item.text !== undefined && item.text !== '' && (item.opacity ?? 1) > 0 && !item.angle) {
      const text = Array.isArray(item.text) ? item.text.join(' ') : String(item.text);
      out.push({
        x: x + (item.dx ?? 0),
        y: y + (item.dy ?? 0),
        text,
        fontSize: item.fontSize ?? 11,
        align: item.align === 'right' || item.align === 'center' ? item.align : 'left',
        baseline: item.baseline ?? 'alphabetic',
        bold: item.fontWeight === 'bold' || Number(item.fontWeight) >= 600,
        color: item.fill ?? '#000000',
      });
    }
  }
}

/** The chart at `width` points (vega's pixels become the PDF's points). */
export async function chartPicture(chart: CompiledChart, width: number, font: string): Promise<ChartPicture> {
  const encoding = chart.vegaLite.encoding as { y?: { axis?: { labelAlign?: string } } } | undefined;
  // Names above the bars (stacked charts) leave the plot the whole width; else they sit left of it.
  const namesAbove = encoding?.y?.axis?.labelAlign === 'left';
  const spec: Record<string, unknown> = {
    ...chart.vegaLite,
    width: namesAbove ? width - 20 : width - 175,
    config: { ...(chart.vegaLite.config as object), font },
  };
  delete spec.$schema;
  const view = new View(parse(compile(spec as never).spec), { renderer: 'none' });
  await view.runAsync();
  const svg = (await view.toSVG()).replace(/<text\b[^>]*>[\s\S]*?<\/text>/g, '');
  const [ox, oy] = view.origin();
  const texts: ChartText[] = [];
  sceneTexts((view.scenegraph() as unknown as { root: SceneMark }).root, ox, oy, texts);
  view.finalize();
  const size = /<svg[^>]*width="([\d.]+)"[^>]*height="([\d.]+)"/.exec(svg);
  return { svg, width: Number(size?.[1] ?? width), height: Number(size?.[2] ?? 200), texts };
}
