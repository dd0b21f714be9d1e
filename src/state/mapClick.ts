// Map-click modes: while a tool owns map clicks (SPEC.md §4: each click adds a measure point),
// a click must not open the feature drawer. Shared by the map tools and the feature-info UI.

/**
 * Map-click modes that must not open the drawer (SPEC.md §4: each map click adds a measure point
 * while measuring). The measure tool calls `setInfoClickSuppressed('measure', true)` when it
 * starts and `false` when it finishes or cancels.
 */
const suppressedBy = new Set<string>();

export function setInfoClickSuppressed(reason: string, on: boolean): void {
  if (on) suppressedBy.add(reason);
  else suppressedBy.delete(reason);
}

export function isInfoClickSuppressed(): boolean {
  return suppressedBy.size > 0;
}

/** Handlers that may claim a map click before the feature drawer sees it (a popup layer). */
const claimers = new Map<string, (lngLat: { lng: number; lat: number }) => boolean>();

export function claimMapClicks(id: string, claim: (lngLat: { lng: number; lat: number }) => boolean): () => void {
  claimers.set(id, claim);
  return () => {
    if (claimers.get(id) === claim) claimers.delete(id);
  };
}

/** True when a tool or layer took the click (the drawer then stays closed). */
export function clickClaimed(lngLat: { lng: number; lat: number }): boolean {
  for (const claim of claimers.values()) if (claim(lngLat)) return true;
  return false;
}
