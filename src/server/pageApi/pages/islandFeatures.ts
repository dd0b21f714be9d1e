// page=wfsisland, GET or form-encoded POST (SPEC.md §7): the features of an island layer
// (island_polygon, cmline_island_analysis, ...) for one island, named by island, ap_tn and pv_tn;
// the client reads the first feature. typeNames must be a layer whose viewparams take `island`.
// Answer: a GeoJSON FeatureCollection with totalFeatures, numberMatched, numberReturned and crs,
// as the provider's feature service answers (the client's feature loader expects that shape).
import { sendJson } from '../../http/json.ts';
import { pageModes, type RouterContext } from '../context.ts';
import { escapeViewparam, featureCollection, layerViewparams, queryFeatures, resolveLayer } from '../features.ts';
import { bad } from '../params.ts';

/** Island layers hold one or a few features per island. */
const MAX_FEATURES = 1000;

async function wfsIsland(ctx: RouterContext): Promise<void> {
  const typeNames = ctx.params.require('typeNames', 'typeName');
  if (typeNames.includes(',')) throw bad('typeNames: give one layer');
  const ft = resolveLayer(typeNames, ctx.product, 'typeNames');
  if (!ft.viewParams || !Object.hasOwn(ft.viewParams, 'island')) throw bad(`typeNames: ${ft.name} is not an island layer`);
  // The request's own parameters become the layer's typed viewparams (island, ap_tn, pv_tn, start, end).
  ctx.params.name('island', true);
  const pairs: string[] = [];
  for (const [key, spec] of Object.entries(ft.viewParams)) {
    const value = spec.type === 'year' ? ctx.params.year(key)?.toString() : spec.type === 'text' ? ctx.params.name(key) : ctx.params.get(key);
    if (value !== undefined) pairs.push(`${key}:${escapeViewparam(value)}`);
  }
  const values = layerViewparams(ft, pairs.join(';'));
  const features = await queryFeatures(ctx.db, ft, values, { limit: MAX_FEATURES });
  await sendJson(ctx.exchange, featureCollection(features));
}

export const wfsisland = pageModes({ '': wfsIsland });
