/**
 * A host's MCP path (`/mcp`): the request has passed the host's door (its names and its token);
 * a POST's JSON body is read here, bounded, and the request goes to the Streamable HTTP endpoint.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { type McpHttpEndpoint, sendRpcError } from '../../agent/http';
import { readBody } from './request-body';

/** The largest message an agent may POST (the SDK transport's own default bound). */
export const MAX_MCP_BODY_BYTES = 4 * 1024 * 1024;

export async function answerMcp(endpoint: McpHttpEndpoint, request: IncomingMessage, response: ServerResponse): Promise<void> {
  let body: unknown;
  if (request.method === 'POST') {
    const raw = await readBody(request, MAX_MCP_BODY_BYTES);
    if (raw === 'too_large') {
      response.setHeader('Connection', 'close');
      return sendRpcError(response, 413, ErrorCode.InvalidRequest, `The message is larger than ${MAX_MCP_BODY_BYTES} bytes.`);
    }
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return sendRpcError(response, 400, ErrorCode.ParseError, 'The message is not valid JSON.');
    }
  }
  await endpoint.handle(request, response, body);
}
