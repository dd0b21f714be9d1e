// A section's validation message (SPEC.md §5): shown in the card (role=alert) until a picker
// changes, since the new choice answers it. Shared by the addLayer, rows and yearLayers sections.
// One message at a time on a page (issue 11): a section's new message hides the others'.
import { useId, useState } from 'react';
import type { PickerValues } from '../../../engine/options.ts';
import { refValue } from '../../../engine/options.ts';
import { createStore, useStore } from '../../../state/store.ts';

/** The section whose message shows. */
const shownStore = createStore<{ owner: string | null }>({ owner: null });

/** A key that changes whenever any picker value changes. */
function useValuesKey(values: PickerValues): string {
  return Object.keys(values)
    .sort()
    .map((k) => `${k}=${refValue(values, k) ?? ''}`)
    .join('&');
}

/**
 * A section's validation message, shown until a picker changes (the new choice answers it):
 * kept with the picker values it was about, hidden as soon as they differ.
 */
export function useActionMessage(values: PickerValues): [string | null, (message: string | null) => void] {
  const key = useValuesKey(values);
  const id = useId();
  const shown = useStore(shownStore, (s) => s.owner === id);
  const [state, setState] = useState<{ message: string | null; key: string }>({ message: null, key });
  return [
    shown && state.key === key ? state.message : null,
    (message) => {
      setState({ message, key });
      if (message) shownStore.set({ owner: id });
    },
  ];
}

/** The section's validation message (role=alert), or nothing. */
export function ActionAlert({ message }: { message: string | null }) {
  return message ? (
    <p className="action-alert" role="alert">
      {message}
    </p>
  ) : null;
}
