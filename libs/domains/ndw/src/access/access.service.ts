import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import {
  EMISSIONZONE_ACCESS_ENDPOINT,
  type ZoneAccessQuery,
  type ZoneAccessResponse,
  type ZoneAccessVehicle,
} from '@nl/contracts-ndw';
import { VEHICLE_FULL_ENDPOINT } from '@nl/contracts-rdw';
import { DomainCache, cacheKey, replyEnvelope } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { ServiceClient } from '@nl/platform-transport';
import { NdwDatasets } from '../persistence/ndw-datasets.js';
import { EmissionZonesRepository } from '../emissionzones/emissionzones.repository.js';
import { decideAccess, type VehicleFacts } from './zone-rules.js';

/** Today in the Netherlands, `YYYY-MM-DD`: the rules are judged for this day. */
const today = (now: Date) => now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });

/**
 * `GET /v1/ndw/emissiezones/{id}/access`: the vehicle from the rdw service (over the transport,
 * its full record: category, fuels, Euro class, first admission, taxi, body rows), the zone's
 * conditions from our table, the verdict from `decideAccess`. Cached per zone version, plate
 * and day.
 */
@Injectable()
export class AccessService {
  constructor(
    private readonly zones: EmissionZonesRepository,
    private readonly datasets: NdwDatasets,
    private readonly services: ServiceClient,
    private readonly cache: DomainCache,
  ) {}

  async check(
    query: ZoneAccessQuery,
    scope: RequestScope,
    now = new Date(),
  ): Promise<ReplyEnvelope<ZoneAccessResponse>> {
    const date = today(now);
    const name = `access:${this.datasets.version('emissionZones')}:${query.id}:${query.license_plate}:${date}`;
    const cached = await this.cache.through(
      cacheKey(scope, EMISSIONZONE_ACCESS_ENDPOINT, name),
      () => this.decide(query, now, date),
    );
    return replyEnvelope('ndw+rdw', cached);
  }

  private async decide(
    query: ZoneAccessQuery,
    now: Date,
    date: string,
  ): Promise<ZoneAccessResponse> {
    const zone = await this.zones.get(query.id);
    // Problem+json, like the unknown plate: the spec's `{found, result}` body is the detail's.
    if (!zone) throw new DomainError('not_found', `NDW has no active emission zone ${query.id}.`);
    const vehicle = await this.vehicle(query.license_plate);
    const facts: VehicleFacts = {
      category: vehicle.category,
      fuels: vehicle.fuel_types.map((f) => f.toLowerCase()),
      euroClass: vehicle.euro_class,
      firstAdmission: vehicle.first_admission_date,
      taxi: vehicle.taxi,
      bodyCodes: vehicle.body_codes,
    };
    const verdict = decideAccess(zone.conditions, facts, now);
    return {
      ...verdict,
      zone: { id: zone.zone.id, name: zone.zone.name, city: zone.zone.city },
      vehicle,
      date,
    };
  }

  private async vehicle(plate: string): Promise<ZoneAccessVehicle> {
    try {
      const { data } = await this.services.call(VEHICLE_FULL_ENDPOINT, { license_plate: plate });
      return {
        license_plate: data.license_plate,
        category: data.vehicle.eu_category ?? null,
        fuel_types: data.vehicle.fuel_types ?? [],
        euro_class: data.compliance.emission_class ?? null,
        first_admission_date: data.vehicle.first_admission_date ?? null,
        taxi: data.compliance.taxi ?? null,
        // Every body row, not only the first: a special-purpose code may be a later row.
        body_codes: (data.rdw?.body ?? [])
          .map((b) => b['carrosserietype']?.trim().toUpperCase())
          .filter((c): c is string => !!c),
      };
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found')
        throw new DomainError('not_found', `The vehicle register has no vehicle ${plate}.`);
      throw error;
    }
  }
}
