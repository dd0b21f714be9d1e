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
