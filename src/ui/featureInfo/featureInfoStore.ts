// Feature information state (SPEC.md §3 Client state "Feature info": open flag, page, info URLs,
// layer names, colours, content). The drawer shows it; a map click fills it; closing clears it.
import { createStore } from '../../state/store.ts';
import type { PropertyRow } from './formatProperties.ts';

type InfoStatus = 'idle' | 'loading' | 'empty' | 'content';

/** One feature's table in the drawer. */
export interface InfoFeature {
  /** Stable React key. */
  key: string;
  layerName: string;
  color?: string;
  rows: PropertyRow[];
  /** A rate point's history request (routerpoints `trend`): the drawer shows its trend view. */
  trend?: { url: string; legend?: string };
}

interface FeatureInfoState {
  status: InfoStatus;
  /** The page (topic route) of the click. */
  page: string;
  /** The GetFeatureInfo URLs of the last click (one per distinct service URL). */
  infoUrls: string[];
  features: InfoFeature[];
  /** The clicked point. */
  click: { lng: number; lat: number } | null;
}

export const initialFeatureInfo: FeatureInfoState = { status: 'idle', page: '', infoUrls: [], features: [], click: null };

export const featureInfoStore = createStore<FeatureInfoState>({ ...initialFeatureInfo });
