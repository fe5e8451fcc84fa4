/** Starts the portal: checks settings, opens and migrates the database, seeds the demo, listens. */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openMigratedDb } from './db/index.ts';
import { DEMO, seedDemo } from './seed.ts';
import { createServices } from './services.ts';

async function main() {
  const config = loadConfig();
  const db = await openMigratedDb(config.databaseUrl);
  const services = createServices(db, config);
  if (config.SEED_DEMO) await seedDemo(services);
  const app = await buildApp(services);
  const stop = async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as { port: number }).port;
  const shown =
    config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' || config.HOST === '::'
      ? 'localhost'
      : config.HOST;
  const host = shown === 'localhost' ? config.BASE_DOMAIN : shown;
  console.log(`\nTessera is running: http://${host}:${port}/pc/authentication/login`);
  if (config.SEED_DEMO)
    console.log(
      `Demo login: tenant "${DEMO.tenant}", user "${DEMO.username}", password "${DEMO.password}"\n`,
    );
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(`Tessera failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
