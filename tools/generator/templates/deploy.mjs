// The new service's own deployment files, copied from the rdw service's (one upstream over
// HTTP, no tables): its four kustomize manifests and its compose block. `npm run deploy-files`
// then lists them in the kustomizations and docker/compose.yaml.

/** The rdw file's text for the new service: its names, and its upstream's URL and key. */
const fromRdw = (n, text) =>
  text
    .replaceAll('RDW open data', `the ${n.name} upstream`)
    .replaceAll('RDW_APP_TOKEN', `${n.NAME}_API_KEY`)
    .replaceAll('RDW', n.NAME)
    .replaceAll('rdw', n.name);

/** k8s/base/<name>-{deployment,service,hpa,pdb}.yaml, the upstream's URL optional until known. */
function k8sFiles(n, read) {
  const files = {};
  for (const kind of ['deployment', 'service', 'hpa', 'pdb'])
    files[`k8s/base/${n.name}-${kind}.yaml`] = fromRdw(
      n,
      read(`k8s/base/rdw-${kind}.yaml`).replace(
        /( +)key: RDW_URL\n/,
        `$1key: RDW_URL\n$1optional: true\n`,
      ),
    );
  return files;
}

/** docker/services/<name>.yaml: the service's compose block, its URL and key still to set. */
function composeFile(n, read) {
  const block = read('docker/services/rdw.yaml')
    .replace(/^(#.*\n)+/, '')
    .replace(
      /^( +)RDW_URL: .*$/m,
      `$1# TODO: RDW_URL, and RDW_API_KEY: \${RDW_API_KEY:-} from the shell or an .env file`,
    );
  const about = `# TODO: what the ${n.name} service serves and from where. Its HTTP port serves only\n# /health/* and /metrics.\n`;
  return { [`docker/services/${n.name}.yaml`]: about + fromRdw(n, block) };
}

/** Every deployment file of the new service; `read` reads a file of the checkout. */
export function deployFiles(n, read) {
  return { ...k8sFiles(n, read), ...composeFile(n, read) };
}
