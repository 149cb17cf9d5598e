// Entry point: validate the environment, build the app, listen, and close cleanly on signals.
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { warmUpPlanSolver } from './modules/plans/solver/warm-up.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, database } = await buildApp({ config });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // Right after listening (not before: a busy machine would delay readiness by seconds), so the first
  // nutritionist's "Distribuir" does not pay for loading HiGHS and compiling its hot code.
  void warmUpPlanSolver().then((ms) => app.log.info({ solverWarmUpMs: Math.round(ms) }, 'plan solver warmed up'));
  app.log.info(
    { database: database.kind, dataDir: config.dataDir, email: config.smtpUrl ? 'smtp' : 'log+outbox' },
    config.publicUrlConfigured ? `Almendra ready on ${config.publicUrl}` : `Almendra ready on port ${config.port}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
