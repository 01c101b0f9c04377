import { Inject, Injectable } from '@nestjs/common';
import {
  SBI_CODE_PATTERN,
  SBI_LOOKUP_ENDPOINT,
  type SbiCodeRecord,
  type SbiEdition,
} from '@nl/contracts-cbs';
import type { KvkSbiActivity } from '@nl/contracts-kvk';
import { DomainError } from '@nl/platform-errors';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { ServiceClient } from '@nl/platform-transport';
import type { RegisteredSbi } from '../upstream/kvk/kvk.mapper.js';
import { SBI_UNAVAILABLE, editionOf } from './sbi-edition.js';

interface Readings {
  readonly in2025: SbiCodeRecord | null;
  readonly in2008: SbiCodeRecord | null;
}

/**
 * Tells the SBI edition of registered activities by asking the cbs service (the owner of both
 * editions, over the transport with its public lookup subject, cached there) how each code reads
 * in SBI 2025 and in SBI 2008. An optional enrichment: when the service does not answer, the
 * activities say `unavailable` and the profile is still answered.
 */
@Injectable()
export class SbiEditions {
  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async of(activities: readonly RegisteredSbi[]): Promise<KvkSbiActivity[]> {
    const codes = [...new Set(activities.map((a) => a.sbiCode))];
    const readings = new Map(
      await Promise.all(codes.map(async (code) => [code, await this.read(code)] as const)),
    );
    return activities.map((activity) => {
      const read = readings.get(activity.sbiCode);
      return {
        ...activity,
        ...(read ? editionOf(activity, read.in2025, read.in2008) : SBI_UNAVAILABLE),
      };
    });
  }

  private async read(code: string): Promise<Readings | null> {
    if (!SBI_CODE_PATTERN.test(code)) return { in2025: null, in2008: null };
    try {
      const [in2025, in2008] = await Promise.all([
        this.lookup(code, '2025'),
        this.lookup(code, '2008'),
      ]);
      return { in2025, in2008 };
    } catch (error) {
      this.logger.warn(
        { err: error, code: error instanceof DomainError ? error.code : undefined, sbiCode: code },
        'SBI lookup for a company profile failed; its edition is answered unavailable',
      );
      return null;
    }
  }

  private async lookup(code: string, edition: SbiEdition): Promise<SbiCodeRecord | null> {
    try {
      return (await this.services.call(SBI_LOOKUP_ENDPOINT, { code, edition })).data.result;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found') return null;
      throw error;
    }
  }
}
