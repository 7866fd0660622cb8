import { ThrowawayCluster, whyClusterUnavailable } from './cluster.ts';

/**
 * One throwaway PostgreSQL cluster for the fault tests (each test file makes its own database in
 * it). Where PostgreSQL's programs are missing, the tests are skipped and say why.
 */
export default async function setup() {
  const reason = await whyClusterUnavailable();
  if (reason) {
    process.env.SMENA_FAULTS_SKIP = reason;
    process.stdout.write(`\nFault tests skipped: ${reason}\n`);
    return () => {};
  }
  const cluster = await ThrowawayCluster.create();
  await cluster.start();
  process.env.SMENA_FAULTS_CLUSTER = JSON.stringify(cluster.info);
  process.stdout.write(
    `\nThrowaway PostgreSQL cluster: ${cluster.info.dir} on port ${cluster.info.port}\n`,
  );
  return () => cluster.destroy();
}
