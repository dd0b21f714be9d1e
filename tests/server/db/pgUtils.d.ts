// node-postgres's parameter encoder, which its package ships without types; the parameter tests
// hold PGlite's encoder (src/server/db/pgliteQuery.ts) against it.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
