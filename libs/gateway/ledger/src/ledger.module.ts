import { Global, Module } from '@nestjs/common';
import { AccessModule, AccountCredits } from '@nl/gateway-access';
import { X402Module } from '@nl/gateway-x402';
import { CreditsService } from './credits.service.js';
import { CreditsStep } from './credits.step.js';
import { DoubtfulCharges } from './doubtful-charges.js';
import { ReservationSweeper } from './reservation.sweeper.js';

/**
 * The credit ledger: reserve, settle and release on every paid call (the credits step), spend
 * caps, the sweeper of reservations whose call died, and the charges whose answer may not have
 * arrived. Global because the accounts, in the lib below, reach the credits through their
 * AccountCredits port, which only this module can provide (it imports theirs).
 */
@Global()
@Module({
  imports: [AccessModule, X402Module],
  providers: [
    CreditsService,
    { provide: AccountCredits, useExisting: CreditsService },
    ReservationSweeper,
    DoubtfulCharges,
    CreditsStep,
  ],
  exports: [CreditsService, AccountCredits, ReservationSweeper, DoubtfulCharges, CreditsStep],
})
export class LedgerModule {}
