// config/atlas.yaml (schemas/atlas.schema.json): the province atlas's pages per area kind. Read
// by the config loader (checked there) and drawn by the server (src/server/atlas/). The types are
// inferred from the schema (src/engine/generated/atlas.ts), its defaults filled in by the loader.
import type { AtlasDoc } from './generated/atlas.ts';

export type { AtlasDoc };

export const ATLAS_AREA_KINDS = ['province', 'district', 'beach-system'] as const;
export type AtlasAreaKind = (typeof ATLAS_AREA_KINDS)[number];

export type PeriodYear = AtlasDoc['period']['start'];

export type AtlasSection = AtlasDoc['kinds'][AtlasAreaKind]['sections'][number];
export type AtlasSectionKind = AtlasSection['kind'];

/** A chart section of a topic variant, drawn with the same spec. */
export type AtlasChartRef = Extract<AtlasSection, { kind: 'trend' }>['charts'][number];
