import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_BATCH_ITEMS } from './batch-upload.js';

/** What the OpenAPI document says of `POST /v1/batches`. */
export const CREATE_DESCRIPTION =
  'Calls one priced endpoint once per item, on a queue, at the upstreams’ pace. Send JSON `{"endpoint", "items", "webhook_url"}`, or the items as NDJSON (one object per line) or CSV (a header row of parameter names; a comma or semicolon between fields) with `endpoint` and `webhook_url` in the query. Up to 100,000 items (per tier: Free 100, Trial 1,000, Paid 25,000, Premium 100,000). Every item is checked first: a 400 lists the wrong items by number (from 1) in `items`, and counts them in `invalid_items`. Then every item’s fresh price is reserved (402 when the balance or a spend cap does not cover all of them). Each item is charged as its single call would be (the cached price for a cached answer, nothing for an error), with one ledger row per item whose request id is `<job id>:<item>`; what was not charged is released. A test key’s job answers from recorded data, free. The job itself is free; at most 10 jobs (and cancels) per minute per key.';

/** What the OpenAPI document says of the results. */
export const RESULTS_DESCRIPTION =
  'One line per item, in item order, streamed: `item` (its number), `input`, `state` (`succeeded`, `failed`, `pending`, `cancelled`), `status` (the HTTP status the single call would have had), `charged`, `cache` and `source`, and the answer (`data`) or the error body the single call would have got (`error`). NDJSON, or CSV for `Accept: text/csv` (`input`, `data` and `error` as JSON text). Kept until the job expires (`expires_at`).';

/** The JSON body of `POST /v1/batches`. The items are the named endpoint's parameters. */
export class BatchRequestBody {
  @ApiProperty({
    description:
      'The catalog id (`validation.vat.check`) or path (`/v1/validate/vat`) every item calls.',
    example: 'validation.vat.check',
  })
  endpoint!: string;

  @ApiProperty({
    description:
      'The parameters of each call, as the endpoint takes them (query and path parameters of a GET, the body of a POST).',
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    minItems: 1,
    maxItems: MAX_BATCH_ITEMS,
    example: [{ vat_number: 'NL004495445B01' }, { vat_number: 'DE129273398' }],
  })
  items!: Record<string, unknown>[];

  @ApiPropertyOptional({
    description:
      'Where `batch.completed` or `batch.failed` is sent (https, a public address); else your account’s webhook URL, if set.',
    format: 'uri',
    example: 'https://example.com/hooks/nl-data-api',
  })
  webhook_url?: string;
}
