import { Module } from '@nestjs/common';
import { DiscoveryController } from './discovery.controller.js';

/** The front door: `/`, `/llms.txt`, `/llms-full.txt` and `/robots.txt`. */
@Module({ controllers: [DiscoveryController] })
export class DiscoveryModule {}
