import { Module } from '@nestjs/common';
import { X402Module } from '@nl/gateway-x402';
import { AccountsService } from './accounts/accounts.service.js';
import { EndpointAvailability } from './accounts/endpoint-availability.js';
import { KeyRevocations } from './keys/key-revocations.js';
import { RateLimits } from './limits/rate-limits.js';
import { RedisHealth } from './limits/redis-health.js';
import { AccountController } from './routes/account.controller.js';
import { AuthStep } from './steps/auth.step.js';
import { RateLimitStep } from './steps/rate-limit.step.js';
import { TierStep } from './steps/tier.step.js';

/**
 * Who may call what, how often: accounts and their API keys, tiers and rate limits, the steps
 * that check them on every call (authentication, tier gate, rate limit) and the account routes.
 * AccountsService reaches the credits through AccountCredits, which the ledger's module provides.
 */
@Module({
  imports: [X402Module],
  controllers: [AccountController],
  providers: [
    KeyRevocations,
    AccountsService,
    EndpointAvailability,
    RateLimits,
    RedisHealth,
    AuthStep,
    TierStep,
    RateLimitStep,
  ],
  exports: [AccountsService, KeyRevocations, RateLimits, AuthStep, TierStep, RateLimitStep],
})
export class AccessModule {}
