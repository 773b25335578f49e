import '../native-env.ts';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { createDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { createMcpServer } from './server.ts';

/**
 * `npm run -s mcp`: the MCP server over stdio, for desktop clients that start it themselves. Standard output is
 * the protocol, so every log line goes to standard error. Same configuration as the HTTP server.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const deps = await createDeps(config, { logDestination: pino.destination(2) });
  const server = createMcpServer(deps);
  const transport = new StdioServerTransport();
  transport.onclose = () => {
    deps.store.close();
    process.exit(0);
  };
  await server.connect(transport);
  deps.logger.info({ db: config.GROUNDED_DB, reasoner: deps.reasoner.id }, 'grounded MCP server on stdio');
}

main().catch((e) => {
  console.error(e instanceof AppError ? `grounded: ${e.message}` : e);
  process.exit(1);
});
