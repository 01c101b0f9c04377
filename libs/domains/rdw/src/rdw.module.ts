import { Module } from '@nestjs/common';
import { CacheModule } from '@nl/platform-cache';
import { RdwClient } from './upstream/rdw.client.js';
import { VehicleHandler } from './vehicle/vehicle.handler.js';
import { VehicleService } from './vehicle/vehicle.service.js';

/** The rdw domain: vehicle records from RDW open data. No tables of its own; a cache. */
@Module({
  imports: [CacheModule.forDomain('rdw')],
  controllers: [VehicleHandler],
  providers: [RdwClient, VehicleService],
})
export class RdwModule {}
