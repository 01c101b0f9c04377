import { warmPgliteTemplate } from '@nl/platform-database/pglite-template';

// A first start spends some seconds making the embedded database's template (PGlite's initdb, in
// a child process; `npm start`'s build has usually begun it already). Asked for here, before the
// app's ~2,800 modules load, it is under way on another core meanwhile; static imports would all
// load before this line. Behind DATABASE_URL the template is not needed: it is made just once.
warmPgliteTemplate();
await import('./standalone.js');
