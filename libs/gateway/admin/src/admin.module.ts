import { Module } from '@nestjs/common';
import { AccessModule } from '@nl/gateway-access';
import { DashboardModule } from '@nl/gateway-dashboard';
import { AdminSupportController } from './admin-support.controller.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';

/** The admin API behind ADMIN_TOKEN: accounts, keys and top-ups, and what support looks up. */
@Module({
  imports: [AccessModule, DashboardModule],
  controllers: [AdminController, AdminSupportController],
  providers: [AdminService],
  exports: [AdminService],
})
export class AdminModule {}
