// Router parameters (SPEC.md §7): one value per name, every value validated before it reaches SQL,
// and then only ever bound as a parameter. A bad or missing value is a RouterError (4xx) whose
// message is plain text for `{errors: '<message>', data: []}`.

export class RouterError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const bad = (message: string): RouterError => new RouterError(400, message);

/** Longest accepted value of any single parameter (the proxy's wms URL is the long one). */
const MAX_VALUE_LENGTH = 4096;
/** Thai names (island, ap_tn, pv_tn, ...): at most this many characters. */
const MAX_NAME_LENGTH = 100;
/** Comma-separated code lists (a multiselect picker, e.g. the lake provinces "90,93"). */
const MAX_LIST_ITEMS = 20;
const YEAR_MIN = 2400;
const YEAR_MAX = 2700;

/**
 * A place name: Thai letters and marks, Latin letters, digits, space and . - ( ) / _ — nothing
 * that quotes, comments or separates in SQL, CQL or viewparams, and no control or bidi characters.
 */
const NAME = /^[\u0E00-\u0E7FA-Za-z0-9 .()/_-]+$/;
/** Beach system codes: T1, T1-01, T1-01-02 in the sample; real data may differ a little. */
const BEACH_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/;

const LEVEL_WORD: Record<number, string> = { 2: 'province', 4: 'district', 6: 'sub-district' };

/** Checks a Thai name; `what` names it in the message. */
export function checkName(value: string, what: string): string {
  const length = [...value].length;
  if (length > MAX_NAME_LENGTH) throw bad(`${what} must be at most ${MAX_NAME_LENGTH} characters`);
  if (!NAME.test(value)) throw bad(`${what} may hold only Thai or Latin letters, digits, spaces and . - ( ) / _`);
  return value;
}

export class RouterParams {
  private constructor(private readonly values: ReadonlyMap<string, string>) {}

  /**
   * Query and form parameters. Names are case-insensitive (typeName = TYPENAME); a name given
   * twice is refused rather than guessed at, and so is any over-long value.
   */
  static from(entries: Iterable<readonly [string, string]>): RouterParams {
    const values = new Map<string, string>();
    for (const [rawKey, value] of entries) {
      const key = rawKey.toLowerCase();
      if (key.length > 64) throw bad('parameter name too long');
      if (values.has(key)) throw bad(`parameter ${/^[a-z0-9_-]+$/.test(key) ? key : '(name)'} is given more than once`);
      if (value.length > MAX_VALUE_LENGTH) throw new RouterError(414, `parameter ${/^[a-z0-9_-]+$/.test(key) ? key : '(name)'} is too long`);
      values.set(key, value);
    }
    return new RouterParams(values);
  }

  /** Every parameter as [lower-case name, value], sorted by name: the same question in any order. */
  entries(): Array<[string, string]> {
    return [...this.values].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The raw value of the first of `keys` present; empty counts as absent. */
  get(...keys: string[]): string | undefined {
    for (const key of keys) {
      const value = this.values.get(key.toLowerCase());
      if (value !== undefined && value !== '') return value;
    }
    return undefined;
  }

  require(key: string, ...aliases: string[]): string {
    const value = this.get(key, ...aliases);
    if (value === undefined) throw bad(`missing parameter ${key}`);
    return value;
  }

  /** One of a fixed set of words (page, mode, list, ...). */
  oneOf<T extends string>(key: string, allowed: readonly T[], required: true): T;
  oneOf<T extends string>(key: string, allowed: readonly T[], required?: boolean): T | undefined;
  oneOf<T extends string>(key: string, allowed: readonly T[], required = false): T | undefined {
    const value = required ? this.require(key) : this.get(key);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) throw bad(`${key} must be one of ${allowed.join(', ')}`);
    return value as T;
  }

  /** An administrative code of exactly `digits` digits (province 2, district 4, sub-district 6). */
  code(keys: string | readonly string[], digits: 2 | 4 | 6, required = false): string | undefined {
    const names = typeof keys === 'string' ? [keys] : keys;
    const value = required ? this.require(names[0]!, ...names.slice(1)) : this.get(...names);
    if (value === undefined) return undefined;
    if (!new RegExp(`^[0-9]{${digits}}$`).test(value)) throw bad(`${names[0]} must be a ${digits}-digit ${LEVEL_WORD[digits]} code`);
    return value;
  }

  /** One code or a comma-separated list of them ("90,93"), without duplicates. */
  codeList(key: string, digits: 2 | 4 | 6, required = false): string[] | undefined {
    const value = required ? this.require(key) : this.get(key);
    if (value === undefined) return undefined;
    const items = value.split(',');
    if (items.length > MAX_LIST_ITEMS) throw bad(`${key} lists more than ${MAX_LIST_ITEMS} codes`);
    for (const item of items) {
      if (!new RegExp(`^[0-9]{${digits}}$`).test(item)) throw bad(`${key} must be ${digits}-digit ${LEVEL_WORD[digits]} codes separated by commas`);
    }
    return [...new Set(items)];
  }

  /** A Buddhist-era year, 2400-2700. */
  year(key: string, required = false): number | undefined {
    const value = required ? this.require(key) : this.get(key);
    if (value === undefined) return undefined;
    const year = /^[0-9]{4}$/.test(value) ? Number(value) : NaN;
    if (!(year >= YEAR_MIN && year <= YEAR_MAX)) throw bad(`${key} must be a year from ${YEAR_MIN} to ${YEAR_MAX}`);
    return year;
  }

  /** A Thai place name (island, ap_tn, pv_tn), at most 100 characters. */
  name(key: string, required = false): string | undefined {
    const value = required ? this.require(key) : this.get(key);
    return value === undefined ? undefined : checkName(value, key);
  }

  /** A beach system code (code_b_m, code_b_c, code_b_s). */
  beachCode(key: string, required = false): string | undefined {
    const value = required ? this.require(key) : this.get(key);
    if (value === undefined) return undefined;
    if (!BEACH_CODE.test(value)) throw bad(`${key} must be a beach system code such as T1, T1-01 or T1-01-01`);
    return value;
  }
}
