import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CacheModule } from '@nl/platform-cache';
import { CbsDatasetEntity, SbiCodeEntity } from './persistence/sbi-code.entity.js';
import { SbiHandler } from './sbi/sbi.handler.js';
import { SbiImport } from './upstream/sbi/sbi.dataset.js';
import { Sbi2008Dataset } from './upstream/sbi2008/sbi2008.dataset.js';
import { Sbi2008Lookup } from './sbi/sbi2008-lookup.js';
import { SbiRepository } from './sbi/sbi.repository.js';
import { SbiService } from './sbi/sbi.service.js';

/**
 * The cbs domain: SBI 2025 industry codes from the shipped snapshot, and SBI 2008 codes (older
 * KVK answers carry them) with their SBI 2025 candidates. Needs `CBS_DATABASE` in
 * the app's database and a transport server; the same module runs standalone or as its own
 * service.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([SbiCodeEntity, CbsDatasetEntity]),
    CacheModule.forDomain('cbs'),
  ],
  controllers: [SbiHandler],
  providers: [SbiRepository, SbiService, SbiImport, Sbi2008Dataset, Sbi2008Lookup],
})
export class CbsModule {}
