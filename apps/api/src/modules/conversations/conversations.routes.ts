import { errorBodySchema } from '@comped/shared/error-codes';
import { pageCursorQuerySchema, pageQuerySchema } from '@comped/shared/paging';
import {
  conversationAnswerSchema,
  conversationListSchema,
  conversationReportSchema,
  messagePageSchema,
  messageResourceSchema,
} from '@comped/shared/schemas/conversations';
import { dataOf, pagedOf } from '@comped/shared/schemas/envelopes';
import {
  messagesQuerySchema,
  reportConversationSchema,
  sendMessageSchema,
} from '@comped/shared/validation/conversations';
import { dbId } from '@comped/shared/validation/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { currentUser, requireAuth } from '../../plugins/auth';
import { conversationFor } from './conversations.policy';
import { conversationResource, listConversations } from './list-conversations';
import { listMessages } from './list-messages';
import { markConversationRead } from './mark-conversation-read';
import { closeConversation, listReports } from './moderate-conversations';
import { reportConversation } from './report-conversation';
import { sendMessage } from './send-message';

const params = z.object({ id: dbId() });
/** The two sides of a conversation; staff read reported ones in the console only. */
const participants = requireAuth(['brands', 'influencer', 'journalist']);

/** Conversations (decisions.md, "Beyond the specification, round 3"): participants only, anyone else 404. */
export async function conversationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['conversations'];

  r.get(
    '/conversations',
    {
      onRequest: participants,
      schema: {
        tags,
        summary: "The caller's conversations, latest activity first (paged); meta.unread_total counts unread messages",
        querystring: pageCursorQuerySchema,
        response: { 200: conversationListSchema },
      },
    },
    async (request) => {
      const q = request.query;
      return listConversations(ctx.db, currentUser(request), {
        number: q['page[number]'],
        size: q['page[size]'],
        cursor: q['page[cursor]'],
      });
    },
  );

  r.get(
    '/conversations/:id',
    {
      onRequest: participants,
      schema: {
        tags,
        summary: 'One conversation, as the inbox lists it',
        params,
        response: { 200: conversationAnswerSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { conversation } = await conversationFor(ctx.db, user, request.params.id);
      return { data: await conversationResource(ctx.db, user, conversation.id) };
    },
  );

  r.get(
    '/conversations/:id/messages',
    {
      onRequest: participants,
      schema: {
        tags,
        summary: 'The newest 30 messages, oldest first; page[before]=ID pages back',
        params,
        querystring: messagesQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    async (request) => listMessages(ctx.db, currentUser(request), request.params.id, request.query['page[before]']),
  );

  r.post(
    '/conversations/:id/messages',
    {
      onRequest: participants,
      schema: {
        tags,
        summary: 'Sends a message (trimmed, 1 to 2,000 characters); 30 a minute per user',
        params,
        body: sendMessageSchema,
        // 409 conversation_closed: staff closed it.
        response: { 201: dataOf(messageResourceSchema), 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const message = await sendMessage(ctx, currentUser(request), request.params.id, request.body.body);
      return reply.code(201).send({ data: message });
    },
  );

  r.post(
    '/conversations/:id/read',
    {
      onRequest: participants,
      schema: { tags, summary: "Marks the caller's unread messages read", params, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await markConversationRead(ctx, currentUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/conversations/:id/report',
    {
      onRequest: participants,
      schema: {
        tags,
        summary: 'Flags the conversation for the Comped team, with a reason',
        params,
        body: reportConversationSchema,
        // 409 already_reported: this user reported it before.
        response: { 204: z.undefined(), 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await reportConversation(ctx, currentUser(request), request.params.id, request.body.reason);
      return reply.code(204).send();
    },
  );

  // ---------------------------------------------------------------- staff
  r.get(
    '/admin/reports',
    {
      onRequest: requireAuth('staff'),
      schema: {
        tags: ['staff'],
        summary: 'Reported conversations with their messages, newest report first (paged)',
        querystring: pageQuerySchema.extend({ 'filter[status]': z.enum(['open', 'closed']).default('open') }),
        response: { 200: pagedOf(conversationReportSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      return listReports(ctx, q['filter[status]'], { number: q['page[number]'], size: q['page[size]'] });
    },
  );

  r.post(
    '/admin/conversations/:id/close',
    {
      onRequest: requireAuth('staff'),
      schema: {
        tags: ['staff'],
        summary: 'Closes a conversation: it stays readable and takes no new messages',
        params,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await closeConversation(ctx, currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );
}
