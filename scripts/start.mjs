// `npm start`: install if needed, build the web app if needed, migrate, serve on PORT (default 3000).
import { ensureInstalled, ensureWebBuilt, startServer } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();
const server = startServer();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
