// The vega libraries, loaded on demand: only imported through `import('./embed.ts')` so that they
// form their own chunk and the initial JS of a page does not carry them.
import embed from 'vega-embed';

export { embed };
