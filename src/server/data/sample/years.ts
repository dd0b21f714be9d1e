// The years the sample has data for: exactly the ones the layer catalog (config/layers.yaml)
// publishes. Read when the generator runs, not when its modules load: a server start reads the
// catalog once (with the rest of the config), and a broken catalog is reported by that check.
import { dimensionNumbers } from '../catalog.ts';

interface SampleYears {
  cmline: readonly number[];
  shoreline: readonly number[];
  rate: readonly number[];
  status: readonly number[];
  structure: readonly number[];
  /** Oldest first. */
  landuse: readonly number[];
}

export function sampleYears(): SampleYears {
  return {
    cmline: dimensionNumbers('cmline_year'),
    shoreline: dimensionNumbers('shoreline_year'),
    rate: dimensionNumbers('rate_year'),
    status: dimensionNumbers('status_year'),
    structure: dimensionNumbers('structure_year'),
    landuse: dimensionNumbers('landuse_year').sort((a, b) => a - b),
  };
}
