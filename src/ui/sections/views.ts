// Section kind -> component: every kind of definitions.ts has its view (the mapped type makes a
// missing or mistyped one a compile error). The proposal wizard and the files list load lazily
// inside their views, only on /project/form and /project.
import type { ComponentType } from 'react';
import type { SectionKind, SectionProps } from '../../sections/definitions.ts';
import { LegendView } from './legend/View.tsx';
import { YearLayersView } from './yearLayers/View.tsx';
import { RowsView } from './rows/View.tsx';
import { AddLayerView } from './addLayer/View.tsx';
import { ChartView } from './chart/View.tsx';
import { DownloadView } from './download/View.tsx';
import { SwitchesView } from './switches/View.tsx';
import { PlacesView } from './places/View.tsx';
import { FeatureListView } from './featureList/View.tsx';
import { FilesView } from './files/View.tsx';
import { FormView } from './form/View.tsx';
import { NoteView } from './note/View.tsx';
import { TotalsView } from './totals/View.tsx';
import { AreaOutlineView } from './areaOutline/View.tsx';

export const sectionViews: { [K in SectionKind]: ComponentType<SectionProps<K>> } = {
  legend: LegendView,
  yearLayers: YearLayersView,
  rows: RowsView,
  addLayer: AddLayerView,
  chart: ChartView,
  download: DownloadView,
  switches: SwitchesView,
  places: PlacesView,
  featureList: FeatureListView,
  files: FilesView,
  form: FormView,
  note: NoteView,
  totals: TotalsView,
  areaOutline: AreaOutlineView,
};
