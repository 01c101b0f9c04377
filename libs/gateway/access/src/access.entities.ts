import { AccountEntity } from './entities/account.entity.js';
import { ApiKeyEntity } from './entities/api-key.entity.js';

/** The tables of accounts and their keys, for the gateway's database. */
export const ACCESS_ENTITIES = [AccountEntity, ApiKeyEntity];
