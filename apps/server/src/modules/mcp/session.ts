import type { CallToolResult, GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { recordActivity } from '../../core/activity/record.js';
import type { App } from '../../core/http/app-type.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import { type Audience, toolsFor } from './catalogue.js';
import { promptsFor } from './prompts.js';
import type { RestRelay } from './relay.js';
import { resourcesFor } from './resources.js';
import type { McpTool } from './tool.js';

/**
 * One MCP request's view of the site: what the caller may see and do, and the way to do it (the
 * REST API as the caller). Lists are computed per request, so a permission or a content type that
 * changed a moment ago is already reflected.
 */
export class McpSession {
  private listed: Promise<McpTool[]> | undefined;

  constructor(
    private readonly runtime: Runtime,
    private readonly app: App,
    readonly audience: Audience,
    private readonly rest: RestRelay,
    private readonly operation: () => OperationContext,
  ) {}

  /** The caller's tools, built once for this request (its bill and its messages read the same list). */
  tools(): Promise<McpTool[]> {
    this.listed ??= toolsFor(this.runtime, this.app, this.audience);
    return this.listed;
  }

  /**
   * Runs a listed tool. One the caller is not shown (no permission, read-only site, no such tool)
   * is the protocol's invalid-params error, as MCP specifies for an unknown tool.
   */
  async callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const tool = (await this.tools()).find((candidate) => candidate.name === name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const result = await tool.call(args, { rest: this.rest, operation: this.operation });
    // The operation has happened: a failed log write must not turn its answer into an error.
    await this.record(tool, result).catch((error: unknown) =>
      this.runtime.log.error({ err: error, tool: name }, 'the MCP tool call was not recorded'),
    );
    return result;
  }

  resources() {
    return resourcesFor(this.runtime, this.app, this.audience);
  }

  async readResource(uri: string): Promise<ReadResourceResult> {
    const resource = this.resources().find((candidate) => candidate.uri === uri);
    if (!resource) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${uri}`);
    const read = await resource.read({ rest: this.rest, operation: this.operation });
    if (!read.ok) throw new McpError(ErrorCode.InvalidRequest, `${read.status}: ${read.message}`);
    return { contents: [{ uri, mimeType: resource.mimeType, text: read.text }] };
  }

  prompts() {
    return promptsFor(this.runtime, this.audience);
  }

  getPrompt(name: string, args: Record<string, string>): GetPromptResult {
    const prompt = this.prompts().find((candidate) => candidate.name === name);
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${name}`);
    const missing = prompt.arguments.filter((arg) => arg.required && !args[arg.name]).map((arg) => arg.name);
    if (missing.length > 0)
      throw new McpError(ErrorCode.InvalidParams, `Missing prompt arguments: ${missing.join(', ')}`);
    return {
      description: prompt.description,
      messages: [{ role: 'user', content: { type: 'text', text: prompt.render(args) } }],
    };
  }

  /**
   * Every tool call is an activity entry naming the AI client, beside the entries the REST
   * operations themselves record (entry.created...): the log has no column for a client, and
   * this keeps reads and refusals visible too.
   */
  private async record(tool: McpTool, result: CallToolResult): Promise<void> {
    const { caller } = this.rest;
    const outcome = (result.structuredContent ?? {}) as { status?: number; code?: string };
    await recordActivity(this.runtime.data, caller.siteId, {
      userId: caller.userId,
      action: 'mcp.tool_called',
      subjectType: 'mcp_tool',
      subjectId: tool.name,
      ip: caller.ip,
      details: {
        client: caller.client,
        tool: tool.name,
        ...(tool.plugin ? { plugin: tool.plugin } : {}),
        ok: result.isError !== true,
        ...(result.isError ? { status: outcome.status, code: outcome.code } : {}),
      },
    });
  }
}
