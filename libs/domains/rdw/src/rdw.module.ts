import { Module } from '@nestjs/common';
import { CacheModule } from '@nl/platform-cache';
import { UpstreamModule } from '@nl/platform-upstream';
import { RDW_UPSTREAM, RdwClient } from './upstream/rdw/rdw.client.js';
import { VehicleHandler } from './vehicle/vehicle.handler.js';
import { VehicleService } from './vehicle/vehicle.service.js';

/** The rdw domain: vehicle records from RDW open data. No tables of its own; a cache. */
@Module({
  imports: [CacheModule.forDomain('rdw'), UpstreamModule.register(RDW_UPSTREAM)],
  controllers: [VehicleHandler],
  providers: [RdwClient, VehicleService],
})
export class RdwModule {}
