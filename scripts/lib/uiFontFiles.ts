// Where the screen's Sarabun subsets (scripts/build-ui-fonts.ts) and their sources are, relative to
// the repository root.

/** The weights src/ui/fonts.css declares: 400 text, 600 labels, 700 headings and bold. */
export const UI_FONT_WEIGHTS = ['400Regular', '600SemiBold', '700Bold'] as const;
export type UiFontWeight = (typeof UI_FONT_WEIGHTS)[number];

export const UI_FONT_DIR = 'src/ui/fonts';
export const UI_FONT_MANIFEST = `${UI_FONT_DIR}/subsets.json`;

/** What the subsets were made from and hold (written by the build, read by the test). */
export interface UiFontManifest {
  source: string;
  fonts: Partial<Record<UiFontWeight, { file: string; bytes: number; sha1: string; characters: string }>>;
}

export const fullFontFile = (weight: UiFontWeight) => `node_modules/@expo-google-fonts/sarabun/${weight}/Sarabun_${weight}.ttf`;
export const subsetFontFile = (weight: UiFontWeight) => `${UI_FONT_DIR}/Sarabun_${weight}_ui.woff2`;
