export * from './dashboard-forms.js';
export * from './dashboard-session.entity.js';
export * from './dashboard-sessions.js';
export * from './dashboard.entities.js';
export * from './dashboard.module.js';
export * from './session.store.js';
export { Html, html, page, table } from './html.js';
export { DASHBOARD_HEADERS } from './dashboard.http.js';
