/** A date in the Thai locale with the Buddhist-era year (SPEC.md §9), e.g. '25 พฤศจิกายน 2569'. */
export function thaiDate(date: Date): string {
  return new Intl.DateTimeFormat('th-TH-u-ca-buddhist', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}
