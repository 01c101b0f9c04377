import { Module } from '@nestjs/common';
import { AccountsService } from './accounts/accounts.service.js';
import { EndpointAvailability } from './accounts/endpoint-availability.js';
import { AdminController } from './admin/admin.controller.js';
import { AdminService } from './admin/admin.service.js';
import { DoubtfulCharges } from './credits/doubtful-charges.js';
import { AdminSupportController } from './dashboard/admin-support.controller.js';
import { DashboardAssetsController } from './dashboard/dashboard-assets.controller.js';
import { DashboardFlash } from './dashboard/dashboard-flash.js';
import { DashboardSessions } from './dashboard/dashboard-sessions.js';
import { DashboardController } from './dashboard/dashboard.controller.js';
import { DashboardKeysController } from './dashboard/dashboard-keys.controller.js';
import { SessionStore } from './dashboard/session.store.js';
import { CreditsService } from './credits/credits.service.js';
import { ReservationSweeper } from './credits/reservation.sweeper.js';
import { KeyRevocations } from './keys/key-revocations.js';
import { RateLimits } from './limits/rate-limits.js';
import { RedisHealth } from './limits/redis-health.js';
import { AccountController } from './routes/account.controller.js';
import { AuthStep } from './steps/auth.step.js';
import { CreditsStep } from './steps/credits.step.js';
import { RateLimitStep } from './steps/rate-limit.step.js';
import { TierStep } from './steps/tier.step.js';
import { X402_CONFIG, type X402Settings } from './x402/x402.config.js';
import { X402_FACILITATOR, X402Payments } from './x402/x402.payments.js';
import { X402Store } from './x402/x402.store.js';

/** Accounts, keys, limits and credits: the gateway economy (ARCHITECTURE §4 steps 3–8, §5, §6). */
@Module({
  controllers: [
    AccountController,
    AdminController,
    AdminSupportController,
    DashboardController,
    DashboardKeysController,
    DashboardAssetsController,
  ],
  providers: [
    KeyRevocations,
    AccountsService,
    EndpointAvailability,
    CreditsService,
    AdminService,
    RateLimits,
    RedisHealth,
    ReservationSweeper,
    DoubtfulCharges,
    SessionStore,
    DashboardSessions,
    DashboardFlash,
    AuthStep,
    TierStep,
    RateLimitStep,
    CreditsStep,
    X402Store,
    X402Payments,
    {
      provide: X402_FACILITATOR,
      inject: [X402_CONFIG.token],
      // The SDK and viem (some 0.4 s and 30 MB of modules) load only where x402 is on.
      useFactory: async (settings: X402Settings | null) =>
        settings && (await import('./x402/x402.facilitator.js')).facilitatorFor(settings),
    },
  ],
  exports: [
    AccountsService,
    CreditsService,
    AdminService,
    RateLimits,
    ReservationSweeper,
    DoubtfulCharges,
    AuthStep,
    TierStep,
    RateLimitStep,
    CreditsStep,
    X402Payments,
  ],
})
export class AccessModule {}

/** The access steps in the order of ARCHITECTURE §4. */
export const ACCESS_STEPS = [AuthStep, TierStep, RateLimitStep, CreditsStep];
