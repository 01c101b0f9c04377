import { Module } from '@nestjs/common';
import { CacheModule } from '@nl/platform-cache';
import { UpstreamModule } from '@nl/platform-upstream';
import { AddressResolver } from './address/address-resolver.js';
import { AddressHandler } from './address/address.handler.js';
import { AddressService } from './address/address.service.js';
import { DossierHandler } from './dossier/dossier.handler.js';
import { DossierService } from './dossier/dossier.service.js';
import { PlansHandler } from './plans/plans.handler.js';
import { PlansService } from './plans/plans.service.js';
import { BAG_UPSTREAM, BagClient } from './upstream/bag/bag.client.js';
import { EP_ONLINE_UPSTREAM, EpOnlineClient } from './upstream/ep-online/ep-online.client.js';
import { PDOK_UPSTREAM, PdokClient } from './upstream/pdok/pdok.client.js';
import { PLANS_UPSTREAM, PlansClient } from './upstream/plans/plans.client.js';
import { WOZ_UPSTREAM, WozClient } from './upstream/woz/woz.client.js';
import { ValueHandler } from './value/value.handler.js';
import { ValueService } from './value/value.service.js';

/**
 * The property domain: address autocomplete and records (PDOK Locatieserver, completed by the
 * BAG API with a key), property values (WOZ-waardeloket), spatial plans (Ruimtelijke Plannen v4)
 * and the combined dossier of all of them with the energy labels (EP-Online). No tables; a cache.
 */
@Module({
  imports: [
    CacheModule.forDomain('property'),
    UpstreamModule.register(PDOK_UPSTREAM),
    UpstreamModule.register(BAG_UPSTREAM),
    UpstreamModule.register(WOZ_UPSTREAM),
    UpstreamModule.register(EP_ONLINE_UPSTREAM),
    UpstreamModule.register(PLANS_UPSTREAM),
  ],
  controllers: [AddressHandler, ValueHandler, DossierHandler, PlansHandler],
  providers: [
    PdokClient,
    BagClient,
    WozClient,
    EpOnlineClient,
    PlansClient,
    AddressResolver,
    AddressService,
    ValueService,
    PlansService,
    DossierService,
  ],
})
export class PropertyModule {}
