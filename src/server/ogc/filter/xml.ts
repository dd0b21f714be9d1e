// A deliberately small, non-validating XML reader for FES/OGC Filter documents. It exists so
// that no general XML parser with DTD or external-entity support ever sees request input:
// DOCTYPE, ENTITY, ELEMENT and ATTLIST declarations and processing instructions are refused,
// the only entities are the five predefined ones and numeric character references, and size,
// depth and element count are capped. Namespaces are not resolved: elements keep their prefix
// and local name, and callers match on local names.
import { FilterError, codePointName, findForbiddenChar } from './errors.ts';

export interface XmlElement {
  /** Qualified name as written, e.g. "fes:BBOX". */
  name: string;
  prefix: string | null;
  local: string;
  /** Attributes by qualified name (xmlns declarations included). */
  attributes: ReadonlyMap<string, string>;
  children: XmlElement[];
  /** Character data directly inside this element (entities decoded, CDATA included). */
  text: string;
  /** 1-based position of the element's "<" in the document. */
  position: number;
  /** 0-based offset just past the element's end tag: `src.slice(position - 1, end)` is the element as written. */
  end: number;
}

interface XmlLimits {
  locator: string;
  maxBytes: number;
  maxDepth: number;
  maxElements: number;
}

const NAME_RE = /[A-Za-z_][A-Za-z0-9_.-]*(?::[A-Za-z_][A-Za-z0-9_.-]*)?/y;
const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

class XmlReader {
  private i = 0;
  private elements = 0;

  constructor(
    private readonly src: string,
    private readonly limits: XmlLimits,
  ) {}

  private fail(detail: string, at = this.i): never {
    throw new FilterError(this.limits.locator, detail, at + 1);
  }

  private startsWith(s: string): boolean {
    return this.src.startsWith(s, this.i);
  }

  private skipSpace(): boolean {
    const start = this.i;
    while (this.i < this.src.length && /[ \t\r\n]/.test(this.src[this.i] as string)) this.i++;
    return this.i > start;
  }

  private readName(what: string): string {
    NAME_RE.lastIndex = this.i;
    const m = NAME_RE.exec(this.src);
    if (!m) this.fail(`expected ${what}`);
    this.i += m[0].length;
    return m[0];
  }

  private decode(raw: string, at: number): string {
    if (!raw.includes('&')) return raw;
    let out = '';
    let k = 0;
    while (k < raw.length) {
      const amp = raw.indexOf('&', k);
      if (amp < 0) {
        out += raw.slice(k);
        break;
      }
      out += raw.slice(k, amp);
      const semi = raw.indexOf(';', amp);
      const ref = semi < 0 || semi - amp > 12 ? '' : raw.slice(amp + 1, semi);
      if (ref === '') this.fail('"&" must be written as &amp;', at + amp);
      let ch: string | undefined;
      if (/^#x[0-9A-Fa-f]{1,6}$/.test(ref) || /^#[0-9]{1,7}$/.test(ref)) {
        const cp = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        if (!isXmlChar(cp)) this.fail(`character reference &${ref}; is not an allowed XML character`, at + amp);
        ch = String.fromCodePoint(cp);
      } else {
        ch = Object.hasOwn(PREDEFINED, ref) ? PREDEFINED[ref] : undefined;
      }
      if (ch === undefined) this.fail(`unknown entity &${ref.slice(0, 20)}; (entities and DTDs are not allowed)`, at + amp);
      out += ch;
      k = semi + 1;
    }
    return out;
  }

  private skipComment(): void {
    const end = this.src.indexOf('-->', this.i + 4);
    if (end < 0) this.fail('unterminated comment');
    this.i = end + 3;
  }

  /** Whitespace, comments; refuses DTDs and processing instructions. */
  private skipMisc(): void {
    for (;;) {
      this.skipSpace();
      if (this.startsWith('<!--')) this.skipComment();
      else if (this.startsWith('<?')) this.fail('processing instructions are not allowed');
      else if (this.startsWith('<!')) this.fail('DTDs and entity declarations are not allowed');
      else return;
    }
  }

  parseDocument(): XmlElement {
    if (this.src.charCodeAt(0) === 0xfeff) this.i = 1;
    if (this.startsWith('<?xml') && /[ \t\r\n?]/.test(this.src[this.i + 5] ?? '')) {
      const end = this.src.indexOf('?>', this.i);
      if (end < 0) this.fail('unterminated XML declaration');
      const decl = this.src.slice(this.i + 5, end);
      if (!/^(\s+[A-Za-z]+\s*=\s*("[^"<]*"|'[^'<]*'))*\s*$/.test(decl)) this.fail('malformed XML declaration');
      this.i = end + 2;
    }
    this.skipMisc();
    if (!this.startsWith('<')) this.fail(this.i >= this.src.length ? 'empty document' : 'expected an element');
    const root = this.parseElement(1);
    this.skipMisc();
    if (this.i < this.src.length) this.fail('unexpected content after the root element');
    return root;
  }

  private parseElement(depth: number): XmlElement {
    if (depth > this.limits.maxDepth) this.fail(`elements nested deeper than ${this.limits.maxDepth} levels`);
    if (++this.elements > this.limits.maxElements) this.fail(`more than ${this.limits.maxElements} elements`);
    const start = this.i;
    this.i++; // '<'
    const name = this.readName('an element name');
    const colon = name.indexOf(':');
    const attributes = new Map<string, string>();
    const el: XmlElement = {
      name,
      prefix: colon >= 0 ? name.slice(0, colon) : null,
      local: colon >= 0 ? name.slice(colon + 1) : name,
      attributes,
      children: [],
      text: '',
      position: start + 1,
      end: start + 1,
    };
    for (;;) {
      const spaced = this.skipSpace();
      if (this.startsWith('/>')) {
        this.i += 2;
        el.end = this.i;
        return el;
      }
      if (this.startsWith('>')) {
        this.i++;
        break;
      }
      if (this.i >= this.src.length) this.fail(`unterminated start tag <${name}>`, start);
      if (!spaced) this.fail(`expected whitespace, ">" or "/>" in <${name}>`);
      const attrAt = this.i;
      const attr = this.readName('an attribute name');
      this.skipSpace();
      if (!this.startsWith('=')) this.fail(`expected "=" after attribute ${attr}`);
      this.i++;
      this.skipSpace();
      const quote = this.src[this.i];
      if (quote !== '"' && quote !== "'") this.fail(`attribute ${attr} needs a quoted value`);
      const end = this.src.indexOf(quote, this.i + 1);
      if (end < 0) this.fail(`unterminated value of attribute ${attr}`, attrAt);
      const raw = this.src.slice(this.i + 1, end);
      if (raw.includes('<')) this.fail(`"<" in the value of attribute ${attr}`, attrAt);
      if (attributes.has(attr)) this.fail(`duplicate attribute ${attr}`, attrAt);
      attributes.set(attr, this.decode(raw, this.i + 1));
      this.i = end + 1;
    }
    for (;;) {
      if (this.i >= this.src.length) this.fail(`element <${name}> is not closed`, start);
      if (this.src[this.i] === '<') {
        if (this.startsWith('</')) {
          this.i += 2;
          const closeAt = this.i;
          const closing = this.readName('a closing tag name');
          this.skipSpace();
          if (!this.startsWith('>')) this.fail(`expected ">" to end </${closing}`);
          this.i++;
          if (closing !== name) this.fail(`</${closing}> does not close <${name}> (opened at position ${start + 1})`, closeAt - 2);
          el.end = this.i;
          return el;
        }
        if (this.startsWith('<!--')) {
          this.skipComment();
        } else if (this.startsWith('<![CDATA[')) {
          const end = this.src.indexOf(']]>', this.i + 9);
          if (end < 0) this.fail('unterminated CDATA section');
          el.text += this.src.slice(this.i + 9, end);
          this.i = end + 3;
        } else if (this.startsWith('<?')) {
          this.fail('processing instructions are not allowed');
        } else if (this.startsWith('<!')) {
          this.fail('DTDs and entity declarations are not allowed');
        } else {
          el.children.push(this.parseElement(depth + 1));
        }
      } else {
        let end = this.src.indexOf('<', this.i);
        if (end < 0) end = this.src.length;
        el.text += this.decode(this.src.slice(this.i, end), this.i);
        this.i = end;
      }
    }
  }
}

/** Parses a small XML document with the limits above. Throws FilterError. */
export function parseXml(src: string, limits: XmlLimits): XmlElement {
  const bytes = Buffer.byteLength(src, 'utf8');
  if (bytes > limits.maxBytes) throw new FilterError(limits.locator, `document larger than ${limits.maxBytes} bytes`);
  const dtd = /<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)/i.exec(src);
  if (dtd) throw new FilterError(limits.locator, `DTDs and entity declarations are not allowed (found <!${dtd[1]})`, dtd.index + 1);
  const bad = findForbiddenChar(src);
  if (bad >= 0) throw new FilterError(limits.locator, `forbidden character ${codePointName(src[bad] ?? '')}`, bad + 1);
  for (const ch of src) {
    const cp = ch.codePointAt(0) ?? 0;
    if (!isXmlChar(cp)) throw new FilterError(limits.locator, `character ${codePointName(ch)} is not allowed in XML`);
  }
  return new XmlReader(src, limits).parseDocument();
}
