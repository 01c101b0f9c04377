import { formatCredits, type FieldError } from '@nl/contracts-core';
import type { DomainError } from '@nl/platform-errors';

/** How many wrong items a refusal names; the count says how many there were. */
const NAMED_ITEMS = 10;

interface WrongItem {
  readonly item: number;
  readonly errors: readonly FieldError[];
}

/** What a refused job asked for, to put the refusal in the job's terms rather than a call's. */
export interface RefusedJob {
  readonly items: number;
  /** The endpoint's fresh price per item, in hundredths (0 when the endpoint was not known). */
  readonly pricePerItem: number;
  /** The account's balance, in hundredths. */
  readonly balance: () => Promise<number>;
}

/** A sentence, ending in one full stop. */
const sentence = (text: string) => text.replace(/\.*$/, '.');

function wrongItems(error: DomainError): string {
  const listed = (error.extra.members?.items ?? []) as readonly WrongItem[];
  const named = listed.slice(0, NAMED_ITEMS).map((wrong) => {
    const why = wrong.errors.map((e) => sentence(`${e.field}: ${e.message}`)).join(' ');
    return `Row ${wrong.item}, ${why}`;
  });
  const more = Number(error.extra.members?.invalid_items ?? listed.length) - named.length;
  const rest = more > 0 ? ` And ${more} more.` : '';
  return `${error.message} Rows are counted under the header. ${named.join(' ')}${rest}`;
}

/**
 * A refused job (400, 402, 403, 413, 503) as the dashboard says it: the API's message, which is
 * already plain, with the wrong items named by row, and a shortfall of credits in the job's
 * terms (the API's message speaks of one call).
 */
export async function refusalOf(error: DomainError, job: RefusedJob): Promise<string> {
  switch (error.code) {
    case 'validation_failed':
      return error.extra.members?.items ? wrongItems(error) : error.message;
    case 'insufficient_credits': {
      const total = job.pricePerItem * job.items;
      const balance = formatCredits(await job.balance());
      return `The job needs ${formatCredits(total)} credits up front (${job.items} items at ${formatCredits(job.pricePerItem)}), and the balance is ${balance}. Nothing was charged.`;
    }
    case 'spend_cap_reached':
      return `${error.message.replace(/^This call costs/, 'This job costs')} Nothing was charged.`;
    default:
      return error.message;
  }
}
