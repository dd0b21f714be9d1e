import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { geodesicArea, geodesicLength, geodesicPerimeter } from '../engine/geodesic.ts';
import type { LngLat } from '../engine/geodesic.ts';
import { formatCoordDecimal, formatCoordDMS } from '../engine/units.ts';

/** SPEC.md §2 Measure control, §3 Measure and Measurement result, §4 Measure, §9 units.
 *
 *    notStarted --START ('สร้างการวัดใหม่')--> started.noPoints --ADD_POINT--> started.points
 *    started.points --ADD_POINT--> started.points (ignored when equal to the last point)
 *    started.points --FINISH ('เสร็จ' or double-click)--> finished (runs `measureFinish`)
 *    started.noPoints --FINISH--> back where it came from (nothing to finish)
 *    started --CANCEL ('ยกเลิก')--> finished when an earlier result is still drawn, else notStarted
 *    finished --START--> started.noPoints (the earlier result stays drawn until replaced or deleted)
 *    any --DELETE ('ลบ')--> the drawn result is removed (finished -> notStarted)
 *
 *  Entering `started` runs `measureStart` (the UI fires 'measurestart' on the map and stops map
 *  clicks from opening the feature drawer); leaving it by FINISH runs `measureFinish` (params
 *  `{ result }`: 'measurefinish'), by CANCEL `measureCancel`. Both exits clear the working points.
 *  Mode is 'line' with fewer than 3 points and 'polygon' from 3 (more than 2 points close it). */

type MeasureMode = 'line' | 'polygon';

/** SPEC.md §3 Measurement result. Lengths in metres, areas in square metres. */
export interface Measurement {
  pointCount: number;
  points: Array<[number, number]>;
  /** The last point: decimal degrees (6 places, 'lat, lng') and DMS. */
  lastCoord: { lng: number; lat: number; decimal: string; dms: string };
  mode: MeasureMode;
  /** Path length with 2 or more points; with 3 or more the closed ring's perimeter ('รวมขอบ'). */
  length: number | null;
  /** Area with 3 or more points. */
  area: number | null;
}

interface MeasureContext {
  /** The working points while started, [lng, lat]. */
  points: Array<[number, number]>;
  /** Derived from `points`: null with no points. */
  current: Measurement | null;
  /** The finished (drawn) result, until deleted or replaced by the next finish. */
  result: Measurement | null;
}

export type MeasureEvent =
  | { type: 'START' }
  | { type: 'ADD_POINT'; lng: number; lat: number }
  | { type: 'FINISH' }
  | { type: 'CANCEL' }
  | { type: 'DELETE' };

/** SPEC.md §3 Measurement result for the points, or null for none. */
export function measurementOf(points: readonly LngLat[]): Measurement | null {
  const last = points.at(-1);
  if (!last) return null;
  const [lng, lat] = last;
  const mode: MeasureMode = points.length >= 3 ? 'polygon' : 'line';
  return {
    pointCount: points.length,
    points: points.map(([x, y]) => [x, y]),
    lastCoord: { lng, lat, decimal: formatCoordDecimal(lat, lng), dms: formatCoordDMS(lat, lng) },
    mode,
    length: points.length < 2 ? null : mode === 'polygon' ? geodesicPerimeter(points) : geodesicLength(points),
    area: mode === 'polygon' ? geodesicArea(points) : null,
  };
}

export const measureMachine = setup({
  types: {
    context: {} as MeasureContext,
    events: {} as MeasureEvent,
  },
  guards: {
    isNewPoint: ({ context, event }) => {
      if (event.type !== 'ADD_POINT' || !Number.isFinite(event.lng) || !Number.isFinite(event.lat)) return false;
      const last = context.points.at(-1);
      return !last || last[0] !== event.lng || last[1] !== event.lat;
    },
    hasResult: ({ context }) => context.result !== null,
  },
  actions: {
    addPoint: assign(({ context, event }) => {
      if (event.type !== 'ADD_POINT') return {};
      const points: Array<[number, number]> = [...context.points, [event.lng, event.lat]];
      return { points, current: measurementOf(points) };
    }),
    finishResult: assign(({ context }) => ({ result: measurementOf(context.points) })),
    clearWorking: assign({ points: [], current: null }),
    deleteResult: assign({ result: null }),
    // Caller hooks; no-ops here, never run during replay.
    measureStart: () => {},
    measureFinish: (_, _params: { result: Measurement | null }) => {},
    measureCancel: () => {},
    resultDeleted: () => {},
  },
}).createMachine({
  id: 'measureTool',
  context: { points: [], current: null, result: null },
  initial: 'notStarted',
  states: {
    notStarted: {
      on: { START: 'started' },
    },
    started: {
      entry: ['clearWorking', 'measureStart'],
      initial: 'noPoints',
      states: {
        noPoints: {
          on: { ADD_POINT: { guard: 'isNewPoint', target: 'points', actions: 'addPoint' } },
        },
        points: {
          on: {
            ADD_POINT: { guard: 'isNewPoint', actions: 'addPoint' },
            FINISH: {
              target: '#measureTool.finished',
              actions: ['finishResult', { type: 'measureFinish', params: ({ context }) => ({ result: measurementOf(context.points) }) }, 'clearWorking'],
            },
          },
        },
      },
      on: {
        FINISH: [
          { guard: 'hasResult', target: 'finished', actions: ['clearWorking', 'measureCancel'] },
          { target: 'notStarted', actions: ['clearWorking', 'measureCancel'] },
        ],
        CANCEL: [
          { guard: 'hasResult', target: 'finished', actions: ['clearWorking', 'measureCancel'] },
          { target: 'notStarted', actions: ['clearWorking', 'measureCancel'] },
        ],
        DELETE: { guard: 'hasResult', actions: ['deleteResult', 'resultDeleted'] },
      },
    },
    finished: {
      on: {
        START: 'started',
        DELETE: { target: 'notStarted', actions: ['deleteResult', 'resultDeleted'] },
      },
    },
  },
});

export type MeasureSnapshot = SnapshotFrom<typeof measureMachine>;

/** The phase as SPEC.md §4 names it. */
export function measurePhase(snapshot: MeasureSnapshot): 'notStarted' | 'noPoints' | 'points' | 'finished' {
  if (snapshot.matches({ started: 'noPoints' })) return 'noPoints';
  if (snapshot.matches({ started: 'points' })) return 'points';
  return snapshot.matches('finished') ? 'finished' : 'notStarted';
}
