/**
 * What accounts and keys need of the credit ledger. The ledger lib builds on this one (its
 * credits step charges the keys this lib identifies), so the accounts reach the ledger through
 * this port, which the ledger's CreditsService implements and its module provides.
 */
export abstract class AccountCredits {
  /** Adds credits to an account; returns the new balance. */
  abstract topUp(accountId: string, amount: number): Promise<number>;

  /** Resolves once every charge closed so far is in the ledger and the usage rollup. */
  abstract written(): Promise<void>;

  /** The balance this process knows to be current (embedded profile), else undefined: read the row. */
  abstract liveBalance(accountId: string): number | undefined;

  /** A capped key's spend in hundredths as this process counts it (embedded), else undefined. */
  abstract liveSpend(keyId: string): { today: number; month: number } | undefined;

  /** A key's caps were changed: the next reservation reads them again (embedded profile). */
  abstract capsChanged(keyId: string): void;
}
