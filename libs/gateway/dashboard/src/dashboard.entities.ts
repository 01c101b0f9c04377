import { DashboardSessionEntity } from './dashboard-session.entity.js';

/** The tables of the dashboard, for the gateway's database. */
export const DASHBOARD_ENTITIES = [DashboardSessionEntity];
