// config/atlas.yaml (schemas/atlas.schema.json): the province atlas's pages per area kind. Read
// by the config loader (checked there) and drawn by the server (src/server/atlas/).

export const ATLAS_AREA_KINDS = ['province', 'district', 'beach-system'] as const;
export type AtlasAreaKind = (typeof ATLAS_AREA_KINDS)[number];

export type PeriodYear = number | 'first' | 'last';

/** A chart section of a topic variant, drawn with the same spec. */
export interface AtlasChartRef {
  topic: string;
  variant?: string;
  chart: string;
}

export type AtlasSection =
  | { kind: 'map'; title?: string; dpi?: number; height?: number; locator?: boolean; scaleBar?: boolean; northArrow?: boolean }
  | { kind: 'legend'; title?: string; legends: string[] }
  | { kind: 'period'; title?: string; text: string }
  | { kind: 'change-areas'; title: string; charts: AtlasChartRef[] }
  | {
      kind: 'trend';
      title: string;
      labels: { transects: string; meanRate: string; interval: string; significant: string; rateClass: string; km: string };
      legend?: string;
      charts: AtlasChartRef[];
    }
  | { kind: 'fastest'; title: string; count?: number; columns: { rank: string; transect: string; beach: string; place: string; rate: string } }
  | { kind: 'sources'; title: string; items: string[] }
  | { kind: 'qr'; title?: string; text: string };

export type AtlasSectionKind = AtlasSection['kind'];

interface AtlasKind {
  title: string;
  /** Variant path of link.route that the permalink opens. */
  variant: string;
  sections: AtlasSection[];
}

export interface AtlasDoc {
  period: { start: PeriodYear; end: PeriodYear };
  link: { route: string; origin?: string };
  texts: {
    product: string;
    sample: string;
    page: string;
    generated: string;
    noData: string;
    kinds: Record<AtlasAreaKind, string>;
    index: { title: string; period: string; file: string; transects: string; meanRate: string };
  };
  kinds: Record<AtlasAreaKind, AtlasKind>;
}
