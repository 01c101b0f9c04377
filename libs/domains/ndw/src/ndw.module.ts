import { Module } from '@nestjs/common';
import { CacheModule } from '@nl/platform-cache';
import { TransportClientModule } from '@nl/platform-transport';
import { AccessHandler } from './access/access.handler.js';
import { AccessService } from './access/access.service.js';
import { ChargePointsHandler } from './chargepoints/chargepoints.handler.js';
import { ChargePointsRepository } from './chargepoints/chargepoints.repository.js';
import { ChargePointsService } from './chargepoints/chargepoints.service.js';
import { NdwDatasets } from './persistence/ndw-datasets.js';
import { EmissionZonesHandler } from './emissionzones/emissionzones.handler.js';
import { EmissionZonesRepository } from './emissionzones/emissionzones.repository.js';
import { EmissionZonesService } from './emissionzones/emissionzones.service.js';
import { TruckParkingHandler } from './truckparking/truckparking.handler.js';
import { TruckParkingRepository } from './truckparking/truckparking.repository.js';
import { TruckParkingService } from './truckparking/truckparking.service.js';

/**
 * The ndw domain: EV charge points, truck parking with live occupancy and emission zones from
 * NDW's open-data files, imported into its own tables (`NDW_DATABASE`) and refreshed on a
 * schedule; the zone access check asks the rdw service over the transport for the vehicle.
 */
@Module({
  imports: [CacheModule.forDomain('ndw'), TransportClientModule],
  controllers: [ChargePointsHandler, TruckParkingHandler, EmissionZonesHandler, AccessHandler],
  providers: [
    NdwDatasets,
    ChargePointsRepository,
    ChargePointsService,
    TruckParkingRepository,
    TruckParkingService,
    EmissionZonesRepository,
    EmissionZonesService,
    AccessService,
  ],
})
export class NdwModule {}
