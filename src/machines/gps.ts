import { assign, fromCallback, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { th } from '../locale/th.ts';

/** SPEC.md §2 GPS toggle, §4 GPS, §8 GPS error, §9 GPS constants.
 *
 *    inactive --TOGGLE--> active (runs `started`; the `watch` actor watches the position)
 *    active --LOCATION--> active (stores the fix; runs `located`)
 *    active --TOGGLE--> inactive (runs `stopped`; the watch is cleared)
 *    active --ERROR--> inactive (stores the message; runs `failed`, then `stopped`)
 *
 *  The default `watch` actor uses navigator.geolocation.watchPosition with GPS_OPTIONS; a browser
 *  without geolocation answers ERROR with GEOLOCATION_UNSUPPORTED. Tests and replay provide
 *  their own (replay never starts actors' side effects beyond this callback, which is inert
 *  without a browser). */

/** SPEC.md §9: high accuracy, max age 10000 ms, timeout 10000 ms. */
export const GPS_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 10_000, timeout: 10_000 };
/** The GPS position marker is a circle of radius 5 px (SPEC.md §9). */
export const GPS_MARKER_RADIUS = 5;
export const GEOLOCATION_UNSUPPORTED = th.gps.unsupported;

interface GpsFix {
  lat: number;
  lng: number;
  /** Metres. */
  accuracy: number;
}

interface GpsContext {
  /** The last fix while active; null before the first fix and when inactive. */
  position: GpsFix | null;
  /** The last error message, kept until the next TOGGLE. */
  error: string | null;
}

export type GpsEvent =
  | { type: 'TOGGLE' }
  | ({ type: 'LOCATION' } & GpsFix)
  | { type: 'ERROR'; message: string };

/** Why the position could not be had, in Thai with what to do (issue 24): the browser's own
 *  message ('User denied Geolocation') is English. Codes of GeolocationPositionError. */
export function gpsErrorText(error: Pick<GeolocationPositionError, 'code'>): string {
  if (error.code === 1) return th.gps.denied;
  if (error.code === 3) return th.gps.timeout(Math.round((GPS_OPTIONS.timeout ?? 0) / 1000));
  return th.gps.unavailable;
}

/** Watches the browser's position, sending LOCATION and ERROR back; clears the watch on stop. */
const watchBrowserPosition = fromCallback<GpsEvent>(({ sendBack }) => {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geolocation) {
    sendBack({ type: 'ERROR', message: GEOLOCATION_UNSUPPORTED });
    return;
  }
  const id = geolocation.watchPosition(
    ({ coords }) => sendBack({ type: 'LOCATION', lat: coords.latitude, lng: coords.longitude, accuracy: coords.accuracy }),
    (error) => sendBack({ type: 'ERROR', message: gpsErrorText(error) }),
    GPS_OPTIONS,
  );
  return () => geolocation.clearWatch(id);
});

export const gpsMachine = setup({
  types: {
    context: {} as GpsContext,
    events: {} as GpsEvent,
  },
  actors: { watch: watchBrowserPosition },
  actions: {
    storeFix: assign(({ event }) =>
      event.type === 'LOCATION' ? { position: { lat: event.lat, lng: event.lng, accuracy: event.accuracy }, error: null } : {},
    ),
    storeError: assign(({ event }) => (event.type === 'ERROR' ? { position: null, error: event.message } : {})),
    forget: assign({ position: null, error: null }),
    // Caller hooks (fire gps:* on the map, draw the marker); no-ops here.
    started: () => {},
    stopped: () => {},
    located: (_, _params: { fix: GpsFix }) => {},
    failed: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'gps',
  context: { position: null, error: null },
  initial: 'inactive',
  states: {
    inactive: {
      on: { TOGGLE: { target: 'active', actions: 'forget' } },
    },
    active: {
      entry: 'started',
      invoke: { src: 'watch', id: 'watch' },
      on: {
        TOGGLE: { target: 'inactive', actions: ['forget', 'stopped'] },
        LOCATION: {
          actions: [
            'storeFix',
            { type: 'located', params: ({ event }) => ({ fix: { lat: event.lat, lng: event.lng, accuracy: event.accuracy } }) },
          ],
        },
        ERROR: {
          target: 'inactive',
          actions: ['storeError', { type: 'failed', params: ({ event }) => ({ message: event.message }) }, 'stopped'],
        },
      },
    },
  },
});

export type GpsSnapshot = SnapshotFrom<typeof gpsMachine>;
