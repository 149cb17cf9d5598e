// `npm run backup [directory]` and `npm run restore <directory>`, reading DATA_DIR and DATABASE_URL
// like the server does. The default backup directory is ./backups/almendra-<UTC timestamp>.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { backup, restore } from './backup.js';

const [command, argument] = process.argv.slice(2);
const config = loadConfig(process.env);
const target = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };

if (command === 'backup') {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const destination = path.resolve(argument ?? path.join('backups', `almendra-${stamp}`));
  const manifest = await backup(target, destination);
  console.log(`Backup written to ${destination}: ${manifest.database} database and ${manifest.files.length} files.`);
} else if (command === 'restore' && argument) {
  const manifest = restore(path.resolve(argument), target);
  console.log(`Restored the ${manifest.database} backup of ${manifest.createdAt} into ${target.databaseUrl ? 'DATABASE_URL' : config.dataDir}.`);
} else {
  console.error('Usage: npm run backup [directory]  |  npm run restore <directory>  (stop the server before restoring)');
  process.exit(2);
}
