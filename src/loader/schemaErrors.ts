// Turns ajv's errors into one plain sentence per mistake, at the right line of the file.
// oneOf failures are reduced to the branch the author evidently meant (or one clear sentence).
import type { ErrorObject } from 'ajv';
import type { ConfigError, JsonPath } from '../engine/errors.ts';
import type { SourceDocument } from './readDocument.ts';
import { closestName } from './similar.ts';

export function schemaErrors(errors: ErrorObject[], doc: SourceDocument): ConfigError[] {
  const kept = dropMisspeltRequired(reduceOneOf(errors.filter((e) => e.keyword !== 'if')));
  const out = new Map<string, ConfigError>();
  for (const e of kept) {
    const err = toConfigError(e, doc);
    const key = `${err.line}:${err.column}:${err.path}:${err.message}`;
    if (!out.has(key)) out.set(key, err);
  }
  return [...out.values()];
}

/** `lable:` for `label:` is one mistake: keep "unknown property (did you mean "label"?)", drop "missing label". */
function dropMisspeltRequired(errors: ErrorObject[]): ErrorObject[] {
  const meant = new Set(errors.filter((e) => e.keyword === 'additionalProperties').map((e) => `${e.instancePath}\0${misspeltHint(e) ?? ''}`));
  return errors.filter((e) => !(e.keyword === 'required' && meant.has(`${e.instancePath}\0${String((e.params as { missingProperty?: unknown }).missingProperty)}`)));
}

function misspeltHint(e: ErrorObject): string | undefined {
  const known = Object.keys(((e.parentSchema as { properties?: object } | undefined)?.properties) ?? {}).filter((k) => k !== '$schema');
  return closestName(String((e.params as { additionalProperty?: unknown }).additionalProperty), known);
}

function pathOf(instancePath: string): Array<string | number> {
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function under(e: ErrorObject, base: ErrorObject): boolean {
  return e.instancePath === base.instancePath || e.instancePath.startsWith(`${base.instancePath}/`);
}

function reduceOneOf(errors: ErrorObject[]): ErrorObject[] {
  let result = errors;
  const oneOfs = errors.filter((e) => e.keyword === 'oneOf').sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const o of oneOfs) {
    if (!result.includes(o)) continue;
    const branchSchemas = ((o.parentSchema as { oneOf?: Array<{ $ref?: string }> } | undefined)?.oneOf ?? []);
    const byBranch: ErrorObject[][] = branchSchemas.map(() => []);
    const loose: ErrorObject[] = [];
    const unplaced: ErrorObject[] = [];
    for (const e of result) {
      if (e === o || !under(e, o)) continue;
      const m = e.schemaPath.startsWith(`${o.schemaPath}/`) ? /^(\d+)\//.exec(e.schemaPath.slice(o.schemaPath.length + 1)) : null;
      if (m) byBranch[Number(m[1])]?.push(e);
      else {
        unplaced.push(e);
        if (e.instancePath !== o.instancePath) loose.push(e);
      }
    }
    // Errors of a branch that is a bare $ref to another schema carry that schema's own paths
    // (`#/required`); when one such branch exists, the errors nobody else claims are its.
    const refBranches = branchSchemas.flatMap((b, i) => (b.$ref !== undefined && Object.keys(b).length === 1 && byBranch[i]?.length === 0 ? [i] : []));
    if (refBranches.length === 1 && unplaced.length > 0) {
      byBranch[refBranches[0] ?? 0] = unplaced;
      loose.length = 0;
    }
    const drop = new Set<ErrorObject>(byBranch.flat());
    // `optoins:` in a source misspells the fixed-options form; judge each form without the
    // "missing" its misspelt key explains.
    byBranch.forEach((errs, i) => { byBranch[i] = dropMisspeltRequired(errs); });
    const score = (errs: ErrorObject[]) => errs.reduce((s, e) => s + (e.instancePath === o.instancePath ? 100 : 1), 0);
    const wrongShape = (errs: ErrorObject[]) => errs.some((e) => e.instancePath === o.instancePath && (e.keyword === 'type' || e.keyword === 'required'));
    // The form that fits clearly best is the one the author meant, even with a property missing;
    // among equally close forms, the only one of the right shape; else one sentence naming them.
    const lowest = Math.min(...byBranch.map(score));
    const closest = byBranch.flatMap((errs, i) => (score(errs) === lowest ? [i] : []));
    const rightShape = closest.filter((i) => !wrongShape(byBranch[i] ?? []));
    const best = closest.length === 1 ? (closest[0] ?? -1) : rightShape.length === 1 ? (rightShape[0] ?? -1) : -1;
    if (best >= 0) {
      for (const e of byBranch[best] ?? []) drop.delete(e);
      drop.add(o);
    } else {
      for (const e of loose) drop.add(e);
      // Every form wants another type (`"2558"` where a year or a mapping goes): say which types.
      const types = byBranch.map((errs) => errs.find((e) => e.instancePath === o.instancePath && e.keyword === 'type'));
      if (types.length > 0 && types.every((t) => t !== undefined)) {
        const wanted = [...new Set(types.flatMap((t) => String((t?.params as { type?: unknown }).type).split(',')))];
        const typeError: ErrorObject = { ...o, keyword: 'type', params: { type: wanted.join(',') } };
        result = result.map((e) => (e === o ? typeError : e));
      }
    }
    result = result.filter((e) => !drop.has(e));
  }
  return result;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text', number: 'a number', integer: 'a whole number', boolean: 'true or false',
  object: 'a mapping (key: value)', array: 'a list', null: 'empty',
};

function toConfigError(e: ErrorObject, doc: SourceDocument): ConfigError {
  const path: JsonPath = pathOf(e.instancePath);
  const parent = (e.parentSchema ?? {}) as Record<string, unknown>;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return doc.errorAt(path, `missing required property "${String(p.missingProperty)}"`);
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      const hint = misspeltHint(e);
      return doc.errorAt([...path, name], `unknown property "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}`, 'key');
    }
    case 'type': {
      const types = String(p.type).split(',').map((t) => TYPE_WORDS[t] ?? t);
      return doc.errorAt(path, `must be ${types.join(' or ')}`);
    }
    case 'enum':
      return doc.errorAt(path, `${JSON.stringify(e.data)} is not allowed; use one of: ${(p.allowedValues as unknown[]).map(String).join(', ')}`);
    case 'const':
      return doc.errorAt(path, `must be ${JSON.stringify(p.allowedValue)}`);
    case 'pattern': {
      const what = typeof parent.description === 'string' ? parent.description : `text matching ${String(p.pattern)}`;
      return doc.errorAt(path, `${JSON.stringify(e.data)} is not valid here: expected ${lowerFirst(what)}`);
    }
    case 'minItems':
      return doc.errorAt(path, `must have at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`);
    case 'maxItems':
      return doc.errorAt(path, `must have at most ${String(p.limit)} items`);
    case 'minLength':
      return doc.errorAt(path, p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters`);
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum':
      return doc.errorAt(path, `${JSON.stringify(e.data)} is out of range: must be ${String(p.comparison)} ${String(p.limit)}`);
    case 'discriminator': {
      const tags = ((parent.oneOf as Array<{ properties?: Record<string, { const?: unknown }> }> | undefined) ?? [])
        .map((b) => b.properties?.[String(p.tag)]?.const)
        .filter((t) => t !== undefined);
      return p.error === 'tag' && (e.data as Record<string, unknown> | null)?.[String(p.tag)] === undefined
        ? doc.errorAt(path, `missing required property "${String(p.tag)}"`)
        : doc.errorAt([...path, String(p.tag)], `unknown ${String(p.tag)} ${JSON.stringify(p.tagValue)}; use one of: ${tags.join(', ')}`);
    }
    case 'oneOf': {
      const titles = ((parent.oneOf as Array<{ title?: string; required?: string[] }> | undefined) ?? [])
        .map((b) => b.title ?? b.required?.join(' + '))
        .filter(Boolean);
      return doc.errorAt(path, titles.length ? `must be one of: ${titles.join('; ')}` : 'does not match any allowed form');
    }
    case 'anyOf': {
      const alts = ((parent.anyOf as Array<{ required?: string[] }> | undefined) ?? []).map((b) => b.required?.join(' + ')).filter(Boolean);
      return doc.errorAt(path, alts.length ? `needs one of: ${alts.join(', ')}` : 'does not match any allowed form');
    }
    case 'format':
      return doc.errorAt(path, `must be a valid ${String(p.format)}`);
    case 'false schema': // a property the object's kind does not use (schemas say `"name": false` there)
      return doc.errorAt(path, `"${String(path[path.length - 1])}" does not apply here: nothing would use it`, 'key');
    default:
      return doc.errorAt(path, e.message ?? `fails the "${e.keyword}" rule`);
  }
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}
