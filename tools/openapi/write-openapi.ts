// `npm run openapi`: regenerates the committed openapi.json from the catalog and the contract
// DTOs. Commit the result; the e2e suite fails while the committed file differs.
import 'reflect-metadata';
import { generateOpenApiDocument, openApiText } from '@nl/gateway-access';
import { writeFile } from 'node:fs/promises';

const target = new URL('../../../openapi.json', import.meta.url);
const document = await generateOpenApiDocument();
await writeFile(target, openApiText(document));
console.log(
  `wrote ${target.pathname}: ${Object.keys(document.paths).length} paths, OpenAPI ${document.openapi}`,
);
