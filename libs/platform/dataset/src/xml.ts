/**
 * A small, strict XML reader for imported XML files (NDW DATEX II): elements by local name (prefixes
 * dropped, since NDW's prefixes are generic `ns2`/`ns3` and vary by file), attributes by local
 * name (so `xsi:type` is `type`, its value without prefix), text. Malformed XML (a tag closed
 * by another name, an unclosed element, a truncated file) throws. No DTDs, no external entities.
 */
export interface XmlNode {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlNode[];
  text: string;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

const ENTITIES: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};

function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const value = ENTITIES[ref];
    if (value === undefined) throw new Error(`malformed XML: unknown entity ${whole}`);
    return value;
  });
}

const ATTR = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

function attributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) {
    const value = decode(m[3] ?? m[4] ?? '');
    attrs[local(m[1])] = m[1].endsWith(':type') || m[1] === 'type' ? local(value) : value;
  }
  return attrs;
}

/** The document's root element. */
export function parseXml(xml: string): XmlNode {
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = lt === -1 ? xml.slice(i) : xml.slice(i, lt);
    if (stack.length > 0) stack[stack.length - 1].text += decode(text);
    else if (text.trim() && text.trim() !== '\ufeff')
      throw new Error('malformed XML: text outside the root');
    if (lt === -1) break;
    if (xml.startsWith('<!--', lt)) i = after(xml, '-->', lt);
    else if (xml.startsWith('<?', lt)) i = after(xml, '?>', lt);
    else if (xml.startsWith('<![CDATA[', lt)) {
      const end = after(xml, ']]>', lt);
      if (stack.length > 0) stack[stack.length - 1].text += xml.slice(lt + 9, end - 3);
      i = end;
    } else if (xml.startsWith('<!', lt)) throw new Error('malformed XML: DTDs are not accepted');
    else {
      const end = after(xml, '>', lt);
      const tag = xml.slice(lt + 1, end - 1);
      i = end;
      if (tag.startsWith('/')) {
        const open = stack.pop();
        if (!open || open.name !== local(tag.slice(1).trim()))
          throw new Error(`malformed XML: </${tag.slice(1)}> closes <${open?.name ?? 'nothing'}>`);
        continue;
      }
      const selfClosing = tag.endsWith('/');
      const body = selfClosing ? tag.slice(0, -1) : tag;
      const name = /^[^\s/>]+/.exec(body)?.[0];
      if (!name) throw new Error('malformed XML: an empty tag');
      const node: XmlNode = {
        name: local(name),
        attrs: attributes(body.slice(name.length)),
        children: [],
        text: '',
      };
      if (stack.length > 0) stack[stack.length - 1].children.push(node);
      else if (root) throw new Error('malformed XML: a second root element');
      else root = node;
      if (!selfClosing) stack.push(node);
    }
  }
  if (stack.length > 0)
    throw new Error(`malformed XML: <${stack[stack.length - 1].name}> is never closed`);
  if (!root) throw new Error('malformed XML: no root element');
  return root;
}

function after(xml: string, token: string, from: number): number {
  const at = xml.indexOf(token, from);
  if (at === -1) throw new Error('malformed XML: the file ends inside a tag');
  return at + token.length;
}

/** The first child element with this local name, following a path (`a/b/c`). */
export function child(node: XmlNode | undefined, path: string): XmlNode | undefined {
  let at = node;
  for (const name of path.split('/')) at = at?.children.find((c) => c.name === name);
  return at;
}

/** Every child element with this local name (one level). */
export function childrenOf(node: XmlNode | undefined, name: string): XmlNode[] {
  return node?.children.filter((c) => c.name === name) ?? [];
}

/** The trimmed text at a path, or null when the element is missing or empty. */
export function textAt(node: XmlNode | undefined, path: string): string | null {
  const text = child(node, path)?.text.trim();
  return text ? text : null;
}

/** A multilingual DATEX text (`values/value`): Dutch first, else the first value. */
export function multilingual(node: XmlNode | undefined): string | null {
  const values = childrenOf(child(node, 'values'), 'value');
  const pick = values.find((v) => v.attrs['lang'] === 'nl') ?? values[0];
  return pick?.text.trim() || null;
}

export const numberAt = (node: XmlNode | undefined, path: string): number | null => {
  const text = textAt(node, path);
  const value = text === null ? NaN : Number(text);
  return Number.isFinite(value) ? value : null;
};

export const booleanAt = (node: XmlNode | undefined, path: string): boolean | null => {
  const text = textAt(node, path);
  return text === 'true' ? true : text === 'false' ? false : null;
};

/** Every descendant element with this local name, in document order. */
export function descendants(node: XmlNode, name: string, out: XmlNode[] = []): XmlNode[] {
  for (const c of node.children) {
    if (c.name === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}
