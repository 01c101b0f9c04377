import { Module } from '@nestjs/common';
import { CacheModule } from '@nl/platform-cache';
import { UpstreamModule } from '@nl/platform-upstream';
import { LookupHandler } from './lookup/lookup.handler.js';
import { LookupService } from './lookup/lookup.service.js';
import { PROPERTY_UPSTREAM, PropertyClient } from './upstream/property/property.client.js';

/** The property domain. TODO: say in one line what it serves and from where. */
@Module({
  imports: [CacheModule.forDomain('property'), UpstreamModule.register(PROPERTY_UPSTREAM)],
  controllers: [LookupHandler],
  providers: [PropertyClient, LookupService],
})
export class PropertyModule {}
