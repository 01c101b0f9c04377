/**
 * The account x402 revenue is booked to: payers have no account of their own. A migration
 * creates it, and the code that books, hides or reports x402 revenue names it, so the id lives
 * here, in a module both read, rather than in the migration.
 */
export const X402_ACCOUNT_ID = '00000000-0000-4000-8000-000000000402';
