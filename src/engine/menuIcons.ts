// The menu tile icons a topic may name (`menu.icon`): small 24 px line drawings, one SVG path each.
// check:config refuses any other name, so a tile never silently shows another topic's picture.
const MENU_ICONS = {
  coastline: 'M2 14c3-4 5 2 8-2s5 2 8-2 4 1 4 1M2 19h20',
  shoreline: 'M2 8c3-3 5 1 8-1s5 1 8-1M2 14c3-3 5 1 8-1s5 1 8-1',
  'change-area': 'M3 17 9 7l4 6 3-4 5 8z',
  'change-rate': 'M3 20V4M3 20h18M6 15l4-4 3 3 6-7',
  change: 'M4 12h16M14 6l6 6-6 6',
  status: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v6m0 3v1',
  littoral: 'M3 6h18M3 12h12M3 18h7',
  solution: 'M4 20 20 4M14 4h6v6',
  structure: 'M3 20h18M5 20V9l7-5 7 5v11M9 20v-6h6v6',
  potential: 'M12 2 15 9h7l-6 4 2 8-6-5-6 5 2-8-6-4h7z',
  radar: 'M12 12 20 4M12 21a9 9 0 1 1 9-9M12 16a4 4 0 1 1 4-4',
  landuse: 'M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8z',
  cvi: 'M12 3 2 21h20zM12 10v5m0 3v.5',
  cctv: 'M3 7h13l5 3v4l-5 3H3zM8 17v4',
  project: 'M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h8',
  // a beach umbrella over the sand (beaches, beach surveys)
  beach: 'M4 11a8 8 0 0 1 16 0zM12 11v8M2 20c3-2 6-2 10 0s7 2 10 0',
  // a map pin (survey points, stations)
  point: 'M12 21s-7-6.5-7-12a7 7 0 0 1 14 0c0 5.5-7 12-7 12zM12 7v4',
  // a trash bin (litter, waste)
  litter: 'M4 6h16M9 6V3h6v3M6 6l1 15h10l1-15M10 10v7M14 10v7',
} as const satisfies Record<string, string>;

type MenuIcon = keyof typeof MENU_ICONS;
export const menuIconNames = Object.keys(MENU_ICONS) as MenuIcon[];

/** The icon of a topic's tile: its `menu.icon`, else the one named like its route, else the coast. */
export function menuIconPath(name: string): string {
  return (MENU_ICONS as Record<string, string>)[name] ?? MENU_ICONS.coastline;
}
