// What the custom widgets of the proposal form share with the wizard: the whole form data (a
// widget may read or set other fields: the map picker writes either point, the points set the
// shore length) and the map modal, which is one for both points and the screenshot.
import { createContext, useContext } from 'react';
import type { FormDoc } from '../../engine/types.ts';
import type { ProposalData } from './formLogic.ts';

/** What the map modal is open for: a point ('start' = coordinates, 'end' = coordinatesEnd) or the
 *  screenshot of the map image (item 5.3). */
export type MapMode = 'start' | 'end' | 'screenshot';

export const POINT_FIELD = { start: 'coordinates', end: 'coordinatesEnd' } as const;

export interface ProposalUi {
  form: FormDoc;
  data: ProposalData;
  /** Sets some fields at once (derived fields follow, SPEC.md §4). */
  patch: (changes: ProposalData) => void;
  openMap: (mode: MapMode) => void;
}

export const ProposalUiContext = createContext<ProposalUi | null>(null);

export function useProposalUi(): ProposalUi {
  const ui = useContext(ProposalUiContext);
  if (!ui) throw new Error('useProposalUi outside the proposal form');
  return ui;
}
