// One toggle row (SPEC.md §4 "Analysis/layer toggles", DESIGN.md §4): a layerToggle actor made
// through the recording factory. 'แสดง' validates the page's pickers with the row's rules
// (the first failing message is shown, nothing is fetched), then loads the layer (spinner,
// clicks ignored); 'ซ่อน' removes the layer and clears the row's result (chart, table,
// download flag). A failure reverts the row, is logged and clears the result, and the row says in
// Thai what failed and what to do, with 'ลองใหม่' when that can help (issue 23 item 3); so do
// failing map images of a shown WMS layer, and a load that found nothing in the chosen area. When
// the layer is removed elsewhere (the layer list) the row returns to inactive (LAYER_REMOVED).
import { useEffect, useId, useRef, useState } from 'react';
import type { LayerTemplate } from '../../../engine/types.ts';
import { buttonLabel, fromLoader, isBusy, isShown, layerToggleMachine } from '../../../machines/layerToggle.ts';
import { layerStore } from '../../../map/layerStore.ts';
import { th } from '../../../locale/th.ts';
import { useConfig } from '../../../state/config.tsx';
import { useTraceableActor } from '../../../machines/useTraceableActor.ts';
import { liveReload } from '../../topic/liveReload.ts';
import { requestKey } from '../../topic/reloadOnPickers.ts';
import { setRowResult } from '../../topic/rowResults.ts';
import { boundsOption, useViewBounds } from '../../topic/useViewBounds.ts';
import { BOUNDS_VAR } from '../../../layers/viewBounds.ts';
import { actionContext, useVariantState, type VariantState } from '../../topic/variantState.tsx';
import { hideLayer, showLayer } from '../../topic/actions/layerActions.ts';
import { validationMessage } from '../../topic/actions/validate.ts';
import { rowDone } from '../../urlState/restore.ts';
import { setRowLayer } from '../../urlState/pageState.ts';
import { useRowRestore } from '../../urlState/pageRestore.ts';
import '../../topic/actions/sections.css';
import { failureText, type FailureText } from './failureText.ts';
import { FoundNothing, LoadFailure } from './LoadFailure.tsx';
import { useTileFailure } from './useTileFailure.ts';

interface ToggleRowProps {
  /** The row id: its result key (charts, downloads) and the machine's `row`. */
  rowId: string;
  label: string;
  template: LayerTemplate | undefined;
  /** Extra template variables, e.g. { year: '2567' }. */
  extraVars?: Readonly<Record<string, string>>;
  swatch?: string;
  swatchType?: 'line' | 'fill';
  /** Validation ids checked before showing. */
  validate?: readonly string[];
  /** Shows (or clears, with null) the section's validation message. */
  onMessage: (message: string | null) => void;
}

interface Latest {
  props: ToggleRowProps;
  state: VariantState;
  app: ReturnType<typeof useConfig>['app'];
  /** The template variables: the row's extra ones and, for a layer of the map's view, {bounds}. */
  vars: Readonly<Record<string, string>> | undefined;
}

export function ToggleRow(props: ToggleRowProps) {
  const { rowId, label, swatch, swatchType = 'fill' } = props;
  const { app } = useConfig();
  const state = useVariantState();
  const labelId = useId();
  const noteId = useId();
  const button = useRef<HTMLButtonElement>(null);
  // A layer of the map's view (its type's `viewBounds`) follows the map: its bounds are a variable.
  const bounds = boundsOption(props.template);
  const view = useViewBounds(bounds);
  const vars = view === undefined ? props.extraVars : { ...props.extraVars, [BOUNDS_VAR]: view };
  const latest = useRef<Latest>({ props, state, app, vars });
  latest.current = { props, state, app, vars };
  /** The first failing validation of the row's pickers, or null. */
  const invalid = (): string | null => {
    const { props: p, state: s } = latest.current;
    return validationMessage(s.variant.validations, p.validate, s.values);
  };
  /** Why the row cannot be shown now: a failing validation, or a map zoomed out too far. */
  const blocked = (): string | null => invalid() ?? (bounds && !latest.current.vars?.[BOUNDS_VAR] ? bounds.message : null);
  // Says (or clears) why; the zoom-in message goes once the map is zoomed in, as it is answered.
  const zoomSaid = useRef(false);
  const say = (message: string | null) => {
    zoomSaid.current = !!bounds && message === bounds.message;
    latest.current.props.onMessage(message);
  };
  useEffect(() => {
    if (view && zoomSaid.current) say(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new view answers the message
  }, [view]);
  // The layer this row put in the store (null when none).
  const added = useRef<string | null>(null);
  // Shown from a link (issue 11): the map keeps the link's view; the restore hears the outcome.
  const restoring = useRef(false);
  // A live reload keeps the map where the user put it.
  const keepView = useRef(false);
  // What the shown layer was loaded with (reloadOnPickers.ts): a new request reloads it.
  const loadedRequest = useRef('');
  const forget = (id: string | null) => id && setRowLayer(latest.current.state.pageKey, id, null);
  // What the last failed load says on the row (the machine keeps its message until the next try).
  const failure = useRef<FailureText | null>(null);

  const [machine] = useState(() =>
    layerToggleMachine.provide({
      actors: {
        load: fromLoader(async ({ signal }) => {
          const { props: p, state: s, app: a, vars: v } = latest.current;
          if (!p.template) throw new Error(`row "${p.rowId}" has no layer template`);
          loadedRequest.current = requestKey(p.template, { app: a, values: s.values, vars: v ?? {} });
          const fromLink = restoring.current;
          restoring.current = false;
          const keep = keepView.current;
          keepView.current = false;
          try {
            const result = await showLayer(p.template, actionContext(s, a), {
              rowId: p.rowId,
              ...(v ? { extraVars: v } : {}),
              ...(fromLink || keep ? { fit: false } : {}),
              signal,
              onAdded: (id) => {
                added.current = id;
                setRowLayer(s.pageKey, id, p.rowId);
              },
            });
            if (fromLink) rowDone(p.rowId);
            return { featureCount: result.featureCount };
          } catch (error) {
            if (fromLink) rowDone(p.rowId, `rows: ${p.rowId}`);
            failure.current = failureText('layer', error);
            throw error;
          }
        }),
      },
      actions: {
        hide: () => {
          const id = added.current;
          added.current = null;
          forget(id);
          hideLayer(id, latest.current.props.rowId);
        },
        failed: (_, { message }) => {
          console.warn(`row "${latest.current.props.rowId}" failed to load: ${message}`);
          const id = added.current;
          added.current = null;
          forget(id);
          hideLayer(id, latest.current.props.rowId);
        },
      },
    }),
  );
  const [snapshot, actor] = useTraceableActor(machine, { row: rowId });

  // The layer went away elsewhere (layer list): the row follows, its result goes too.
  useEffect(
    () =>
      layerStore.subscribe(() => {
        const id = added.current;
        if (id && !layerStore.get().layers.some((l) => l.id === id)) {
          added.current = null;
          forget(id);
          setRowResult(latest.current.props.rowId, null);
          actor.send({ type: 'LAYER_REMOVED' });
        }
      }),
    [actor],
  );

  useRowRestore(state.pageKey, rowId, () => {
    const message = snapshot.value === 'inactive' ? blocked() : 'shown';
    if (message) return rowDone(rowId, `rows: ${rowId}`);
    restoring.current = true;
    actor.send({ type: 'TOGGLE' });
  });

  // A shown layer follows its request (issue 23): when the pickers it uses (the year, the
  // province, the period) or the map's view (`bounds`) change what it would ask for, it is hidden
  // and shown again once the changes have paused (app.delays.liveReloadMs, debounced: quick
  // changes send one request), its chart following; a `live` layer (routerpoints) keeps the map
  // view, others fit as their template says. Pickers that no longer validate (a period momentarily
  // reversed) leave it shown as it was loaded, with the message, until they are valid again (issue
  // 24 item 7); a map zoomed out too far hides it until the map is zoomed in again.
  const live = props.template?.live === true;
  const request = props.template ? requestKey(props.template, { app, values: state.values, vars: vars ?? {} }) : '';
  // Hidden by a zoom-out (the map's view too wide): shown again, without a click, once zoomed in.
  const hiddenByZoom = useRef(false);
  const [reloader] = useState(() =>
    liveReload(app.delays.liveReloadMs, () => {
      const value = actor.getSnapshot().value;
      if (value === 'loading') return false;
      if (value !== 'active' && !(value === 'inactive' && hiddenByZoom.current)) return true;
      const why = value === 'active' ? invalid() : null;
      if (why) {
        say(`${why} ${th.validation.layerKept}`);
        return true;
      }
      if (value === 'active') actor.send({ type: 'TOGGLE' });
      const message = blocked();
      say(message);
      hiddenByZoom.current = !!bounds && message === bounds.message;
      if (message) return true;
      keepView.current = live;
      actor.send({ type: 'TOGGLE' });
      return true;
    }),
  );
  useEffect(() => () => reloader.cancel(), [reloader]);
  useEffect(() => {
    // Back to what is shown (a year picked and picked back): nothing to reload.
    if (request === loadedRequest.current && !hiddenByZoom.current) {
      reloader.cancel();
      return;
    }
    if (actor.getSnapshot().value === 'inactive' && !hiddenByZoom.current) return;
    reloader.changed();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the request reloads
  }, [request]);

  const busy = isBusy(snapshot);
  const shown = isShown(snapshot);
  const text = buttonLabel(snapshot);
  const tiles = useTileFailure(() => added.current, shown);
  const loadFailure = snapshot.value === 'inactive' && snapshot.context.error ? failure.current : null;
  const found = shown && snapshot.context.result?.empty === true;
  const onClick = () => {
    hiddenByZoom.current = false; // the user decides from here
    if (snapshot.value === 'inactive') {
      const message = blocked();
      say(message);
      if (message) return;
    }
    actor.send({ type: 'TOGGLE' });
  };
  // The note's button goes with the note: the row's own button takes the focus.
  const retryLoad = () => {
    button.current?.focus();
    onClick();
  };

  // The note goes in a list item of its own under the row (the row keeps one button).
  const note = loadFailure ? (
    <LoadFailure id={noteId} failure={loadFailure} onRetry={retryLoad} />
  ) : shown && tiles.failure ? (
    <LoadFailure id={noteId} failure={tiles.failure} onRetry={tiles.retry} />
  ) : found ? (
    <FoundNothing id={noteId} />
  ) : null;

  return (
    <>
      <li className="toggle-row" data-row={rowId} data-state={String(snapshot.value)}>
        {swatch && <span className={`swatch swatch-${swatchType}`} style={{ ['--swatch' as string]: swatch }} aria-hidden />}
        <span className="toggle-row-label" id={labelId}>
          {label}
        </span>
        <button
          ref={button}
          type="button"
          className={shown ? 'primary' : ''}
          aria-pressed={shown}
          aria-busy={busy}
          aria-describedby={note ? `${labelId} ${noteId}` : labelId}
          onClick={onClick}
        >
          {busy && <span className="spinner spinner-dark" aria-hidden />}
          {text}
        </button>
      </li>
      {note && (
        <li className="toggle-row-note" data-note-for={rowId}>
          {note}
        </li>
      )}
    </>
  );
}
