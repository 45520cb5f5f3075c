/**
 * One POST to the MCP endpoint, from bytes to answer: content type, capped body, strict UTF-8,
 * JSON-RPC classification, the era plan, then the same dispatcher as stdio with a response
 * channel as its peer. A client that disconnects before its answer cancels the request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../jsonrpc/errors.js';
import { errorResponse, PARSE_ERROR_MESSAGE, parseLine, type ParsedLine } from '../../jsonrpc/message.js';
import { FALLBACK_REVISION } from '../../mcp/revisions.js';
import type { McpServer } from '../../mcp/server.js';
import { decodeUtf8, isJsonContentType, readBody } from './body.js';
import { replyEmpty, replyError, replyJson } from './replies.js';
import { planRequest } from './request-plan.js';
import { ResponseChannel } from './response-channel.js';
import { statusForReply } from './status.js';

/** What answering a POST needs from the server around it. */
export interface PostContext {
  /** A dispatcher for one request; handshake-era requests are served at `legacyRevision`. */
  readonly dispatcher: (legacyRevision: string) => McpServer;
  readonly maxBodyBytes: number;
}

/** Answers one POST; never throws for anything the client sent. */
export async function answerPost(req: IncomingMessage, res: ServerResponse, context: PostContext): Promise<void> {
  if (!isJsonContentType(req.headers['content-type'])) {
    req.resume();
    replyError(res, 415, ErrorCode.InvalidRequest, 'Unsupported Media Type: POST one JSON-RPC message with Content-Type: application/json', undefined, { connection: 'close' });
    return;
  }
  const body = await readBody(req, context.maxBodyBytes);
  if (body.kind === 'aborted') return;
  if (body.kind === 'too-large') {
    replyError(res, 413, ErrorCode.InvalidRequest, `Payload Too Large: a message may be at most ${body.limit} bytes`, undefined, { connection: 'close' });
    return;
  }
  const text = decodeUtf8(body.bytes);
  const parsed: ParsedLine = text === undefined ? { kind: 'parse-error', message: PARSE_ERROR_MESSAGE } : parseLine(text);
  switch (parsed.kind) {
    case 'parse-error':
      replyError(res, 400, ErrorCode.ParseError, parsed.message);
      return;
    case 'notification':
    case 'response':
      // Nothing to answer; a cancel over HTTP is closing the request's own connection.
      replyEmpty(res, 202);
      return;
    case 'batch':
    case 'invalid':
      await dispatch(parsed, res, context.dispatcher(FALLBACK_REVISION), new ResponseChannel(res, { era: 'legacy', streamable: false }));
      return;
    case 'request': {
      const { id, method, params } = parsed.message;
      const plan = planRequest(req.headers, method, params);
      if (plan.kind === 'refuse') {
        replyJson(res, statusForReply(plan.error.code, plan.era), errorResponse(id, plan.error.code, plan.error.message, plan.error.data));
        return;
      }
      const channel = new ResponseChannel(res, { era: plan.era, streamable: acceptsEventStream(req.headers.accept) });
      await dispatch(parsed, res, context.dispatcher(plan.legacyRevision), channel);
    }
  }
}

async function dispatch(incoming: Exclude<ParsedLine, { kind: 'parse-error' }>, res: ServerResponse, dispatcher: McpServer, channel: ResponseChannel): Promise<void> {
  const onClose = (): void => {
    if (!channel.replied) dispatcher.abortAll();
  };
  res.on('close', onClose);
  try {
    await dispatcher.handle(incoming, channel);
  } finally {
    res.off('close', onClose);
    await channel.close();
  }
}

/** Whether the client said it reads `text/event-stream` (clients must list it beside JSON). */
function acceptsEventStream(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  return accept.split(',').some((part) => part.split(';')[0]?.trim().toLowerCase() === 'text/event-stream');
}
