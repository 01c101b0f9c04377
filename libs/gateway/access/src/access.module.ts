import { Module } from '@nestjs/common';
import { AccountsService } from './accounts/accounts.service.js';
import { AdminController } from './admin/admin.controller.js';
import { AdminService } from './admin/admin.service.js';
import { CreditsService } from './credits/credits.service.js';
import { ReservationSweeper } from './credits/reservation.sweeper.js';
import { KeyRevocations } from './keys/key-revocations.js';
import { RateLimits } from './limits/rate-limits.js';
import { AccountController } from './routes/account.controller.js';
import { AuthStep } from './steps/auth.step.js';
import { CreditsStep } from './steps/credits.step.js';
import { RateLimitStep } from './steps/rate-limit.step.js';
import { TierStep } from './steps/tier.step.js';

/** Accounts, keys, limits and credits: the gateway economy (ARCHITECTURE §4 steps 3–8, §5, §6). */
@Module({
  controllers: [AccountController, AdminController],
  providers: [
    KeyRevocations,
    AccountsService,
    CreditsService,
    AdminService,
    RateLimits,
    ReservationSweeper,
    AuthStep,
    TierStep,
    RateLimitStep,
    CreditsStep,
  ],
  exports: [
    AccountsService,
    CreditsService,
    AdminService,
    RateLimits,
    ReservationSweeper,
    AuthStep,
    TierStep,
    RateLimitStep,
    CreditsStep,
  ],
})
export class AccessModule {}

/** The access steps in the order of ARCHITECTURE §4. */
export const ACCESS_STEPS = [AuthStep, TierStep, RateLimitStep, CreditsStep];
