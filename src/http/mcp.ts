import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { createMcpServer } from '../mcp/server.ts';
import { callerDeps } from './auth.ts';

/**
 * The MCP server over Streamable HTTP at /mcp, stateless: each POST gets its own server and transport, answered
 * as JSON (no session to keep, so any instance behind a balancer can answer). There is no server-to-client stream,
 * so GET and DELETE are 405s as the spec allows. Auth is the API's bearer-key check, applied to /mcp in the app.
 */
export function mcpRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.post('/mcp', async (c) => {
    const server = createMcpServer(callerDeps(c, deps));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: deps.config.GROUNDED_MAX_BODY_BYTES,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      await server.close();
    }
  });
  const noStream = () =>
    Response.json(
      {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this MCP server is stateless (POST only)' },
        id: null,
      },
      { status: 405, headers: { allow: 'POST' } },
    );
  app.get('/mcp', noStream);
  app.delete('/mcp', noStream);
  return app;
}
