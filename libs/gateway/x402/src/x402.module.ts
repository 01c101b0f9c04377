import { Module } from '@nestjs/common';
import { PublicBaseUrl } from '@nl/gateway-core';
import { PLATFORM_CONFIG, type PlatformConfig } from '@nl/platform-config';
import { X402_CONFIG, type X402Settings } from './x402.config.js';
import { X402Offer } from './x402.offer.js';
import { X402_FACILITATOR, X402Payments } from './x402.payments.js';
import { X402Store } from './x402.store.js';

/** Payment per request with x402: the offer, the verification and the settlement of a payment. */
@Module({
  providers: [
    X402Store,
    X402Offer,
    X402Payments,
    {
      provide: X402_FACILITATOR,
      inject: [X402_CONFIG.token],
      // The SDK and viem (some 0.4 s and 30 MB of modules) load only where x402 is on.
      useFactory: async (settings: X402Settings | null) =>
        settings && (await import('./x402.facilitator.js')).facilitatorFor(settings),
    },
    {
      provide: PublicBaseUrl,
      inject: [PLATFORM_CONFIG],
      useFactory: (config: PlatformConfig) => new PublicBaseUrl(config.http),
    },
  ],
  exports: [X402Payments],
})
export class X402Module {}
