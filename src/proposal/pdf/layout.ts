/**
 * The pdfmake document definition of the proposal: one A4 page per form step (3 steps -> pages 1-3).
 *
 *   page 1  the form title (with the fiscal year), step 1 'ข้อมูลทั่วไป': items 1-4
 *   page 2  step 2 'ที่ตั้ง': items 5-11, with coordinates in UTM, the map image and the minimap
 *   page 3  step 3 'งบประมาณ': items 12-15, the budget table, the contact block
 *
 * Each page has its own scale factor (1 = 11 pt text): buildProposalPdf measures where each page's
 * content ends (an end marker per page) and lowers the scale of a page whose content does not fit,
 * so long answers wrap and continue on the same page in smaller type instead of pushing the
 * document past 3 pages. Below the minimum scale the longest answers of that page are shortened,
 * with a note saying how many characters were cut (see `limits`).
 *
 * Empty values give the blank form: dotted answer lines (textarea rows from the uiSchema),
 * empty check boxes for every option, empty frames for the map and minimap, an empty budget row.
 * In a filled proposal an unanswered optional item gets one dotted line, and a chosen option is
 * shown alone (ticked) by its Thai title.
 */
import { parseLatLng, PROPOSAL_UTM_ZONE, toUtm } from '../geo/utm.ts';
import { leafValue, type FormItem, type FormModel, type LeafField } from './formModel.ts';
import { FONT } from '../../pdf/fonts.ts';
import { MINIMAP_SIZE, PDF_TEXT } from './labels.ts';
import { cleanText, phraseRuns, thaiRuns } from '../../pdf/thaiText.ts';
import { asNumber, MARGINS, choiceRow, CONTENT_WIDTH, dottedLines, gridLayout, isBlank, metreFormat, moneyFormat, numberFormat, quietLayout, shorten, sizes, textNode, usableImage, visibleLength, type Content, type Node, type Sizes } from './pageParts.ts';

export interface ProposalImages {
  /** The map screenshot (PNG or JPEG data URL). Falls back to the form's mapImage value. */
  map?: string;
  /** The 80 x 80 location minimap at zoom 3 (PNG or JPEG data URL). */
  minimap?: string;
}

interface LayoutInput {
  model: FormModel;
  data: Record<string, unknown>;
  images: ProposalImages;
  /** One scale per page (step). */
  scales: number[];
  /** Longest text (characters) allowed per field key; longer answers are shortened. */
  limits: Map<string, number>;
}

/** Where a page's end marker landed (from pdfmake's pageBreakBefore hook). */
interface MarkerPosition {
  pageNumber: number;
  top: number;
}

interface LayoutResult {
  definition: Node;
  /** Filled in while pdfmake lays the document out: end marker of page k at index k. */
  markers: Array<MarkerPosition | undefined>;
}

const END_MARKER = 'proposal-page-end-';

/** True when the data has no answer at all: the blank form. */
function isBlankForm(data: Record<string, unknown>): boolean {
  const filled = (v: unknown): boolean =>
    typeof v === 'boolean' ? v : v && typeof v === 'object' ? Object.values(v).some(filled) : !isBlank(v);
  return !Object.values(data).some(filled);
}

class PageBuilder {
  readonly out: Content[] = [];
  /** Blank form: every empty answer gets its full set of lines; a filled proposal one line. */
  private readonly blankForm: boolean;
  constructor(
    readonly z: Sizes,
    readonly input: LayoutInput,
  ) {
    this.blankForm = isBlankForm(input.data);
  }

  private valueText(item: FormItem | { key: string }, v: string): string {
    const limit = this.input.limits.get(item.key);
    const clean = cleanText(v);
    return limit !== undefined ? shorten(clean, limit) : clean;
  }

  private answerIndent(item: FormItem): number {
    return (item.depth + 1) * this.z.indent;
  }

  label(item: FormItem): void {
    const z = this.z;
    this.out.push(
      textNode(item.title, {
        bold: true,
        margin: [item.depth * z.indent, item.depth ? z.gapSub : z.gapItem, 0, 0.5 * (z.row / 17)],
      }),
    );
  }

  item(item: FormItem): void {
    const data = this.input.data;
    const value = data[item.key];
    if (item.when) {
      const cond = data[item.when.field];
      // budget sources: shown for hasBudget, and on the blank form (nothing chosen yet)
      if (!isBlank(cond) && cond !== item.when.value) return;
    }
    this.label(item);
    const z = this.z;
    const indent = this.answerIndent(item);
    switch (item.kind) {
      case 'text':
      case 'textarea': {
        if (isBlank(value)) this.out.push(dottedLines(this.blankForm ? item.rows : 1, z, indent));
        else this.out.push(textNode(this.valueText(item, String(value)), { margin: [indent, 0, 0, 0] }));
        break;
      }
      case 'number': {
        const n = asNumber(value);
        if (n === undefined) this.out.push(isBlank(value) ? dottedLines(1, z, indent, (CONTENT_WIDTH - indent) * 0.5) : textNode(String(value), { margin: [indent, 0, 0, 0] }));
        else this.out.push(textNode(numberFormat.format(n), { margin: [indent, 0, 0, 0] }));
        break;
      }
      case 'choice':
        this.choice(item, value, indent);
        break;
      case 'coordinates':
        this.coordinates(value, indent);
        break;
      case 'image':
        this.mapBlock(value, indent);
        break;
      case 'amounts':
        this.amounts(item, value, indent);
        break;
      case 'checks':
        this.checks(item, value, indent);
        break;
      case 'group':
        this.group(item, value, indent);
        break;
    }
  }

  private choice(item: FormItem, value: unknown, indent: number): void {
    const z = this.z;
    const chosen = item.options.find((o) => o.value === value);
    if (chosen) {
      this.out.push({ ...choiceRow(chosen.title, true, z), margin: [indent, 0, 0, 0] });
      return;
    }
    if (!isBlank(value)) {
      this.out.push(textNode(String(value), { margin: [indent, 0, 0, 0] }));
      return;
    }
    const longest = Math.max(...item.options.map((o) => visibleLength(o.title)));
    if (item.inline) {
      this.out.push({
        columns: item.options.map((o) => ({ ...choiceRow(o.title, false, z), width: 'auto' })),
        columnGap: 16 * (z.row / 17),
        margin: [indent, 0, 0, 0],
      });
      return;
    }
    const cols = longest <= 24 ? 3 : longest <= 64 ? 2 : 1;
    const body: Content[][] = [];
    for (let i = 0; i < item.options.length; i += cols) {
      const row: Content[] = [];
      for (let c = 0; c < cols; c++) {
        const o = item.options[i + c];
        row.push(o ? choiceRow(o.title, false, z) : '');
      }
      body.push(row);
    }
    this.out.push({ table: { widths: Array(cols).fill('*'), body }, layout: quietLayout(z), margin: [indent, 0, 0, 0] });
  }

  private utmLine(latLng: { lat: number; lng: number } | null): string {
    const dots = '.'.repeat(24);
    if (!latLng) return `${PDF_TEXT.utm(PROPOSAL_UTM_ZONE, 'N')}   ${PDF_TEXT.easting} ${dots}   ${PDF_TEXT.northing} ${dots}`;
    const u = toUtm(latLng.lat, latLng.lng, PROPOSAL_UTM_ZONE);
    return `${PDF_TEXT.utm(u.zone, u.hemisphere)}   ${PDF_TEXT.easting} ${metreFormat.format(u.easting)}   ${PDF_TEXT.northing} ${metreFormat.format(u.northing)}`;
  }

  private coordinates(value: unknown, indent: number): void {
    const z = this.z;
    const k = z.row / 17;
    if (isBlank(value)) {
      this.out.push({
        columns: [
          { ...dottedLines(1, z, 0, 150 * k), width: 160 * k },
          { text: this.utmLine(null), width: '*', fontSize: z.small, color: '#333333', margin: [0, z.row - z.small * 1.5, 0, 0] },
        ],
        margin: [indent, 0, 0, 0],
      });
      return;
    }
    const text = cleanText(String(value)).trim();
    const latLng = parseLatLng(text);
    this.out.push({
      columns: [
        textNode(text, { width: 160 * k }),
        latLng ? { text: this.utmLine(latLng), width: '*', fontSize: z.body * 0.92 } : { text: '', width: '*' },
      ],
      margin: [indent, 0, 0, 0],
    });
  }

  private frame(width: number, height: number, label: string): Node {
    const z = this.z;
    return {
      table: {
        widths: [width - 1],
        heights: [height - 1],
        body: [[{ text: thaiRuns(label), color: '#8a8a8a', fontSize: z.small, alignment: 'center', margin: [0, Math.max(0, height / 2 - z.small), 0, 0] }]],
      },
      layout: {
        hLineWidth: () => 0.6,
        vLineWidth: () => 0.6,
        hLineColor: () => '#8a8a8a',
        vLineColor: () => '#8a8a8a',
        paddingLeft: () => 0,
        paddingRight: () => 0,
        paddingTop: () => 0,
        paddingBottom: () => 0,
      },
    };
  }

  private mapBlock(value: unknown, indent: number): void {
    const z = this.z;
    const gap = 10;
    const mapWidth = CONTENT_WIDTH - indent - MINIMAP_SIZE - gap;
    const map = usableImage(this.input.images.map) ?? usableImage(value);
    const minimap = usableImage(this.input.images.minimap);
    const mapNode: Node = map ? { image: map, fit: [mapWidth, z.mapHeight], alignment: 'center' } : this.frame(mapWidth, z.mapHeight, PDF_TEXT.mapPlaceholder);
    const miniNode: Node = minimap ? { image: minimap, width: MINIMAP_SIZE, height: MINIMAP_SIZE } : this.frame(MINIMAP_SIZE, MINIMAP_SIZE, PDF_TEXT.minimapPlaceholder);
    this.out.push({
      columns: [
        { width: mapWidth, stack: [mapNode, textNode(PDF_TEXT.scaleHint, { fontSize: z.small, color: '#333333', alignment: 'center', margin: [0, 2, 0, 0] })] },
        { width: MINIMAP_SIZE, stack: [miniNode, textNode(PDF_TEXT.minimapCaption, { fontSize: Math.max(6, z.small * 0.9), color: '#333333', alignment: 'center', margin: [0, 2, 0, 0] })] },
      ],
      columnGap: gap,
      margin: [indent, 1, 0, 0],
    });
  }

  private amounts(item: FormItem, value: unknown, indent: number): void {
    const z = this.z;
    const nums = item.leaves.map((l) => asNumber(leafValue(value, l.path)));
    const any = nums.some((n) => n !== undefined);
    const total = nums.reduce<number>((sum, n) => sum + (n ?? 0), 0);
    const header = [...item.leaves.map((l) => l.title), PDF_TEXT.total].map((t) => ({ text: phraseRuns(t), bold: true, alignment: 'center' }));
    const row = [...nums.map((n) => ({ text: n === undefined ? ' ' : moneyFormat.format(n), alignment: 'right' })), { text: any ? moneyFormat.format(total) : ' ', alignment: 'right', bold: true }];
    this.out.push({
      table: { headerRows: 1, widths: Array(header.length).fill('*'), heights: any ? undefined : ['auto', z.row], body: [header, row] },
      layout: gridLayout(z),
      margin: [indent, 1, 0, 0],
    });
  }

  private checks(item: FormItem, value: unknown, indent: number): void {
    const z = this.z;
    for (const leaf of item.leaves) {
      if (leaf.type !== 'boolean') {
        this.leafLine(item, leaf, value, indent);
        continue;
      }
      const checked = leafValue(value, leaf.path) === true;
      this.out.push({ ...choiceRow(leaf.title, checked, z), margin: [indent, 0, 0, 0] });
      if (leaf.detail) {
        const d = leafValue(value, leaf.detail.path);
        const di = indent + z.box + 4 * (z.box / 7);
        if (!isBlank(d)) this.out.push(textNode(this.valueText(item, String(d)), { margin: [di, 0, 0, 0] }));
        else if (checked || isBlank(value)) this.out.push(dottedLines(1, z, di));
      }
    }
  }

  private leafLine(item: FormItem, leaf: LeafField, value: unknown, indent: number): void {
    const z = this.z;
    const v = leafValue(value, leaf.path);
    const labelNode = textNode(`${leaf.title}:`, { width: 110 * (z.row / 17) });
    const valueNode: Node = isBlank(v)
      ? { ...dottedLines(1, z, 0, CONTENT_WIDTH * 0.55), width: '*' }
      : textNode(this.valueText(item, String(v)), { width: '*' });
    this.out.push({ columns: [labelNode, valueNode], columnGap: 6, margin: [indent, 0, 0, 0] });
  }

  private group(item: FormItem, value: unknown, indent: number): void {
    for (const leaf of item.leaves) this.leafLine(item, leaf, value, indent);
  }
}

function stepHeading(title: string, z: Sizes): Node {
  return {
    table: { widths: ['*'], body: [[textNode(title, { bold: true, fontSize: z.heading, color: '#1f3b57' })]] },
    layout: {
      hLineWidth: () => 0,
      vLineWidth: () => 0,
      fillColor: () => '#e3ebf3',
      paddingLeft: () => 6,
      paddingRight: () => 6,
      paddingTop: () => 2.5 * (z.row / 17),
      paddingBottom: () => 2.5 * (z.row / 17),
    },
    margin: [0, 0, 0, 2 * (z.row / 17)],
  };
}

/** Builds the document definition; `markers` fills in during pdfmake's layout. */
export function proposalDefinition(input: LayoutInput): LayoutResult {
  const { model } = input;
  const markers: Array<MarkerPosition | undefined> = model.steps.map(() => undefined);
  const content: Content[] = [];
  model.steps.forEach((step, k) => {
    const z = sizes(input.scales[k] ?? 1);
    const page = new PageBuilder(z, input);
    if (k === 0) {
      const titleLines = [model.title];
      if (model.fiscalYear !== undefined && !model.title.includes(String(model.fiscalYear))) titleLines.push(PDF_TEXT.fiscalYear(model.fiscalYear));
      // The title breaks at its spaces only (its phrases are short), not inside a phrase.
      for (const t of titleLines) page.out.push({ text: phraseRuns(t), bold: true, fontSize: z.title, alignment: 'center', margin: [30, 0, 30, 2] });
      page.out.push({ text: '', margin: [0, 0, 0, 6 * (z.row / 17)] });
    }
    page.out.push(stepHeading(step.title, z));
    for (const item of step.items) page.item(item);
    content.push({ stack: page.out, fontSize: z.body, ...(k > 0 ? { pageBreak: 'before' } : {}) });
    content.push({ text: ' ', id: `${END_MARKER}${k}`, fontSize: 1, lineHeight: 1 });
  });
  const definition: Node = {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: MARGINS,
    language: 'th-TH',
    info: { title: model.title, subject: model.title, creator: 'thai-coastal-map', producer: 'pdfmake' },
    defaultStyle: { font: FONT, fontSize: 11, lineHeight: 1, color: '#000000' },
    content,
    footer: (current: number, total: number) => ({
      text: PDF_TEXT.page(current, total),
      alignment: 'right',
      fontSize: 8,
      color: '#555555',
      margin: [MARGINS[0], 16, MARGINS[2], 0],
    }),
    pageBreakBefore: (node: { id?: string; startPosition?: { pageNumber: number; top: number } }) => {
      if (node.id?.startsWith(END_MARKER) && node.startPosition) {
        const k = Number(node.id.slice(END_MARKER.length));
        markers[k] = { pageNumber: node.startPosition.pageNumber, top: node.startPosition.top };
      }
      return false;
    },
  };
  return { definition, markers };
}
