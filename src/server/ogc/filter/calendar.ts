// Calendar-exact ISO 8601 dates and date-times for filter literals: '2023-02-29', '2024-04-31',
// '0000-01-01' or '2024-01-01T24:00' are not dates, and must be a 400 here rather than a
// PostgreSQL error (a 500) later. Accepted: YYYY-MM-DD with an optional time (T or space)
// HH:MM[:SS[.fraction]] and an optional zone Z or +-HH[[:]MM]; years 0001-9999 (proleptic
// Gregorian, as PostgreSQL), hours 00-23, minutes and seconds 00-59, zones up to +-14:00.

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when `text` is an existing calendar date, optionally with a valid time and zone. */
export function isCalendarDate(text: string): boolean {
  const m = ISO_RE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59)) return false;
  if (m[6] !== undefined && Number(m[6]) > 59) return false;
  if (m[8] !== undefined) {
    const minutes = Number(m[8]) * 60 + Number(m[9] ?? 0);
    if (Number(m[9] ?? 0) > 59 || minutes > 14 * 60) return false;
  }
  return true;
}
