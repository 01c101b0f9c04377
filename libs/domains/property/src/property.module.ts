import { Module } from '@nestjs/common';
import { CacheModule } from '@nl/platform-cache';
import { UpstreamModule } from '@nl/platform-upstream';
import { AddressHandler } from './address/address.handler.js';
import { AddressService } from './address/address.service.js';
import { BAG_UPSTREAM, BagClient } from './upstream/bag/bag.client.js';
import { PDOK_UPSTREAM, PdokClient } from './upstream/pdok/pdok.client.js';
import { WOZ_UPSTREAM, WozClient } from './upstream/woz/woz.client.js';
import { ValueHandler } from './value/value.handler.js';
import { ValueService } from './value/value.service.js';

/**
 * The property domain, part 1: address autocomplete and records (PDOK Locatieserver, completed
 * by the BAG API with a key) and property values (WOZ-waardeloket). No tables; a cache.
 */
@Module({
  imports: [
    CacheModule.forDomain('property'),
    UpstreamModule.register(PDOK_UPSTREAM),
    UpstreamModule.register(BAG_UPSTREAM),
    UpstreamModule.register(WOZ_UPSTREAM),
  ],
  controllers: [AddressHandler, ValueHandler],
  providers: [PdokClient, BagClient, WozClient, AddressService, ValueService],
})
export class PropertyModule {}
