import { errorBodySchema } from '@comped/shared/error-codes';
import { MSG } from '@comped/shared/messages';
import { dataOf } from '@comped/shared/schemas/envelopes';
import { paymentMethodCreatedSchema, webhookReceivedSchema } from '@comped/shared/schemas/payment-methods';
import { productsResponseSchema } from '@comped/shared/schemas/resources';
import {
  paymentAuthenticateSchema,
  subscriptionCheckoutResourceSchema,
  subscriptionPaymentResourceSchema,
  subscriptionStatusResourceSchema,
} from '@comped/shared/schemas/subscription-payments';
import { paymentMethodSchema, subscriptionCreateSchema } from '@comped/shared/validation/subscription';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';

import { appError } from '../../lib/app-error';
import { currentUser, requireAuth } from '../../plugins/auth';
import { BRAND_OWNER, brandRoles } from '../brands/brands.policy';
import { createSubscription } from './checkout';
import { createLocalPaymentMethod } from './local-provider';
import { paymentProviderOf } from './payment-provider-of';
import { authenticateLocalPayment, getPayment, toPaymentResource } from './payments';
import { listPlans } from './plans';
import { applyStripeEvent } from './provider-events';
import { StripePaymentProvider } from './stripe-provider';
import { subscriptionStatusOf } from './subscriptions.policy';

/** Plans, checkout and the payment provider's webhook (spec section 7, decisions.md "Money"). */
export async function subscriptionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subscriptions'];
  // Plans and payment are the owner's (brand teams); every member reads the status.
  const member = requireAuth('brands');
  const brandsOnly = [requireAuth('brands'), brandRoles(BRAND_OWNER)];
  const { payment } = app.ctx.config;

  // Public: the signup page shows the plan too.
  r.get(
    '/subscriptions/products',
    {
      schema: {
        tags,
        summary: 'The plans, and which card form the checkout page shows',
        response: { 200: productsResponseSchema },
      },
    },
    async () => ({
      data: await listPlans(app.ctx.db),
      meta: {
        provider: payment.provider,
        ...(payment.provider === 'stripe' && payment.stripePublishableKey
          ? { publishable_key: payment.stripePublishableKey }
          : {}),
      },
    }),
  );

  r.post(
    '/payment-methods',
    {
      schema: {
        tags,
        summary: 'Local provider only: check a card and keep its brand, last 4 and expiry (never the number)',
        body: paymentMethodSchema,
        response: { 201: dataOf(paymentMethodCreatedSchema) },
      },
      onRequest: brandsOnly,
    },
    async (request, reply) => {
      if (payment.provider !== 'local') throw appError('not_found');
      const user = currentUser(request);
      const pm = await createLocalPaymentMethod(app.ctx.db, user.id, request.body, app.ctx.clock.now());
      return reply.code(201).send({ data: pm });
    },
  );

  r.post(
    '/subscriptions',
    {
      schema: {
        tags,
        summary:
          'Subscribe to a plan: 201 when the first month is paid, 202 with the payment the card holder confirms (3-D Secure)',
        body: subscriptionCreateSchema,
        // 409 already_subscribed.
        response: {
          201: dataOf(subscriptionStatusResourceSchema),
          202: dataOf(subscriptionCheckoutResourceSchema),
          409: errorBodySchema,
        },
      },
      onRequest: brandsOnly,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const answer = await createSubscription(app.ctx, user, request.body);
      if (answer.code === 201) return reply.code(201).send({ data: answer.data });
      // The card holder confirms the first payment on the page (3-D Secure); not active yet.
      const payment = await toPaymentResource(app.ctx.db, answer.payment, answer.clientSecret);
      return reply.code(202).send({ data: { ...answer.data, payment } });
    },
  );

  const paymentParams = z.object({ paymentId: z.string().min(1).max(80) });
  const paymentAnswer = z.object({ data: subscriptionPaymentResourceSchema });

  r.get(
    '/subscriptions/payments/:paymentId',
    {
      schema: {
        tags,
        summary: 'A payment that waits for the card holder (3-D Secure): checkout, or a renewal mailed to confirm',
        params: paymentParams,
        response: { 200: paymentAnswer },
      },
      onRequest: brandsOnly,
    },
    async (request) => ({
      data: await getPayment(app.ctx, currentUser(request).id, request.params.paymentId),
    }),
  );

  r.post(
    '/subscriptions/payments/:paymentId/authenticate',
    {
      schema: {
        tags,
        summary: "Local provider only: the answer on the test 3-D Secure challenge (the bank's page)",
        params: paymentParams,
        body: paymentAuthenticateSchema,
        // 409 when the payment no longer waits, or the subscription is already active.
        response: { 200: paymentAnswer, 409: errorBodySchema },
      },
      onRequest: brandsOnly,
    },
    async (request) => {
      if (payment.provider !== 'local') throw appError('not_found');
      const user = currentUser(request);
      return {
        data: await authenticateLocalPayment(app.ctx, user.id, request.params.paymentId, request.body.result),
      };
    },
  );

  r.get(
    '/subscriptions/status',
    {
      schema: {
        tags,
        summary: "The signed-in brand's subscription status",
        response: { 200: dataOf(subscriptionStatusResourceSchema) },
      },
      onRequest: member,
    },
    async (request) => {
      const { status, planId } = await subscriptionStatusOf(app.ctx.db, currentUser(request));
      return { data: { status, plan_id: planId } };
    },
  );

  if (payment.provider === 'stripe') await app.register(stripeWebhook);
}

/**
 * `POST subscriptions/webhook`: the provider's signed events. The signature covers the exact bytes,
 * so this plugin alone keeps JSON bodies raw (the parser is scoped to it).
 */
async function stripeWebhook(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const secret = app.ctx.config.payment.stripeWebhookSecret ?? '';

  app.post(
    '/subscriptions/webhook',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "The payment provider's signed events (renewals, failures)",
        // 400 invalid_webhook: a bad signature or payload.
        response: { 200: webhookReceivedSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const provider = paymentProviderOf(app.ctx);
      if (!(provider instanceof StripePaymentProvider)) throw appError('not_found');
      const signature = request.headers['stripe-signature'];
      const raw = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(raw))
        throw appError('invalid_webhook', { message: MSG.webhookSignatureInvalid });
      let event: Stripe.Event;
      try {
        event = provider.stripe.webhooks.constructEvent(raw, signature, secret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError)
          throw appError('invalid_webhook', { message: MSG.webhookSignatureInvalid });
        throw appError('invalid_webhook', { message: MSG.webhookPayloadInvalid });
      }
      const result = await applyStripeEvent(app.ctx, event, provider);
      return { received: true, duplicate: result === 'duplicate' };
    },
  );
}
