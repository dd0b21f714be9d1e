// The link rows of a switches section (issue 24 defect 5): a switch that adds a layer is
// `<section id>-<group number>-<value>` (/potentialarea suitability-1-high), the action's layer is
// `<section id>-<chosen values joined by '_'>` (/cvi 'CVI Process': values-1_3).
// The section's shape as these read it (definition.ts asks them, so they do not import it).

interface SwitchItem { value: string; layer?: string }

interface SwitchesShape<I extends SwitchItem = SwitchItem> {
  id: string;
  action?: unknown;
  groups: ReadonlyArray<{ items: readonly I[] }>;
}

export function switchRowId(section: Pick<SwitchesShape, 'id'>, groupIndex: number, value: string): string {
  return `${section.id}-${groupIndex + 1}-${value}`;
}

export function actionRowId(section: Pick<SwitchesShape, 'id'>, values: readonly string[]): string {
  return `${section.id}-${values.join('_')}`;
}

/** The switch a row id names (one with a layer), or null. */
export function switchOfRow<I extends SwitchItem>(section: SwitchesShape<I>, rowId: string): { groupIndex: number; item: I } | null {
  for (const [groupIndex, group] of section.groups.entries()) {
    const item = group.items.find((i) => i.layer && switchRowId(section, groupIndex, i.value) === rowId);
    if (item) return { groupIndex, item };
  }
  return null;
}

/** The chosen values an action row id names (each a switch of the section, no repeats), or null. */
export function actionValuesOfRow(section: SwitchesShape, rowId: string): string[] | null {
  const prefix = `${section.id}-`;
  if (!section.action || !rowId.startsWith(prefix)) return null;
  const values = rowId.slice(prefix.length).split('_');
  const known = new Set(section.groups.flatMap((g) => g.items.map((i) => i.value)));
  return values.every((v) => known.has(v)) && new Set(values).size === values.length ? values : null;
}

/** Whether a row id names a layer of this section. */
export function isSwitchesRow(section: SwitchesShape, rowId: string): boolean {
  return switchOfRow(section, rowId) !== null || actionValuesOfRow(section, rowId) !== null;
}
