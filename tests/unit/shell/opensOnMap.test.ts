// Issue 29 aim 4: main.tsx waits for the map view chunk only when the page opens on a map-layout
// topic (ui/shell/mapViewChunk.ts opensOnMap); a project page or an unknown path renders at once.
import { describe, expect, it } from 'vitest';
import { opensOnMap } from '../../../src/ui/shell/mapViewChunk.ts';
import { realBundle } from '../actions/helpers.ts';

const bundle = await realBundle();
const mapTopic = bundle.topics.find((t) => t.layout === 'map')!;
const projectTopic = bundle.topics.find((t) => t.layout === 'project')!;
const base = bundle.app.basePath.replace(/\/+$/, '');

describe('opensOnMap (config/: basePath, topics and their layout)', () => {
  it('is true for a map-layout topic, its variants and the base path (the default route)', () => {
    expect(opensOnMap(bundle, `${base}/${mapTopic.route}`)).toBe(true);
    expect(opensOnMap(bundle, `${base}/${mapTopic.route}/island`)).toBe(true);
    const defaultRoute = bundle.app.defaultRoute ?? bundle.topics[0]!.route;
    const defaultIsMap = bundle.topics.find((t) => t.route === defaultRoute)?.layout === 'map';
    expect(opensOnMap(bundle, base)).toBe(defaultIsMap);
    expect(opensOnMap(bundle, `${base}/`)).toBe(defaultIsMap);
  });

  it('is false for a project page, an unknown path and a path outside the base path', () => {
    expect(opensOnMap(bundle, `${base}/${projectTopic.route}`)).toBe(false);
    expect(opensOnMap(bundle, `${base}/no-such-topic`)).toBe(false);
    expect(opensOnMap(bundle, `/elsewhere/${mapTopic.route}`)).toBe(false);
    expect(opensOnMap(bundle, `${base}x/${mapTopic.route}`)).toBe(false);
  });
});
