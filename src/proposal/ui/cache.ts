// SPEC.md §4: the proposal form is saved to local storage under coastal_project_form_cache on every
// change and restored on load: the form data (with the map image, a data URL in `mapImage`) and the
// step, so a reload at any step loses nothing. Pure helpers over a Storage-like object.

export const CACHE_KEY = 'coastal_project_form_cache';
const VERSION = 1;

type FormData = Record<string, unknown>;

export interface CachedForm {
  /** The form's config id ('proposal'): a cache of another form is ignored. */
  formId: string;
  /** 1..3 */
  step: number;
  data: FormData;
}

/** What is stored: the cached form plus a version and the time of the save. */
interface StoredForm extends CachedForm {
  version: number;
  savedAt: string;
}

/** The part of Web Storage these helpers use (window.localStorage, or a Map in tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

type SaveResult =
  | { ok: true; withoutImage?: false }
  /** The whole form did not fit; it was saved without the map image. */
  | { ok: true; withoutImage: true; error: string }
  | { ok: false; error: string };

export function serialiseForm(form: CachedForm, now: Date = new Date()): string {
  const stored: StoredForm = { version: VERSION, formId: form.formId, step: form.step, data: form.data, savedAt: now.toISOString() };
  return JSON.stringify(stored);
}

/** The cached form a stored string holds, or null for anything else (another form, an old
 *  version, broken JSON). The step is clamped to 1..3. */
export function parseForm(text: string | null, formId: string): CachedForm | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.version !== VERSION || value.formId !== formId || !isRecord(value.data)) return null;
  const step = typeof value.step === 'number' && Number.isFinite(value.step) ? Math.min(3, Math.max(1, Math.round(value.step))) : 1;
  return { formId, step, data: value.data };
}

/** Reads the cached form; a storage that cannot be read (privacy mode) counts as empty. */
export function loadForm(storage: StorageLike | null | undefined, formId: string): CachedForm | null {
  if (!storage) return null;
  try {
    return parseForm(storage.getItem(CACHE_KEY), formId);
  } catch {
    return null;
  }
}

/**
 * Saves the form; never throws. When the storage is full (a quota error, most likely a large map
 * image), it saves the form without the image so the typed answers survive, and says so; when even
 * that fails the old cache is left as it was.
 */
export function saveForm(storage: StorageLike | null | undefined, form: CachedForm, now: Date = new Date()): SaveResult {
  if (!storage) return { ok: false, error: 'no storage' };
  try {
    storage.setItem(CACHE_KEY, serialiseForm(form, now));
    return { ok: true };
  } catch (error) {
    const message = errorText(error);
    if (typeof form.data.mapImage !== 'string') return { ok: false, error: message };
    const { mapImage: _dropped, ...rest } = form.data;
    try {
      storage.setItem(CACHE_KEY, serialiseForm({ ...form, data: rest }, now));
      return { ok: true, withoutImage: true, error: message };
    } catch (again) {
      return { ok: false, error: errorText(again) };
    }
  }
}

export function clearForm(storage: StorageLike | null | undefined): void {
  try {
    storage?.removeItem(CACHE_KEY);
  } catch {
    // nothing to clear
  }
}

/** window.localStorage when it can be used, else null (it throws in some privacy modes). */
export function browserStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
