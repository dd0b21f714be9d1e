// The place search box of the top menu (issue 11 item 2): a WAI-ARIA 1.2 combobox (editable,
// list autocomplete) over the router's page=search. Typing asks again after a pause; Down/Up
// open the list and move the active option (focus stays in the box, aria-activedescendant names
// the option), Enter takes it, moves the map there and marks it, Escape closes the list or else
// clears. A new search clears the mark (issue 24 item 8).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { thPlaceSearch as t } from '../../locale/placeSearch.ts';
import { useConfig } from '../../state/config.tsx';
import { findPlaces, goToPlace, placeDetail, searchable, type Place } from './places.ts';
import { clearPlaceMark } from './placeMarker.ts';
import './placeSearch.css';

/** Pause after the last key before asking: one request per word typed, not per letter. */
const SEARCH_DEBOUNCE_MS = 250;

type Status = 'idle' | 'loading' | 'done' | 'error';

export function PlaceSearch() {
  const { app } = useConfig();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const [text, setText] = useState('');
  // What the user typed last: choosing a place writes its name in the box without a new search.
  const [query, setQuery] = useState('');
  const [places, setPlaces] = useState<Place[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);

  useEffect(() => {
    const ask = ++latest.current;
    const q = query.trim();
    if (!searchable(q)) {
      setPlaces([]);
      setStatus('idle');
      return;
    }
    setStatus('loading');
    const timer = setTimeout(() => {
      findPlaces(app, q).then(
        (found) => {
          if (ask !== latest.current) return; // a newer query is on its way
          setPlaces(found);
          setActive(-1);
          setStatus('done');
        },
        (error: unknown) => {
          if (ask !== latest.current) return;
          console.warn('place search failed', error);
          setPlaces([]);
          setStatus('error');
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [app, query]);

  const expanded = open && places.length > 0;
  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const choose = (place: Place) => {
    setText(place.name);
    setOpen(false);
    setActive(-1);
    goToPlace(app, place);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = places.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (n === 0) return;
      e.preventDefault();
      const down = e.key === 'ArrowDown';
      setOpen(true);
      setActive(!expanded || active < 0 ? (down ? 0 : n - 1) : (active + (down ? 1 : n - 1)) % n);
    } else if (e.key === 'Enter') {
      if (!expanded) return;
      e.preventDefault();
      choose(places[Math.max(active, 0)]!);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (expanded) {
        setOpen(false);
        setActive(-1);
      } else {
        setText('');
        setQuery('');
      }
    }
  };

  const message = status === 'loading' ? t.searching : status === 'error' ? t.failed : status === 'done' ? (places.length ? t.count(places.length) : t.none) : '';
  const note = open && (status === 'error' || (status === 'done' && places.length === 0)) ? message : '';

  return (
    <div className="place-search">
      <input
        type="text"
        role="combobox"
        aria-label={t.label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={t.placeholder}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setQuery(e.target.value);
          clearPlaceMark();
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={t.results} className="place-search-list" hidden={!expanded}>
        {places.map((place, i) => (
          <li
            key={`${place.kind}:${place.code}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            data-kind={place.kind}
            // Keep the focus in the box, so the list does not close before the click lands.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(place)}
          >
            <span className="place-search-name">{place.name}</span>
            <span className="place-search-detail">{placeDetail(place)}</span>
          </li>
        ))}
      </ul>
      {note && (
        <p className="place-search-note" aria-hidden>
          {note}
        </p>
      )}
      <p className="sr-only" role="status">
        {open ? message : ''}
      </p>
    </div>
  );
}
