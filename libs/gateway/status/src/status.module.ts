import { Module } from '@nestjs/common';
import { ANSWER_METER, LATENCY_SOURCE } from '@nl/gateway-core';
import { TransportClientModule } from '@nl/platform-transport';
import { StatusController } from './status.controller.js';
import { StatusService } from './status.service.js';

/** The public status figures: counted on every answer, kept in the database, shown at /status. */
@Module({
  imports: [TransportClientModule],
  controllers: [StatusController],
  providers: [
    StatusService,
    { provide: ANSWER_METER, useExisting: StatusService },
    { provide: LATENCY_SOURCE, useExisting: StatusService },
  ],
  exports: [StatusService, ANSWER_METER, LATENCY_SOURCE],
})
export class StatusModule {}
