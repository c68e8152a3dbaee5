import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { systemNameOf } from '../../core/sites/site.js';
import type { McpSession } from './session.js';
import { annotationsOf } from './tool.js';

const INSTRUCTIONS = `Tessera is a content management system. These tools work on one site with your API token's permissions; each runs the same operation as the site's REST API, so its answer (and its errors: 422 with a message per field, 409 for a stale version, 403 without permission) is the API's.
Read tessera://content-types to learn each content type's fields before creating entries. Updates need the entry's current \`version\` (from <type>_get). Entries are created as drafts; publishing is a separate tool.`;

/**
 * The low-level SDK server for one request: plain JSON Schema inputs (from the REST routes'
 * TypeBox schemas) rather than the high-level McpServer's zod shapes, and every handler asks the
 * session, which lists and runs only what the caller may.
 */
export function mcpServer(session: McpSession, version: string): Server {
  const server = new Server(
    // The name is the protocol's identifier; the title is what an AI client shows its user (white-label).
    { name: 'tessera', title: systemNameOf(session.audience.site), version },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await session.tools()).map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: annotationsOf(tool),
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    session.callTool(request.params.name, request.params.arguments ?? {}),
  );
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: session.resources().map(({ uri, name, description, mimeType }) => ({
      uri,
      name,
      description,
      mimeType,
    })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => session.readResource(request.params.uri));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: session.prompts().map((prompt) => ({
      name: prompt.name,
      description: prompt.description,
      arguments: [...prompt.arguments],
    })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, (request) =>
    session.getPrompt(request.params.name, request.params.arguments ?? {}),
  );
  return server;
}
