import type { Bestemmingsvlak, PlanItem, SpatialPlanning } from '@nl/contracts-property';
import type { RpAuthority, RpBestemmingsvlak, RpPlan } from './plans.types.js';

/** The plan in the public viewer of ruimtelijkeplannen.nl (ruimtelijke-plannen.md, Our choices). */
export const planUrl = (id: string) =>
  `https://www.ruimtelijkeplannen.nl/viewer/view?planidn=${encodeURIComponent(id)}`;

/** Plan statuses of a plan in force (IMRO: also onherroepelijk, goedgekeurd). */
const IN_FORCE = new Set(['vastgesteld', 'geconsolideerd', 'onherroepelijk', 'goedgekeurd']);
/** Plan types that give a location its zoning, in order of preference. */
const ZONING_TYPES = [
  'bestemmingsplan',
  'inpassingsplan',
  'rijksbestemmingsplan',
  'beheersverordening',
];
/** Hoofdgroepen of dubbelbestemmingen (SVBP2012): they lie over the enkelbestemming. */
const DOUBLE_GROUPS = new Set(['leiding', 'waarde', 'waterstaat']);

const text = (value: string | null | undefined) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** An authority's name; v1 wrote it as an array (joined with ", "). */
export function authorityName(authority: RpAuthority | null | undefined): string | null {
  const name = authority?.naam;
  if (Array.isArray(name)) return text(name.filter((n) => typeof n === 'string').join(', '));
  return text(name as string | null | undefined);
}

const dateOf = (plan: RpPlan) => plan.planstatusInfo?.datum ?? '';
const newestFirst = (a: RpPlan, b: RpPlan) =>
  dateOf(b).localeCompare(dateOf(a)) || a.id.localeCompare(b.id);

/** The spec's `_embedded.plannen` item. */
export function toPlanItem(plan: RpPlan): PlanItem {
  const authority = plan.beleidsmatigVerantwoordelijkeOverheid;
  return {
    id: plan.id,
    naam: text(plan.naam) ?? plan.id,
    type: text(plan.type) ?? 'onbekend',
    planstatusInfo: plan.planstatusInfo
      ? {
          planstatus: text(plan.planstatusInfo.planstatus),
          datum: text(plan.planstatusInfo.datum),
        }
      : null,
    beleidsmatigVerantwoordelijkeOverheid: authority ? { naam: authorityName(authority) } : null,
    plan_url: planUrl(plan.id),
  };
}

/** The plans of `/v1/dso/plans`: not historical, not withdrawn, newest first. */
export function currentPlans(plans: readonly RpPlan[]): RpPlan[] {
  return plans.filter((plan) => plan.isHistorisch !== true && !plan.verwijderdOp).sort(newestFirst);
}

/**
 * The plan that zones the point (our rule, ruimtelijke-plannen.md, Our choices): a plan in force of
 * the first zoning type present (bestemmingsplan before inpassingsplan …), not historical, not a
 * parapluplan when another is there, the newest by its status date; null when none.
 */
export function zoningPlan(plans: readonly RpPlan[]): RpPlan | null {
  const inForce = currentPlans(plans).filter((plan) =>
    IN_FORCE.has(plan.planstatusInfo?.planstatus ?? ''),
  );
  // A parapluplan changes one theme (parking, say) over many plans; it does not zone the plot.
  const zoning = [
    ...inForce.filter((plan) => plan.isParapluplan !== true),
    ...inForce.filter((plan) => plan.isParapluplan === true),
  ];
  for (const type of ZONING_TYPES) {
    const plan = zoning.find((candidate) => candidate.type === type);
    if (plan) return plan;
  }
  return null;
}

/** The enkelbestemming among the vlakken at the point (a dubbelbestemming only lies over it). */
export function enkelbestemming(vlakken: readonly RpBestemmingsvlak[]): RpBestemmingsvlak | null {
  return (
    vlakken.find((vlak) => vlak.type === 'enkelbestemming') ??
    vlakken.find(
      (vlak) =>
        vlak.type !== 'dubbelbestemming' &&
        !DOUBLE_GROUPS.has((vlak.bestemmingshoofdgroep ?? '').toLowerCase()),
    ) ??
    null
  );
}

function toVlak(vlak: RpBestemmingsvlak): Bestemmingsvlak {
  return {
    id: text(vlak.id),
    naam: text(vlak.naam),
    type: text(vlak.type),
    bestemmingshoofdgroep: text(vlak.bestemmingshoofdgroep),
  };
}

/** `spatial_planning`: the zoning plan and its bestemmingsvlak at the point. */
export function toSpatialPlanning(plan: RpPlan, vlak: RpBestemmingsvlak | null): SpatialPlanning {
  const item = toPlanItem(plan);
  return {
    agrarisch: (vlak?.bestemmingshoofdgroep ?? '').toLowerCase().startsWith('agrarisch'),
    type: item.type,
    plan: item.naam,
    plan_id: item.id,
    plan_url: item.plan_url,
    plan_status: item.planstatusInfo?.planstatus ?? null,
    plan_datum: item.planstatusInfo?.datum ?? null,
    overheid: item.beleidsmatigVerantwoordelijkeOverheid?.naam ?? null,
    bestemmingsvlak: vlak ? toVlak(vlak) : null,
  };
}
