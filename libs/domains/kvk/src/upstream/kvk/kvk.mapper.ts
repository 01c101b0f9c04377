import type {
  BranchProfileResponse,
  CompanyProfileResponse,
  KvkAddress,
  KvkLink,
  KvkMainBranch,
  KvkSbiActivity,
  KvkTradeName,
} from '@nl/contracts-kvk';
import type {
  RawKvkAddress,
  RawKvkBranch,
  RawKvkProfile,
  RawKvkSbi,
  RawKvkTradeName,
} from './kvk.types.js';

/** An activity as KVK registers it, before its SBI edition is told (`company/sbi-editions.ts`). */
export type RegisteredSbi = Pick<
  KvkSbiActivity,
  'sbiCode' | 'sbiOmschrijving' | 'indHoofdactiviteit'
>;

/** The profile without its `vat` block, which depends on the request, and with bare activities. */
export type CompanyProfile = Omit<CompanyProfileResponse, 'vat' | 'sbiActiviteiten'> & {
  readonly sbiActiviteiten: RegisteredSbi[];
};
/** The branch profile with bare activities. */
export type BranchProfile = Omit<BranchProfileResponse, 'sbiActiviteiten'> & {
  readonly sbiActiviteiten: RegisteredSbi[];
};

const tradeNames = (names: readonly RawKvkTradeName[] = []): KvkTradeName[] =>
  names
    .filter((n) => typeof n.naam === 'string')
    .map((n) => ({ naam: String(n.naam), volgorde: Number(n.volgorde ?? 0) }))
    .sort((a, b) => a.volgorde - b.volgorde);

const activities = (list: readonly RawKvkSbi[] = []): RegisteredSbi[] =>
  list.map((a) => ({
    sbiCode: String(a.sbiCode ?? ''),
    sbiOmschrijving: String(a.sbiOmschrijving ?? ''),
    indHoofdactiviteit: a.indHoofdactiviteit === 'Ja' ? 'Ja' : 'Nee',
  }));

/** The register's address with its runs of spaces collapsed; absent members stay absent. */
function address(raw: RawKvkAddress): KvkAddress {
  const out: Record<string, unknown> = {
    type: raw.type ?? 'bezoekadres',
    indAfgeschermd: raw.indAfgeschermd === 'Ja' ? 'Ja' : 'Nee',
  };
  for (const key of [
    'volledigAdres',
    'straatnaam',
    'huisletter',
    'huisnummerToevoeging',
    'postcode',
    'plaats',
    'land',
  ] as const) {
    const value = raw[key];
    if (typeof value === 'string' && value.trim()) out[key] = value.replace(/\s+/g, ' ').trim();
  }
  for (const key of ['huisnummer', 'postbusnummer'] as const)
    if (typeof raw[key] === 'number') out[key] = raw[key];
  return out as unknown as KvkAddress;
}

/**
 * Links to our own endpoints (the company, its main branch, a branch), built from the numbers:
 * the register's own URLs (its host, its paths, anything carrying a key) never pass through.
 */
function companyLinks(kvkNummer: string, main: KvkMainBranch | null): KvkLink[] {
  const links: KvkLink[] = [{ rel: 'self', href: `/v1/kvk/${kvkNummer}` }];
  if (main)
    links.push(
      { rel: 'hoofdvestiging', href: `/v1/kvk/${kvkNummer}/branch` },
      { rel: 'vestigingsprofiel', href: branchHref(kvkNummer, main.vestigingsnummer) },
    );
  return links;
}

const branchHref = (kvkNummer: string, vestigingsnummer: string) =>
  `/v1/kvk/${kvkNummer}/branch?vestigingsnummer=${vestigingsnummer}`;

function mainBranch(raw: RawKvkBranch | undefined): KvkMainBranch | null {
  if (!raw?.vestigingsnummer) return null;
  return {
    vestigingsnummer: raw.vestigingsnummer,
    eersteHandelsnaam: raw.eersteHandelsnaam ?? null,
    indHoofdvestiging: raw.indHoofdvestiging === 'Nee' ? 'Nee' : 'Ja',
    indCommercieleVestiging: raw.indCommercieleVestiging === 'Nee' ? 'Nee' : 'Ja',
    adressen: (raw.adressen ?? []).map(address),
  };
}

/** The RSIN of the company's legal entity; a sole proprietorship has none. */
export function rsinOf(raw: RawKvkProfile): string | null {
  const rsin = raw._embedded?.eigenaar?.rsin ?? raw._embedded?.hoofdvestiging?.rsin;
  return rsin && /^\d{9}$/.test(rsin) ? rsin : null;
}

/** The spec's base profile (all but `vat`) from a Basisprofiel. */
export function toCompanyProfile(raw: RawKvkProfile, fetchedAt: string): CompanyProfile {
  const kvkNummer = String(raw.kvkNummer);
  const ended =
    Boolean(raw.materieleRegistratie?.datumEinde) ||
    Boolean(raw._embedded?.eigenaar?.datumUitschrijving);
  const main = mainBranch(raw._embedded?.hoofdvestiging);
  return {
    kvkNummer,
    naam: raw.naam ?? raw.statutaireNaam ?? null,
    indNonMailing: raw.indNonMailing ?? null,
    formeleRegistratiedatum: raw.formeleRegistratiedatum ?? null,
    handelsnamen: tradeNames(raw.handelsnamen),
    sbiActiviteiten: activities(raw.sbiActiviteiten),
    actief: !ended,
    hoofdvestiging: main,
    lastFetchedAt: fetchedAt,
    links: companyLinks(kvkNummer, main),
  };
}

/** The spec's branch profile from a Vestigingsprofiel. */
export function toBranchProfile(raw: RawKvkBranch, fetchedAt: string): BranchProfile {
  const kvkNummer = String(raw.kvkNummer);
  const vestigingsnummer = String(raw.vestigingsnummer);
  return {
    vestigingsnummer,
    kvkNummer,
    eersteHandelsnaam: raw.eersteHandelsnaam ?? null,
    indHoofdvestiging: raw.indHoofdvestiging === 'Ja' ? 'Ja' : 'Nee',
    indCommercieleVestiging: raw.indCommercieleVestiging === 'Nee' ? 'Nee' : 'Ja',
    handelsnamen: tradeNames(raw.handelsnamen),
    adressen: (raw.adressen ?? []).map(address),
    websites: (raw.websites ?? []).filter((w) => typeof w === 'string'),
    sbiActiviteiten: activities(raw.sbiActiviteiten),
    lastFetchedAt: fetchedAt,
    links: [
      { rel: 'self', href: branchHref(kvkNummer, vestigingsnummer) },
      { rel: 'basisprofiel', href: `/v1/kvk/${kvkNummer}` },
    ],
  };
}
