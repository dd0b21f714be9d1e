// GeoJSON feature-service answers (SPEC.md §3 "Feature-service response": a FeatureCollection
// with totalFeatures, numberMatched, numberReturned, crs): checking, counting and merging them.

export interface FeatureCollectionAnswer extends GeoJSON.FeatureCollection {
  totalFeatures?: number | string;
  numberMatched?: number | string;
  numberReturned?: number;
  crs?: unknown;
}

/** The count the service states (totalFeatures, else numberMatched), else the features present. */
export function featureCountOf(collection: { totalFeatures?: unknown; numberMatched?: unknown; features?: readonly unknown[] }): number {
  for (const count of [collection.totalFeatures, collection.numberMatched]) {
    if (typeof count === 'number' && Number.isInteger(count) && count >= 0) return count;
  }
  return collection.features?.length ?? 0;
}

/** A GeoJSON FeatureCollection, or an error naming what came back instead. */
export function asCollection(answer: unknown, url: string): FeatureCollectionAnswer {
  const a = answer as Partial<FeatureCollectionAnswer> | null;
  if (!a || typeof a !== 'object' || a.type !== 'FeatureCollection' || !Array.isArray(a.features)) {
    throw new Error(`answer from ${url} is not a GeoJSON FeatureCollection`);
  }
  return a as FeatureCollectionAnswer;
}

/**
 * Several answers as one collection: features in request order; totalFeatures / numberMatched
 * summed (each part counted as featureCountOf counts it), numberReturned = features returned.
 */
export function mergeCollections(parts: readonly FeatureCollectionAnswer[]): FeatureCollectionAnswer & { totalFeatures: number; numberMatched: number; numberReturned: number } {
  const features = parts.flatMap((p) => p.features);
  const total = parts.reduce((sum, p) => sum + featureCountOf(p), 0);
  const crs = parts.find((p) => p.crs)?.crs;
  return { type: 'FeatureCollection', features, totalFeatures: total, numberMatched: total, numberReturned: features.length, ...(crs ? { crs } : {}) };
}
