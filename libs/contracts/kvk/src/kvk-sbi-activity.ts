import { ApiProperty } from '@nestjs/swagger';
import { SBI_EDITIONS, SbiSuccessors, type SbiEdition } from '@nl/contracts-cbs';
import { describedEnum } from './described-enum.js';

/**
 * How the edition of a registered SBI code was told. KVK's answers name no edition: it switched
 * to SBI 2025 in September 2025, and answers from before (and some since) carry SBI 2008 codes,
 * whose digits SBI 2025 may use for another class.
 */
export const SBI_EDITION_BASES = {
  digits:
    'Four digits: SBI 2008 (every SBI 2025 class has five-digit subclasses, and KVK registers those).',
  only_in_edition: 'Only one edition has the code.',
  title: "Both editions have the code; KVK's description is the title of this edition's.",
  same_in_both:
    "Both editions have the code with the same title, and the SBI 2008 reading's SBI 2025 candidates include it: it reads the same either way, so it is given as SBI 2025.",
  undecided:
    "Both editions have the code and KVK's description does not tell which is meant: `sbiEdition` null.",
  unknown_code: 'Neither edition has the code: `sbiEdition` null.',
  unavailable:
    'The industry-code service did not answer: `sbiEdition` null (the profile is still answered).',
} as const;
export type SbiEditionBasis = keyof typeof SBI_EDITION_BASES;

/** One registered activity: KVK's code and words, with its SBI edition told. */
export class KvkSbiActivity {
  @ApiProperty({
    example: '10110',
    description:
      'SBI code as KVK registers it: SBI 2025 since KVK’s switch in September 2025, SBI 2008 before (and in some answers since); `sbiEdition` says which.',
  })
  sbiCode: string;
  @ApiProperty({
    example: 'Verwerking en conservering van vlees, met uitzondering van vlees van gevogelte',
  })
  sbiOmschrijving: string;
  @ApiProperty({ enum: ['Ja', 'Nee'], example: 'Ja' }) indHoofdactiviteit: string;
  @ApiProperty({
    type: String,
    enum: SBI_EDITIONS,
    nullable: true,
    example: '2025',
    description:
      'The SBI edition of `sbiCode` (`sbiEditionBasis` says how it was told), or null when it cannot be told. Look a code up with `/v1/cbs/sbi/{code}?edition=…`.',
  })
  sbiEdition: SbiEdition | null;
  @ApiProperty(describedEnum(SBI_EDITION_BASES, 'How `sbiEdition` was told:', 'only_in_edition'))
  sbiEditionBasis: SbiEditionBasis;
  @ApiProperty({
    type: SbiSuccessors,
    nullable: true,
    description:
      'For an SBI 2008 code: its SBI 2025 candidates with their mapping type, derived through NACE (the `successors` of `/v1/cbs/sbi/{code}?edition=2008`); null otherwise.',
  })
  sbi2025: SbiSuccessors | null;
}
