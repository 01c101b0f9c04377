import { domainToASCII, domainToUnicode } from 'node:url';

export type EmailSyntax =
  | {
      readonly ok: true;
      readonly local: string;
      /** Lower-case A-label (punycode) form, the one DNS is asked about. */
      readonly domain: string;
      readonly domainUnicode: string;
      /** `local@domain` with the A-label domain. */
      readonly address: string;
    }
  | { readonly ok: false; readonly reason: string; readonly message: string };

/** RFC 5322 atext: letters, digits and these. */
const ATEXT = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+$/;
/** A label of a host name: letters, digits, hyphens inside. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const octets = (text: string) => Buffer.byteLength(text, 'utf8');

/** True for a character that may appear in a dot-atom: atext, or any non-ASCII (RFC 6531). */
function atomChar(char: string): boolean {
  return char.charCodeAt(0) > 0x7f || ATEXT.test(char);
}

/**
 * Reads a quoted local part starting at index 0; returns the index after the closing quote,
 * or -1 when the quoted string is malformed. Inside: printable ASCII except `"` and `\`,
 * spaces and tabs, non-ASCII (RFC 6531), and quoted pairs `\x`; never CR or LF.
 */
function quotedEnd(text: string): number {
  for (let i = 1; i < text.length; i++) {
    const char = text[i];
    const code = char.charCodeAt(0);
    if (char === '"') return i + 1;
    if (char === '\\') {
      const next = text.charCodeAt(i + 1);
      if (Number.isNaN(next) || next === 10 || next === 13) return -1;
      i += 1;
      continue;
    }
    if (code === 10 || code === 13 || (code < 32 && code !== 9) || code === 127) return -1;
  }
  return -1;
}

/**
 * RFC 5321 mailbox syntax as a mail server would accept it from us: a dot-atom or quoted local
 * part of at most 64 octets, `@`, and a host name with at least two labels (IDN allowed, checked
 * and compared in its punycode form); the whole address at most 254 octets. Address literals
 * (`[192.0.2.1]`) are refused: the next checks are DNS lookups of the domain. Non-ASCII local
 * parts are accepted (SMTPUTF8, RFC 6531). A hand-written parser, since the common libraries
 * refuse quoted local parts that RFC 5321 allows.
 */
export function parseEmailAddress(raw: string): EmailSyntax {
  const fail = (reason: string, message: string): EmailSyntax => ({ ok: false, reason, message });
  const email = raw.trim();
  if (!email) return fail('empty', 'The address is empty.');

  let local: string;
  let rest: string;
  if (email.startsWith('"')) {
    const end = quotedEnd(email);
    if (end < 0) return fail('bad_quoted_local', 'The quoted local part is not closed properly.');
    local = email.slice(0, end);
    rest = email.slice(end);
    if (!rest.startsWith('@'))
      return fail(
        'missing_at',
        'A quoted local part must be followed directly by @ and the domain.',
      );
    rest = rest.slice(1);
  } else {
    const at = email.indexOf('@');
    if (at < 0) return fail('missing_at', 'The address has no @.');
    local = email.slice(0, at);
    rest = email.slice(at + 1);
    if (!local) return fail('empty_local', 'The part before the @ is empty.');
    if (local.startsWith('.') || local.endsWith('.'))
      return fail('dot_at_edge', 'The part before the @ may not start or end with a dot.');
    if (local.includes('..'))
      return fail('consecutive_dots', 'The part before the @ has two dots in a row.');
    if (![...local].every((c) => c === '.' || atomChar(c)))
      return fail(
        'bad_local_character',
        'The part before the @ has a character that needs quoting (such as a space, comma or @).',
      );
  }
  if (octets(local) > 64)
    return fail('local_too_long', 'The part before the @ is longer than 64 octets.');
  if (rest.includes('@')) return fail('several_at', 'The address has more than one @.');
  if (!rest) return fail('empty_domain', 'The domain after the @ is empty.');
  if (rest.startsWith('['))
    return fail(
      'address_literal',
      'Address literals such as [192.0.2.1] are not accepted; give the domain name.',
    );
  if (rest.endsWith('.')) return fail('trailing_dot', 'The domain may not end with a dot.');

  const lower = rest.toLowerCase();
  const domain = [...lower].every((c) => c.charCodeAt(0) <= 0x7f) ? lower : domainToASCII(lower);
  if (!domain)
    return fail('bad_domain', 'The domain is not a valid (internationalised) host name.');
  const labels = domain.split('.');
  if (labels.length < 2)
    return fail(
      'single_label_domain',
      'The domain needs at least two labels (such as example.nl).',
    );
  if (labels.some((l) => l.length === 0))
    return fail('consecutive_dots', 'The domain has two dots in a row.');
  if (labels.some((l) => l.length > 63))
    return fail('label_too_long', 'A label of the domain is longer than 63 characters.');
  if (!labels.every((l) => LABEL.test(l)))
    return fail(
      'bad_domain_character',
      'The domain may only have letters, digits and hyphens, and no label may start or end with a hyphen.',
    );
  if (/^\d+$/.test(labels[labels.length - 1]))
    return fail('numeric_tld', 'The top-level domain cannot be all digits.');
  if (domain.length > 253)
    return fail('domain_too_long', 'The domain is longer than 253 characters.');
  const address = `${local}@${domain}`;
  if (octets(address) > 254)
    return fail('address_too_long', 'The address is longer than 254 octets.');
  return { ok: true, local, domain, domainUnicode: domainToUnicode(domain), address };
}
