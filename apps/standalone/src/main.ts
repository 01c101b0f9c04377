import { warmPgliteTemplate } from '@nl/platform-database/pglite-template';

// A first start spends some 2 s creating the embedded database's template (PGlite's initdb, in a
// child process). Started here, before the app's ~2,800 modules load, it runs on another core
// meanwhile; static imports would all load before this line. Behind DATABASE_URL the template
// is not needed: then it is only made once, in the background.
warmPgliteTemplate();
await import('./standalone.js');
