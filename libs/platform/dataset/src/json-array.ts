/** In a string: its end or an escape. In a value: a string or a bracket. */
const IN_STRING = /["\\]/g;
const IN_VALUE = /["{}[\]]/g;

/**
 * The elements of a top-level JSON array, each parsed on its own as it arrives: a 200 MB file
 * of objects is never held or parsed whole. Only the text of the element being read is kept.
 * Anything but an array of values (a truncated file, text after the closing bracket) throws.
 */
export async function* readJsonArray(body: AsyncIterable<Uint8Array>): AsyncIterable<unknown> {
  const decoder = new TextDecoder();
  let state: 'before' | 'between' | 'after' = 'before';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let element = '';
  let start = -1;
  for await (const chunk of body) {
    const text = decoder.decode(chunk, { stream: true });
    start = depth > 0 ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      if (depth > 0) {
        // Jump to the next character that matters instead of looking at every one.
        const pattern = inString ? IN_STRING : IN_VALUE;
        pattern.lastIndex = escaped ? i + 1 : i;
        escaped = false;
        const found = pattern.exec(text);
        if (!found) break;
        i = found.index;
        const c = text.charCodeAt(i);
        if (inString) {
          // An escape skips the next character, in this chunk or at the start of the next.
          if (c === 0x5c) {
            if (i + 1 < text.length) i += 1;
            else escaped = true;
          } else inString = false;
          continue;
        }
        if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) depth += 1;
        else {
          depth -= 1;
          if (depth === 0) {
            element += text.slice(start, i + 1);
            yield JSON.parse(element);
            element = '';
            start = -1;
          }
        }
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff) continue;
      if (state === 'before') {
        if (c !== 0x5b) throw new Error('the file is not a JSON array');
        state = 'between';
      } else if (state === 'after') {
        throw new Error('text after the end of the JSON array');
      } else if (c === 0x2c) {
        continue;
      } else if (c === 0x5d) {
        state = 'after';
      } else if (c === 0x7b || c === 0x5b) {
        depth = 1;
        start = i;
      } else {
        throw new Error(`the JSON array holds a value that is not an object or array`);
      }
    }
    if (depth > 0) element += text.slice(start);
  }
  if (state !== 'after' || depth > 0) throw new Error('the JSON array ends early (truncated file)');
}
