// `npm run openapi`: regenerates the committed openapi.json from the catalog and the contract
// DTOs, asyncapi.json (the service subjects) from the same and the error codes each subject's
// code can answer (read from the services' source into service-error-codes.ts), and the
// sandbox table of docs/sandbox.md from the catalog's sandbox entries. Commit the result;
// the e2e suite fails while a committed file differs.
import 'reflect-metadata';
import { GENERATED_PAGES, withGeneratedBlock } from '@nl/composition';
import { ENDPOINT_CATALOG } from '@nl/contracts-catalog';
import { generateOpenApiDocument, openApiText } from '@nl/gateway-app';
import {
  ServiceErrorScan,
  asyncApiText,
  createAsyncApiDocument,
  renderSandboxTable,
  serviceErrorCodesModule,
} from '@nl/gateway-core';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const root = fileURLToPath(new URL('../../../', import.meta.url));

const target = new URL('../../../openapi.json', import.meta.url);
const document = await generateOpenApiDocument();
await writeFile(target, openApiText(document));
process.stdout.write(
  `wrote ${target.pathname}: ${Object.keys(document.paths).length} paths, OpenAPI ${document.openapi}\n`,
);

const errorCodes = new ServiceErrorScan(root).codes();
const codesModule = new URL(
  '../../../libs/gateway/core/src/openapi/service-error-codes.ts',
  import.meta.url,
);
const codesText = serviceErrorCodesModule(errorCodes);
await writeFile(
  codesModule,
  await format(codesText, {
    ...(await resolveConfig(codesModule.pathname)),
    filepath: codesModule.pathname,
  }),
);
process.stdout.write(`wrote ${codesModule.pathname}: the error codes of each subject\n`);

const asyncApi = new URL('../../../asyncapi.json', import.meta.url);
await writeFile(
  asyncApi,
  asyncApiText(createAsyncApiDocument(document, ENDPOINT_CATALOG, errorCodes)),
);
process.stdout.write(
  `wrote ${asyncApi.pathname}: ${ENDPOINT_CATALOG.length} subjects, AsyncAPI 3.1.0\n`,
);

const sandboxPage = new URL(`../../../${GENERATED_PAGES.sandboxTable}`, import.meta.url);
await writeFile(
  sandboxPage,
  withGeneratedBlock(
    await readFile(sandboxPage, 'utf8'),
    'sandbox-table',
    renderSandboxTable(ENDPOINT_CATALOG),
  ),
);
process.stdout.write(`wrote the sandbox table of ${sandboxPage.pathname}\n`);
