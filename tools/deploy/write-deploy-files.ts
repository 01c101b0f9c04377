import {
  composeServiceFile,
  renderBaseKustomization,
  renderCompose,
  renderOverlayKustomization,
} from '@nl/composition';
import { readFileSync, writeFileSync } from 'node:fs';

// `npm run deploy-files`: rewrites the generated blocks of docker/compose.yaml and the two
// kustomizations from the composition's list of domain services (each compose block from its
// own file under docker/services/). A test fails while a committed file differs.
const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const rewrite = (path: string, render: (text: string) => string) =>
  writeFileSync(new URL(path, root), render(read(path)));

rewrite('docker/compose.yaml', (text) =>
  renderCompose(text, (name) => read(composeServiceFile(name))),
);
rewrite('k8s/base/kustomization.yaml', renderBaseKustomization);
rewrite('k8s/overlays/example/kustomization.yaml', renderOverlayKustomization);
process.stdout.write(
  'Wrote the domain services into docker/compose.yaml and the kustomizations.\n',
);
